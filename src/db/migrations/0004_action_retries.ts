// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/** Retries of unconfirmed outbound actions: when the next attempt is due, and who holds it until when. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('network_actions').addColumn('next_attempt_at', 'bigint').execute();
  await db.schema.alterTable('network_actions').addColumn('claimed_until', 'bigint').execute();
  await db.schema.createIndex('network_actions_due').on('network_actions').columns(['status', 'next_attempt_at']).execute();
}
