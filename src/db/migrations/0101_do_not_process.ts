// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/**
 * People a workspace erased on request (`person forget`): only a digest of their network id and
 * of their email, so the list names no one yet lets every engine recognise them and leave them
 * alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('do_not_process')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('do_not_process_pk', ['workspace_id', 'digest'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('do_not_process').execute();
}
