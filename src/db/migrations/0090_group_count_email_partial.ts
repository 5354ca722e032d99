// Frozen in time: never import application types here, never edit after release.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The exact total of a company or a post with a date range and an email filter, from an index
 * alone on PostgreSQL (migration 0088 did it for SQLite). PostgreSQL reads an index's expression
 * only to find entries, never instead of the row, so the email's presence cannot be an expression
 * column there; a partial index per email value holds it in its predicate instead, and a count
 * whose `contact_email is [not] null` matches that predicate is an index-only scan. The count of a
 * 78,000-lead post of the imported demo workspace read 66,783 rows, 213 ms; measured alternatives
 * in docs/leads-cold.md (Figures, "2026-11-29"). SQLite keeps migration 0088's indexes.
 */
const GROUPS = [
  ['company', 'company_id'],
  ['post', 'source_post_id'],
] as const;
const EMAIL = [
  ['email', sql`contact_email is not null`],
  ['no_email', sql`contact_email is null`],
] as const;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [group, column] of GROUPS) {
    for (const [suffix, predicate] of EMAIL) {
      await sql`create index ${sql.ref(`leads_${group}_count_${suffix}`)} on leads (workspace_id, ${sql.ref(column)}, status, created_at) where ${predicate}`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [group] of GROUPS) for (const [suffix] of EMAIL) await db.schema.dropIndex(`leads_${group}_count_${suffix}`).execute();
}
