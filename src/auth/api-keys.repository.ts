import type { DbOrTx } from '../db/database.js';
import type { ApiKeysTable } from './api-keys.table.js';

export function insertApiKey(db: DbOrTx, row: ApiKeysTable) {
  return db.insertInto('api_keys').values(row).execute();
}

export function findActiveKeyByHash(db: DbOrTx, keyHash: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'workspace_id'])
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
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
  return db.selectFrom('api_keys').select(['id', 'revoked_at']).where('id', '=', id).executeTakeFirst();
}
