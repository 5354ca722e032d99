// The stored answers of Idempotency-Key writes (http/idempotency.ts): a claim per workspace and
// key, taken before the act, then filled with the answer or released.
import type { DbOrTx } from '../db/database.js';
import type { IdempotencyKeysTable } from '../db/schema/idempotency.table.js';

export type StoredAnswer = Pick<IdempotencyKeysTable, 'request_hash' | 'created_at' | 'claimed_by' | 'status' | 'content_type' | 'body'>;

/** Takes the key for a request; false when a row for it exists already. */
export async function claimKey(db: DbOrTx, workspaceId: string, key: string, requestHash: string, claimedBy: string, now: number): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ workspace_id: workspaceId, idempotency_key: key, request_hash: requestHash, created_at: now, claimed_by: claimedBy, status: null, content_type: null, body: null })
    .onConflict((oc) => oc.columns(['workspace_id', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findKey(db: DbOrTx, workspaceId: string, key: string): Promise<StoredAnswer | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'created_at', 'claimed_by', 'status', 'content_type', 'body'])
    .where('workspace_id', '=', workspaceId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row ? { ...row, created_at: Number(row.created_at) } : null;
}

/**
 * Takes over a row that no longer counts (expired, or a claim abandoned by a crash) for a new
 * request, if it is still the row that was read (`seen`): of two racing takers, one wins.
 */
export async function retakeKey(db: DbOrTx, workspaceId: string, key: string, seen: Pick<StoredAnswer, 'created_at' | 'claimed_by'>, requestHash: string, claimedBy: string, now: number): Promise<boolean> {
  const updated = await db
    .updateTable('idempotency_keys')
    .set({ request_hash: requestHash, created_at: now, claimed_by: claimedBy, status: null, content_type: null, body: null })
    .where('workspace_id', '=', workspaceId)
    .where('idempotency_key', '=', key)
    .where('created_at', '=', seen.created_at)
    .where('claimed_by', '=', seen.claimed_by)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export async function storeAnswer(db: DbOrTx, workspaceId: string, key: string, answer: { status: number; contentType: string | null; body: string }): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status: answer.status, content_type: answer.contentType, body: answer.body })
    .where('workspace_id', '=', workspaceId)
    .where('idempotency_key', '=', key)
    .execute();
}

/** Lets the key be used again: the request failed without an answer worth replaying. */
export async function releaseKey(db: DbOrTx, workspaceId: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('workspace_id', '=', workspaceId).where('idempotency_key', '=', key).where('status', 'is', null).execute();
}

/** Deletes rows created before `before`, at most `limit` at a time; how many went. */
export async function deleteExpiredKeys(db: DbOrTx, before: number, limit: number): Promise<number> {
  const doomed = db.selectFrom('idempotency_keys').select(['workspace_id', 'idempotency_key']).where('created_at', '<', before).limit(limit);
  const result = await db
    .deleteFrom('idempotency_keys')
    .where((eb) => eb(eb.refTuple('workspace_id', 'idempotency_key'), 'in', doomed.$asTuple('workspace_id', 'idempotency_key')))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
