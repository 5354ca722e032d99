// Frozen in time: never import application types here, never edit after release.
// The sandbox network's own state: what a real network would hold on its side.
import type { Kysely } from 'kysely';

const ts = 'bigint'; // epoch milliseconds

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('sandbox_accounts')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('team_member_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_accounts_pk', ['workspace_id', 'team_member_id'])
    .execute();

  await s
    .createTable('sandbox_connections')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('team_member_id', 'text', (c) => c.notNull())
    .addColumn('contact_urn', 'text', (c) => c.notNull())
    .addColumn('since', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_connections_pk', ['workspace_id', 'team_member_id', 'contact_urn'])
    .execute();

  await s
    .createTable('sandbox_invitations')
    .addColumn('ref', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('team_member_id', 'text', (c) => c.notNull())
    .addColumn('contact_urn', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('sent_at', ts, (c) => c.notNull())
    .addColumn('accept_at', ts)
    .addColumn('withdrawn_at', ts)
    .execute();
  await s
    .createIndex('sandbox_invitations_pair')
    .on('sandbox_invitations')
    .columns(['workspace_id', 'team_member_id', 'contact_urn'])
    .execute();

  await s
    .createTable('sandbox_messages')
    .addColumn('ref', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('team_member_id', 'text', (c) => c.notNull())
    .addColumn('contact_urn', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sent_at', ts, (c) => c.notNull())
    .execute();
}

