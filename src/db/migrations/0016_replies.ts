// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/** Messages contacts sent to the team's accounts, once each, and when a campaign contact replied. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('replies')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('team_member_id', 'text', (c) => c.notNull())
    .addColumn('contact_urn', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('recorded_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('replies_pk', ['workspace_id', 'id'])
    .execute();
  await db.schema.createIndex('replies_member').on('replies').columns(['workspace_id', 'team_member_id', 'received_at']).execute();
  await db.schema.alterTable('campaign_contacts').addColumn('replied_at', 'bigint').execute();
}
