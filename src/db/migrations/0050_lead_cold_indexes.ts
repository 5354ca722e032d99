// Frozen in time: never import application types here, never edit after release.
import { sql, type Kysely } from 'kysely';

/** 16 days in milliseconds: the width of a created_at bucket (docs/leads-cold.md). */
const BUCKET_MS = 1_382_400_000;
const KEYS = { touch: 'last_engagement_dt', score: 'engagement_score' } as const;

/**
 * A date range sorted by last touch or engagement is walked bucket by bucket: each 16-day bucket
 * of created_at is its own sorted run of (key, id), read up to a page each and merged, so no page
 * skips leads outside the range, however the key and the creation date are correlated. created_at
 * and status follow in the index so the range's edges and the status are checked without reading
 * the row. The count indexes answer the exact total of a company or a post (with a status and a
 * date range) from the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [short, key] of Object.entries(KEYS)) {
    await sql`create index ${sql.ref(`leads_bucket_${short}`)} on leads (workspace_id, (created_at / ${sql.lit(BUCKET_MS)}), ${sql.ref(key)}, id, created_at, status)`.execute(db);
  }
  await db.schema.createIndex('leads_company_count').on('leads').columns(['workspace_id', 'company_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('leads_post_count').on('leads').columns(['workspace_id', 'source_post_id', 'status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['leads_post_count', 'leads_company_count', 'leads_bucket_score', 'leads_bucket_touch']) await db.schema.dropIndex(name).execute();
}
