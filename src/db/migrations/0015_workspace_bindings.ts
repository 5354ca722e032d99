// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/**
 * Each workspace's own network and enrichment vendor (no row: none), and the provider every
 * outbound action was recorded for, so a retry never reaches another provider. Actions recorded
 * before this migration all went to the sandbox, the only provider there was.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('workspace_bindings')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('credentials', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('workspace_bindings_pk', ['workspace_id', 'service'])
    .execute();
  await db.schema.alterTable('network_actions').addColumn('provider', 'text').execute();
  await db.updateTable('network_actions').set({ provider: 'sandbox' }).execute();
}
