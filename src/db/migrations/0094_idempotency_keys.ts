// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/**
 * The answers to writes sent with an Idempotency-Key, per workspace: a retry with the same key
 * and request replays the stored answer instead of acting again. A row without a status is a
 * request still in flight. The worker deletes rows past their 24 hours (created_at index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    // No foreign key: on PostgreSQL its check would take a share lock on the workspace's row, and a
    // claim would wait behind every write holding the workspace (a fold) before the act even starts.
    // Rows of a workspace gone are deleted with the others, after 24 hours.
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    // sha256 of the method, path and body: the same key with another request is refused.
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // The process that claimed the key (host|pid|nonce): a claim of a process gone is abandoned.
    .addColumn('claimed_by', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('body', 'text')
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['workspace_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
