// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/**
 * The lead drawer's "why" reads a lead's engagement events (0009 dropped the index when nothing
 * did). One lookup per drawer opening would otherwise scan the workspace's every event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('engagement_events_by_lead').on('engagement_events').columns(['workspace_id', 'lead_id', 'at']).execute();
}
