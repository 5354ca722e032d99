// Frozen in time: never import application types here, never edit after release.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A date range sorted by touch or engagement with an email filter, on PostgreSQL: each bucket's
 * run read migration 0050's bucket index and looked up the email of every entry the status and the
 * range kept by primary key, a page deep per bucket, so a two-year range (44 buckets) cost about
 * 2,200 look-ups a page: 62–97 ms on the bench's data at 1M leads, the slowest pages of either
 * sweep (docs/leads-cold.md, Figures, "2026-11-29, evening: a date range with an email filter").
 * PostgreSQL reads an index's expression only to find entries, so the email's presence is held in
 * the predicate of a partial bucket index per email value (as migration 0090 did for the count
 * indexes): a run whose `contact_email is [not] null` matches it is read from that index alone,
 * 16–21 ms. The cost: 147 MB at 1M leads and one more index per key on each lead write. SQLite
 * merges its runs as it reads them (about a page of look-ups in all) and keeps migration 0050's.
 */
const BUCKET_MS = 1_382_400_000;
const KEYS = { touch: 'last_engagement_dt', score: 'engagement_score' } as const;
const EMAIL = [
  ['email', sql`contact_email is not null`],
  ['no_email', sql`contact_email is null`],
] as const;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [short, key] of Object.entries(KEYS)) {
    for (const [suffix, predicate] of EMAIL) {
      await sql`create index ${sql.ref(`leads_bucket_${short}_${suffix}`)} on leads (workspace_id, (created_at / ${sql.lit(BUCKET_MS)}), ${sql.ref(key)}, id, created_at, status) where ${predicate}`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const short of Object.keys(KEYS)) for (const [suffix] of EMAIL) await db.schema.dropIndex(`leads_bucket_${short}_${suffix}`).execute();
}
