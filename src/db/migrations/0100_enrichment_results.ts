// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/**
 * What each person's enrichment gave in a workspace (the vendors' cache): a person's result is
 * bought once, kept with its date, and a person with no usable email is asked again only from
 * `reask_at` (the workspace's re-ask period). Beside it, each vendor's last fault per workspace
 * (a bad key, a refusal), which `enrichment status` shows the operator.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('enrichment_results')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('person', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('vendor', 'text')
    .addColumn('asked_at', 'bigint', (c) => c.notNull())
    .addColumn('reask_at', 'bigint')
    .addPrimaryKeyConstraint('enrichment_results_pk', ['workspace_id', 'person'])
    .execute();
  await db.schema.createIndex('enrichment_results_reask').on('enrichment_results').columns(['reask_at']).execute();
  await db.schema
    .createTable('enrichment_vendor_faults')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('fault', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('enrichment_vendor_faults_pk', ['workspace_id', 'vendor'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('enrichment_vendor_faults').execute();
  await db.schema.dropTable('enrichment_results').execute();
}
