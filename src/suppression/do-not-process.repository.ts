// Queries of the do-not-process list (migration 0101): digests of the people a workspace erased.
import type { DbOrTx } from '../db/database.js';
import { prepared } from '../db/prepared.js';

const listDigestsQuery = prepared((db, p: { workspaceId: string }) => db.selectFrom('do_not_process').select('digest').where('workspace_id', '=', p.workspaceId));

/** Prepared: ingestion and outreach load the list as often as the suppression list. */
export async function listDoNotProcess(db: DbOrTx, workspaceId: string): Promise<string[]> {
  return (await listDigestsQuery(db, { workspaceId })).rows.map((r) => r.digest);
}

export async function addDoNotProcess(db: DbOrTx, workspaceId: string, digests: readonly string[], at: number): Promise<void> {
  if (digests.length === 0) return;
  await db
    .insertInto('do_not_process')
    .values(digests.map((digest) => ({ workspace_id: workspaceId, digest, created_at: at })))
    .onConflict((oc) => oc.columns(['workspace_id', 'digest']).doNothing())
    .execute();
}
