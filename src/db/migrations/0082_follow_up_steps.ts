// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/**
 * Follow-up sequences: how many of its campaign's follow-up steps a contact has been sent
 * (0: none yet), so the next step is picked, keyed and timed from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('campaign_contacts').addColumn('follow_up_step', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('campaign_contacts').dropColumn('follow_up_step').execute();
}
