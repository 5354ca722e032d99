// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/**
 * A company's or a post's leads sorted by last touch or engagement, with a date range or a status:
 * the page walks the company's (post's) (key, id) index and keeps the leads the filters match. With
 * created_at and status in the index, each entry is checked there instead of reading its lead's
 * row: a range that keeps few of a large company's leads (an imported demo workspace has 36
 * companies of ≈ 28,000 leads each) read every skipped lead's row, 430 ms for one empty page at 1M
 * leads (docs/leads-cold.md, "A company or a post with dates").
 */
const INDEXES = [
  ['company', 'company_id'],
  ['post', 'source_post_id'],
].flatMap(([short, filter]) => [
  [`leads_${short}_touch`, filter!, 'last_engagement_dt'],
  [`leads_${short}_score`, filter!, 'engagement_score'],
]);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, filter, key] of INDEXES) {
    await db.schema.dropIndex(name!).execute();
    await db.schema.createIndex(name!).on('leads').columns(['workspace_id', filter!, key!, 'id', 'created_at', 'status']).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, filter, key] of INDEXES) {
    await db.schema.dropIndex(name!).execute();
    await db.schema.createIndex(name!).on('leads').columns(['workspace_id', filter!, key!, 'id']).execute();
  }
}
