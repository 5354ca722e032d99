// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/** A campaign's contacts in enrolment order: the first ones of each campaign of a list page, read as a range. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('campaign_contacts_order').on('campaign_contacts').columns(['workspace_id', 'campaign_id', 'created_at', 'id']).execute();
}
