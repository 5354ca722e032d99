// Frozen in time: never import application types here, never edit after release.
import { sql, type Kysely } from 'kysely';

/**
 * Lead totals in O(log n) counter rows (docs/leads-total.md):
 *
 * - lead_counts gains `span`: beside each created day (span 1) a lead is counted in its 16-day and
 *   256-day blocks (`day` is the block's first day) and in the all-time row (span 0, day 0, which
 *   replaces 0002's day -1, a day a lead created on 1969-12-31 also had). Any range of days is then
 *   at most 15 days and 15 blocks of 16 at each end plus the 256-day blocks between: ≤ 63 rows per
 *   status × email pair, where 0002's rows were one per day (730 for two years).
 * - lead_company_counts and lead_post_counts: per company (post) × status × email presence, so a
 *   company or post filter without dates sums ≤ 6 rows (3 visible statuses × email) instead of
 *   counting the company's leads.
 *
 * The application keeps them in each writing transaction (src/leads/lead-counts.ts); this fills
 * them from the leads already there. Days are floor(created_at / 1 day), also before 1970.
 */
const DAY_MS = 86_400_000;
const floorDiv = (x: string, n: number) => `((${x} - ((${x} % ${n}) + ${n}) % ${n}) / ${n})`;
const ENRICHED = `case when contact_email is null then 0 else 1 end`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lead_counts').execute();
  await db.schema
    .createTable('lead_counts')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('span', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('enriched', 'integer', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lead_counts_pk', ['workspace_id', 'status', 'span', 'day', 'enriched'])
    .execute();
  for (const [table, key, type] of [['lead_company_counts', 'company_id', 'bigint'], ['lead_post_counts', 'post_id', 'text']] as const) {
    await db.schema
      .createTable(table)
      .addColumn('workspace_id', 'text', (c) => c.notNull())
      .addColumn(key, type, (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('enriched', 'integer', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['workspace_id', key, 'status', 'enriched'])
      .execute();
  }
  // The leads already there.
  await sql.raw(`INSERT INTO lead_counts (workspace_id, status, span, day, enriched, count)
    SELECT workspace_id, status, 1, ${floorDiv('created_at', DAY_MS)}, ${ENRICHED}, count(*) FROM leads
    GROUP BY workspace_id, status, ${floorDiv('created_at', DAY_MS)}, ${ENRICHED}`).execute(db);
  for (const span of [16, 256]) {
    await sql.raw(`INSERT INTO lead_counts (workspace_id, status, span, day, enriched, count)
      SELECT workspace_id, status, ${span}, ${floorDiv('day', span)} * ${span}, enriched, sum(count) FROM lead_counts WHERE span = 1
      GROUP BY workspace_id, status, ${floorDiv('day', span)} * ${span}, enriched`).execute(db);
  }
  await sql.raw(`INSERT INTO lead_counts (workspace_id, status, span, day, enriched, count)
    SELECT workspace_id, status, 0, 0, enriched, sum(count) FROM lead_counts WHERE span = 1 GROUP BY workspace_id, status, enriched`).execute(db);
  await sql.raw(`INSERT INTO lead_company_counts (workspace_id, company_id, status, enriched, count)
    SELECT workspace_id, company_id, status, ${ENRICHED}, count(*) FROM leads WHERE company_id IS NOT NULL
    GROUP BY workspace_id, company_id, status, ${ENRICHED}`).execute(db);
  await sql.raw(`INSERT INTO lead_post_counts (workspace_id, post_id, status, enriched, count)
    SELECT workspace_id, source_post_id, status, ${ENRICHED}, count(*) FROM leads WHERE source_post_id IS NOT NULL
    GROUP BY workspace_id, source_post_id, status, ${ENRICHED}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lead_post_counts').execute();
  await db.schema.dropTable('lead_company_counts').execute();
  await db.schema.dropTable('lead_counts').execute();
  await db.schema
    .createTable('lead_counts')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('enriched', 'integer', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lead_counts_pk', ['workspace_id', 'status', 'day', 'enriched'])
    .execute();
  await sql.raw(`INSERT INTO lead_counts (workspace_id, status, day, enriched, count)
    SELECT workspace_id, status, created_at / ${DAY_MS}, ${ENRICHED}, count(*) FROM leads GROUP BY workspace_id, status, created_at / ${DAY_MS}, ${ENRICHED}`).execute(db);
  await sql.raw(`INSERT INTO lead_counts (workspace_id, status, day, enriched, count)
    SELECT workspace_id, status, -1, enriched, sum(count) FROM lead_counts GROUP BY workspace_id, status, enriched`).execute(db);
}
