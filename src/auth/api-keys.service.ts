import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { UsageError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { toIso } from '../shared/time.js';
import { findWorkspace } from '../workspace/workspace.repository.js';
import { OPERATOR, recordActivity, type Actor } from '../workspace/activity.service.js';
import * as repo from './api-keys.repository.js';

// Keys carry 256 random bits, so a fast hash is enough to make the stored form useless to a
// thief (no password stretching needed), and lookups stay one indexed read per request.
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key, written with its activity entry (who made it; its id and name, never the key). */
export async function createApiKey(db: Db, clock: Clock, workspaceId: string, name: string | null, actor: Actor = OPERATOR) {
  if (!(await findWorkspace(db, workspaceId))) throw new UsageError(`no workspace with id ${workspaceId}`);
  const key = `wl_${randomBytes(32).toString('base64url')}`;
  const id = newId('key');
  await db.transaction().execute(async (tx) => {
    await repo.insertApiKey(tx, {
      id,
      workspace_id: workspaceId,
      name,
      key_hash: hashApiKey(key),
      key_prefix: key.slice(0, 9),
      created_at: clock.now(),
      revoked_at: null,
    });
    await recordActivity(tx, clock, workspaceId, actor, { action: 'api_key.created', subject: id, details: { name, prefix: key.slice(0, 9) } });
  });
  return { id, key };
}

/**
 * The workspace a presented key belongs to, with its data version (WorkspacesTable.data_version)
 * as the key was looked up, or null for an unknown or revoked key.
 */
export async function authenticateApiKey(db: Db, key: string): Promise<{ keyId: string; workspaceId: string; dataVersion: number } | null> {
  const row = await repo.findActiveKeyByHash(db, hashApiKey(key));
  return row ? { keyId: row.id, workspaceId: row.workspace_id, dataVersion: Number(row.data_version) } : null;
}

export async function listApiKeys(db: Db, workspaceId?: string) {
  const rows = await repo.listApiKeys(db, workspaceId);
  return rows.map((r) => ({
    id: r.id,
    workspace_id: r.workspace_id,
    name: r.name,
    prefix: r.key_prefix,
    created_at: toIso(r.created_at),
    revoked_at: toIso(r.revoked_at),
  }));
}

export async function revokeApiKey(db: Db, clock: Clock, id: string, actor: Actor = OPERATOR): Promise<void> {
  const key = await repo.findApiKey(db, id);
  if (!key) throw new UsageError(`no API key with id ${id}`);
  await db.transaction().execute(async (tx) => {
    if (await repo.revokeApiKey(tx, id, clock.now())) await recordActivity(tx, clock, key.workspace_id, actor, { action: 'api_key.revoked', subject: id, details: { name: key.name } });
  });
}
