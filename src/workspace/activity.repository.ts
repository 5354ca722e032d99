// The activity log's rows (migration 0095): written beside each administrative act, read newest first.
import type { DbOrTx } from '../db/database.js';
import type { ActivityLogTable } from '../db/schema/activity.table.js';

export function insertActivity(db: DbOrTx, row: ActivityLogTable) {
  return db.insertInto('activity_log').values(row).execute();
}

/** A workspace's entries, newest first, after (older than) the keyset position `before` when given. */
export function listActivity(db: DbOrTx, workspaceId: string, limit: number, before: { at: number; id: string } | null) {
  let q = db.selectFrom('activity_log').selectAll().where('workspace_id', '=', workspaceId);
  if (before) q = q.where((eb) => eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]));
  return q.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Deletes entries older than `before`, at most `limit` at a time; how many went. */
export async function deleteActivityBefore(db: DbOrTx, before: number, limit: number): Promise<number> {
  const doomed = db.selectFrom('activity_log').select('id').where('at', '<', before).limit(limit);
  const result = await db.deleteFrom('activity_log').where('id', 'in', doomed).executeTakeFirst();
  return Number(result.numDeletedRows);
}
