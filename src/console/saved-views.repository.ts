// A member's saved views of the leads page (migration 0104).
import type { Db } from '../db/database.js';

export function listSavedViews(db: Db, workspaceId: string, memberId: string) {
  return db.selectFrom('console_saved_views').select(['id', 'name', 'query']).where('workspace_id', '=', workspaceId).where('member_id', '=', memberId).orderBy('name').execute();
}

export function countSavedViews(db: Db, workspaceId: string, memberId: string) {
  return db.selectFrom('console_saved_views').select((eb) => eb.fn.countAll<number>().as('n')).where('workspace_id', '=', workspaceId).where('member_id', '=', memberId).executeTakeFirstOrThrow();
}

/** Saves the view, or gives the member's view of that name the new query. */
export async function saveView(db: Db, row: { workspace_id: string; id: string; member_id: string; name: string; query: string; created_at: number }) {
  await db.insertInto('console_saved_views').values(row).onConflict((oc) => oc.columns(['workspace_id', 'member_id', 'name']).doUpdateSet({ query: row.query })).execute();
  return db.selectFrom('console_saved_views').select(['id', 'name', 'query']).where('workspace_id', '=', row.workspace_id).where('member_id', '=', row.member_id).where('name', '=', row.name).executeTakeFirstOrThrow();
}

export async function deleteSavedView(db: Db, workspaceId: string, memberId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('console_saved_views').where('workspace_id', '=', workspaceId).where('member_id', '=', memberId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
