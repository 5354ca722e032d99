// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/**
 * Inbound webhooks of a workspace bound to Unipile: its hook (the id in the URL Unipile calls and
 * the secret it sends back, sealed because it must be read back to be given to Unipile), and the
 * inbox where each delivery is stored once, by its event key, until the worker applies it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unipile_hooks')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('hook_id', 'text', (c) => c.notNull().unique())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('public_url', 'text')
    .addColumn('webhook_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('unipile_inbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('hook_id', 'text', (c) => c.notNull())
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('processed_at', 'bigint')
    .addColumn('outcome', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('claimed_until', 'bigint')
    .addUniqueConstraint('unipile_inbox_event', ['workspace_id', 'event_key'])
    .execute();
  await db.schema.createIndex('unipile_inbox_waiting').on('unipile_inbox').columns(['processed_at', 'received_at']).execute();
}
