// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/** Nothing reads engagement events by lead; the index only slowed every fold down. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('engagement_events_lead').execute();
}
