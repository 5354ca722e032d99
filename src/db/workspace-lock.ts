// One lock order for every transaction that writes a workspace's leads on PostgreSQL: the
// workspace's row first, then leads, their counters and history. Each such write also bumps
// workspaces.data_version (a trigger, migration 0008), so a transaction that took a lead or a
// counter before the workspace row could deadlock with one holding the row and wanting the lead:
// a PATCH against an ingestion fold did, and answered 500. SQLite has one writer at a time.
import type { Db, DbOrTx } from './database.js';
import { isPostgres } from './dialect.js';

/** Holds the workspace's row until the transaction ends; call first in a transaction that writes its leads. */
export async function lockWorkspace(tx: DbOrTx, workspaceId: string): Promise<void> {
  if (isPostgres(tx)) await tx.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forUpdate().execute();
}

/**
 * Runs a write that needs no transaction of its own (one statement) after the workspace's lock:
 * in a transaction on PostgreSQL; as it is on SQLite, where a transaction held across awaits would
 * make a second connection of the same process wait out its busy timeout.
 */
export async function writeAfterWorkspaceLock<T>(db: Db, workspaceId: string, write: (q: DbOrTx) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return write(db);
  return db.transaction().execute(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    return write(tx);
  });
}
