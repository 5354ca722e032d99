// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/**
 * A linked account's own profile urn, when the workspace brought one (an adopted snapshot), and
 * the messages contacts sent to accounts beyond the seeded replies (a test's or operator's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_accounts').addColumn('urn', 'text').execute();
  await db.schema
    .createTable('sandbox_replies')
    .addColumn('ref', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('team_member_id', 'text', (c) => c.notNull())
    .addColumn('contact_urn', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_replies_account').on('sandbox_replies').columns(['workspace_id', 'team_member_id', 'sent_at']).execute();
}
