// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/**
 * A real account's budget, kept in the database so that every process (serve, each worker) spends
 * one budget and a restart forgets nothing: what each account used per UTC day and kind (profile
 * look-ups, invitations, messages, withdrawals, and the refusals), when it may act next (the
 * spacing between acting calls) and until when the network itself asked to be left alone (a 429's
 * Retry-After). Beside it, the relations each account's own list gave (connection state without a
 * profile look-up), and each person's profile look-up of the workspace: when it was last made, and
 * the people waiting for one (a sync that met an empty budget defers them, oldest first).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('network_budget_use')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('network_budget_use_pk', ['workspace_id', 'account_id', 'day', 'kind'])
    .execute();
  await db.schema
    .createTable('network_account_pacing')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('next_act_at', 'bigint', (c) => c.notNull())
    .addColumn('blocked_until', 'bigint', (c) => c.notNull())
    .addColumn('relations_synced_at', 'bigint')
    .addPrimaryKeyConstraint('network_account_pacing_pk', ['workspace_id', 'account_id'])
    .execute();
  await db.schema
    .createTable('network_relations')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('contact_urn', 'text', (c) => c.notNull())
    .addColumn('connected_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('network_relations_pk', ['workspace_id', 'account_id', 'contact_urn'])
    .execute();
  await db.schema
    .createTable('profile_lookups')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('contact_urn', 'text', (c) => c.notNull())
    // The member whose sync met the person: that member's account spends the look-up.
    .addColumn('team_member_id', 'text', (c) => c.notNull())
    // Since when the person waits for a look-up (null: not waiting); the oldest go first.
    .addColumn('waiting_since', 'bigint')
    // When the last look-up was made (null: never)
    .addColumn('looked_up_at', 'bigint')
    // FOUND | NOT_FOUND (a deleted profile: never asked again by a sync)
    .addColumn('outcome', 'text')
    .addPrimaryKeyConstraint('profile_lookups_pk', ['workspace_id', 'contact_urn'])
    .execute();
  await db.schema.createIndex('profile_lookups_waiting').on('profile_lookups').columns(['workspace_id', 'team_member_id', 'waiting_since']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['profile_lookups', 'network_relations', 'network_account_pacing', 'network_budget_use']) await db.schema.dropTable(table).execute();
}
