// Which contacts each team member tracks (their posts make the tracked-contacts feed), and the
// workspace's known contacts to choose from.
import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';

export function findContact(db: DbOrTx, workspaceId: string, urn: string) {
  return db.selectFrom('contacts').select('urn').where('workspace_id', '=', workspaceId).where('urn', '=', urn).executeTakeFirst();
}

const contactFields = ['contacts.urn', 'contacts.first_name', 'contacts.last_name', 'contacts.headline', 'contacts.username'] as const;

/** Contacts whose name, username or headline contains `text` (any case), by name. */
export function searchContacts(db: DbOrTx, workspaceId: string, text: string, limit: number) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const haystack = sql<string>`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(username, '') || ' ' || coalesce(headline, ''))`;
  return db
    .selectFrom('contacts')
    .select(contactFields)
    .where('workspace_id', '=', workspaceId)
    .where(sql<boolean>`${haystack} like ${pattern} escape '\\'`)
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('urn')
    .limit(limit)
    .execute();
}

export function listTracked(db: DbOrTx, workspaceId: string, teamMemberId: string | null) {
  let q = db
    .selectFrom('tracked_contacts')
    .leftJoin('contacts', (j) => j.onRef('contacts.workspace_id', '=', 'tracked_contacts.workspace_id').onRef('contacts.urn', '=', 'tracked_contacts.contact_urn'))
    .select(['tracked_contacts.team_member_id', 'tracked_contacts.contact_urn', 'contacts.first_name', 'contacts.last_name', 'contacts.headline', 'contacts.username'])
    .where('tracked_contacts.workspace_id', '=', workspaceId);
  if (teamMemberId !== null) q = q.where('tracked_contacts.team_member_id', '=', teamMemberId);
  return q.orderBy('tracked_contacts.team_member_id').orderBy('tracked_contacts.contact_urn').execute();
}

export function insertTracked(db: DbOrTx, workspaceId: string, teamMemberId: string, urn: string) {
  return db
    .insertInto('tracked_contacts')
    .values({ workspace_id: workspaceId, team_member_id: teamMemberId, contact_urn: urn })
    .onConflict((oc) => oc.columns(['workspace_id', 'team_member_id', 'contact_urn']).doNothing())
    .execute();
}

export async function deleteTracked(db: DbOrTx, workspaceId: string, teamMemberId: string, urn: string): Promise<boolean> {
  const result = await db
    .deleteFrom('tracked_contacts')
    .where('workspace_id', '=', workspaceId)
    .where('team_member_id', '=', teamMemberId)
    .where('contact_urn', '=', urn)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
