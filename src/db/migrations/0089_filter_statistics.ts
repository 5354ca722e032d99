// Frozen in time: never import application types here, never edit after release.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Statistics (PostgreSQL 14+) on the expressions the lead list compares a filter on when another
 * index drives the page: `status || ''`, `created_at + 0` and `source_post_id || ''`
 * (leads-page.query.ts, keyset.ts). Without them PostgreSQL assumes an equality keeps 0.5 % of the
 * entries and a two-sided range 0.5 % too, so it expected a date range with a status to keep a few
 * dozen of a full bucket's entries, and read each bucket whole (a bitmap scan and a sort) instead of
 * walking the bucket's index for a page: 1.1–1.7 s a page on the imported demo workspace's
 * 200,000-lead buckets, 6–21 ms with the statistics (docs/leads-cold.md, Figures, "2026-11-29").
 * They are statistics only: no index and no row changes. ANALYZE fills them now (1.2 s at 1M
 * leads) rather than at autovacuum's next visit; SQLite keeps no statistics, so nothing there.
 */
const EXPRESSIONS = [
  ['leads_status_text', sql`(status || '')`],
  ['leads_created_number', sql`(created_at + 0)`],
  ['leads_post_text', sql`(source_post_id || '')`],
] as const;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [name, expression] of EXPRESSIONS) await sql`create statistics ${sql.ref(name)} on ${expression} from leads`.execute(db);
  await sql`analyze leads`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [name] of EXPRESSIONS) await sql`drop statistics ${sql.ref(name)}`.execute(db);
}
