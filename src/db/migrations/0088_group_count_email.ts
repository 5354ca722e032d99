// Frozen in time: never import application types here, never edit after release.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The exact total of a company or a post with a date range and an email filter, from the index
 * alone on SQLite. The count indexes (migration 0050) hold the status and created_at, not the email,
 * so `email_enriched` made the count read the row of every lead of the company or post in the range:
 * 300–420 ms for a 78,000-lead post of the imported demo workspace at 1M leads, on every page.
 * With the email's presence as the index's last column (an expression, which SQLite reads from the
 * index when the count compares it), 5–6 ms. PostgreSQL is left as it was: it reads an expression
 * column of an index only to find entries, never instead of the row, so the count would still read
 * every row (docs/leads-cold.md, Figures, "2026-11-28, a sweep").
 */
const INDEXES = [
  ['leads_company_count', 'company_id'],
  ['leads_post_count', 'source_post_id'],
] as const;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const [name, filter] of INDEXES) {
    await db.schema.dropIndex(name).execute();
    await sql`create index ${sql.ref(name)} on leads (workspace_id, ${sql.ref(filter)}, status, created_at, (contact_email is not null))`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const [name, filter] of INDEXES) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on('leads').columns(['workspace_id', filter, 'status', 'created_at']).execute();
  }
}
