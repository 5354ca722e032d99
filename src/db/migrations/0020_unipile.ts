// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/**
 * What a workspace bound to Unipile keeps: which Unipile account acts for each team member, the
 * exactly-once ledger of sends (the intent written before the call, Unipile's reference after),
 * and the outcome of the provider's calls by kind, for `network status`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unipile_accounts')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('team_member_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('linked_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('unipile_accounts_pk', ['workspace_id', 'team_member_id'])
    .execute();
  await db.schema.createIndex('unipile_accounts_account').on('unipile_accounts').columns(['workspace_id', 'account_id']).execute();
  await db.schema
    .createTable('unipile_send_ledger')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('intended_at', 'bigint', (c) => c.notNull())
    .addColumn('ref', 'text')
    .addPrimaryKeyConstraint('unipile_send_ledger_pk', ['workspace_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createTable('network_call_outcomes')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('calls', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addColumn('last_message', 'text')
    .addPrimaryKeyConstraint('network_call_outcomes_pk', ['workspace_id', 'outcome'])
    .execute();
}
