// Frozen in time: never import application types here, never edit after release.
// The sandbox network's own state: what a real network would hold on its side. `if not exists`:
// databases made before the sandbox had its own migration set already hold these tables.
import type { Kysely } from 'kysely';

const ts = 'bigint'; // epoch milliseconds

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('sandbox_accounts')
    .ifNotExists()
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('team_member_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_accounts_pk', ['workspace_id', 'team_member_id'])
    .execute();

  await s
    .createTable('sandbox_connections')
    .ifNotExists()
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('team_member_id', 'text', (c) => c.notNull())
    .addColumn('contact_urn', 'text', (c) => c.notNull())
    .addColumn('since', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_connections_pk', ['workspace_id', 'team_member_id', 'contact_urn'])
    .execute();

  await s
    .createTable('sandbox_invitations')
    .ifNotExists()
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
  // "Pending invitations of this account" (newest first) and "sent in the last 24 hours" each
  // from an index, without reading every invitation the account ever sent; the pair index covers
  // what is asked about one person. (Product migration 0010 made these on older databases.)
  await s
    .createIndex('sandbox_invitations_pair')
    .ifNotExists()
    .on('sandbox_invitations')
    .columns(['workspace_id', 'team_member_id', 'contact_urn', 'withdrawn_at', 'accept_at'])
    .execute();
  await s
    .createIndex('sandbox_invitations_live')
    .ifNotExists()
    .on('sandbox_invitations')
    .columns(['workspace_id', 'team_member_id', 'withdrawn_at', 'accept_at', 'sent_at', 'contact_urn', 'ref'])
    .execute();
  await s.createIndex('sandbox_invitations_sent').ifNotExists().on('sandbox_invitations').columns(['workspace_id', 'team_member_id', 'sent_at']).execute();

  await s
    .createTable('sandbox_messages')
    .ifNotExists()
    .addColumn('ref', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('team_member_id', 'text', (c) => c.notNull())
    .addColumn('contact_urn', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sent_at', ts, (c) => c.notNull())
    .execute();
}

