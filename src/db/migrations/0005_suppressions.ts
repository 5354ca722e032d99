// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/** A workspace's suppression list: companies (slug or id) and email domains it never prospects. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('suppressions')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('suppressions_pk', ['workspace_id', 'kind', 'value'])
    .execute();
}
