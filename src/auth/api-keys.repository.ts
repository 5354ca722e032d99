import type { DbOrTx } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import type { ApiKeysTable } from '../db/schema/api-keys.table.js';

export function insertApiKey(db: DbOrTx, row: ApiKeysTable) {
  return db.insertInto('api_keys').values(row).execute();
}

// Prepared (db/prepared.ts): every API request runs it, and building it cost more than running it.
// It reads the workspace's data version too, the page cache's key (docs/page-cache.md): a list
// request then makes one statement before its page instead of two.
const findActiveKeyQuery = prepared((db, p: { keyHash: string }) =>
  db
    .selectFrom('api_keys')
    .innerJoin('workspaces', 'workspaces.id', 'api_keys.workspace_id')
    .select(['api_keys.id', 'api_keys.workspace_id', 'workspaces.data_version'])
    .where('api_keys.key_hash', '=', p.keyHash)
    .where('api_keys.revoked_at', 'is', null),
);

/** A key opens only a workspace that exists (foreign keys may have been off when one was removed). */
export async function findActiveKeyByHash(db: DbOrTx, keyHash: string) {
  return (await findActiveKeyQuery(db, { keyHash })).rows[0];
}

export function listApiKeys(db: DbOrTx, workspaceId?: string) {
  let q = db.selectFrom('api_keys').select(['id', 'workspace_id', 'name', 'key_prefix', 'created_at', 'revoked_at']);
  if (workspaceId) q = q.where('workspace_id', '=', workspaceId);
  return q.orderBy('created_at').orderBy('id').execute();
}

export async function revokeApiKey(db: DbOrTx, id: string, at: number): Promise<boolean> {
  const result = await db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findApiKey(db: DbOrTx, id: string) {
  return db.selectFrom('api_keys').select(['id', 'workspace_id', 'name', 'revoked_at']).where('id', '=', id).executeTakeFirst();
}
