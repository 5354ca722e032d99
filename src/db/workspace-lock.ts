// One lock order for every transaction that writes a workspace's leads on PostgreSQL: the
// workspace's row first, then leads, their counters and history. Each such write also bumps
// workspaces.data_version (a trigger, migration 0008), so a transaction that took a lead or a
// counter before the workspace row could deadlock with one holding the row and wanting the lead:
// a PATCH against an ingestion fold did, and answered 500. SQLite has one writer at a time.
import type { Transaction } from 'kysely';
import type { Database, Db, DbOrTx } from './database.js';
import { isPostgres } from './dialect.js';

/** A transaction that writes the workspace's leads: it holds the workspace's row from its first statement to its end. */
export function workspaceTransaction<T>(db: Db, workspaceId: string, work: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    if (isPostgres(tx)) await tx.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forUpdate().execute();
    return work(tx);
  });
}

/**
 * Runs a write that needs no transaction of its own (one statement) after the workspace's lock:
 * in a workspace transaction on PostgreSQL; as it is on SQLite, where a transaction held across
 * awaits would make a second connection of the same process wait out its busy timeout.
 */
export function writeAfterWorkspaceLock<T>(db: Db, workspaceId: string, write: (q: DbOrTx) => Promise<T>): Promise<T> {
  return isPostgres(db) ? workspaceTransaction(db, workspaceId, write) : write(db);
}
