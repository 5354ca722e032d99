// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/**
 * A member's saved views of the console's leads page: a name and the page's URL query (filters,
 * search, sort). Each member sees only their own; a name is unique per member (saving it again
 * replaces the query).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('console_saved_views')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('console_saved_views_pk', ['workspace_id', 'id'])
    .addUniqueConstraint('console_saved_views_name', ['workspace_id', 'member_id', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('console_saved_views').execute();
}
