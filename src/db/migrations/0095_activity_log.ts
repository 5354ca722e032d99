// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/**
 * Who did what to a workspace's administration, written in the transaction of the act: when,
 * the actor (a console member, an API key, or the operator's CLI), the action, what it acted on
 * and a few details (never a secret). Read newest first; deleted past the retention by the worker.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activity_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    // member | api_key | operator
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    // The member's or the key's id; null for the operator.
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    // A JSON object.
    .addColumn('details', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activity_log_newest').on('activity_log').columns(['workspace_id', 'at', 'id']).execute();
  await db.schema.createIndex('activity_log_at').on('activity_log').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('activity_log').execute();
}
