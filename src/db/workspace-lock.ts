// One lock order for every transaction that writes a workspace's leads on PostgreSQL: the
// workspace's row first, then leads, their counters and history. Each such write also bumps
// workspaces.data_version (a trigger, migration 0008), so a transaction that took a lead or a
// counter before the workspace row could deadlock with one holding the row and wanting the lead:
// a PATCH against an ingestion fold did, and answered 500. SQLite has one writer at a time.
import type { DbOrTx } from './database.js';
import { isPostgres } from './dialect.js';

/** Holds the workspace's row until the transaction ends; call first in a transaction that writes its leads. */
export async function lockWorkspace(tx: DbOrTx, workspaceId: string): Promise<void> {
  if (isPostgres(tx)) await tx.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forUpdate().execute();
}
