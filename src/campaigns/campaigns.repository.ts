import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { Condition, SortColumn } from '../db/keyset.js';
import type { CampaignContactsTable, CampaignsTable, NewCampaignContact } from '../db/schema/campaigns.table.js';

export function insertCampaign(db: DbOrTx, row: CampaignsTable) {
  return db.insertInto('campaigns').values(row).execute();
}

export function insertParticipants(db: DbOrTx, workspaceId: string, campaignId: string, memberIds: string[]) {
  if (memberIds.length === 0) return Promise.resolve();
  return db
    .insertInto('campaign_participants')
    .values(memberIds.map((team_member_id) => ({ workspace_id: workspaceId, campaign_id: campaignId, team_member_id })))
    .execute();
}

export function deleteParticipants(db: DbOrTx, workspaceId: string, campaignId: string) {
  return db.deleteFrom('campaign_participants').where('workspace_id', '=', workspaceId).where('campaign_id', '=', campaignId).execute();
}

export function touchCampaign(db: DbOrTx, workspaceId: string, id: string, at: number) {
  return db.updateTable('campaigns').set({ updated_at: at }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}

export function findCampaign(db: DbOrTx, workspaceId: string, id: string) {
  return db.selectFrom('campaigns').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}

export function updateCampaignStatus(db: DbOrTx, workspaceId: string, id: string, status: string, at: number) {
  return db.updateTable('campaigns').set({ status, updated_at: at }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}

/** From the campaign_counts counter (migration 0081): one row. */
export async function countCampaigns(db: DbOrTx, workspaceId: string): Promise<number> {
  const row = await db.selectFrom('campaign_counts').select('count').where('workspace_id', '=', workspaceId).where('campaign_id', '=', '').executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** A page of the workspace's campaigns under the paginator's seek conditions and order. */
export function selectCampaignPage(db: DbOrTx, workspaceId: string, conditions: Condition[], order: readonly SortColumn[], limit: number) {
  let query = db.selectFrom('campaigns').selectAll().where('workspace_id', '=', workspaceId);
  for (const c of conditions) query = query.where(c);
  for (const o of order) query = query.orderBy(sql.ref(o.column), o.dir);
  return query.limit(limit).execute();
}

export function listParticipants(db: DbOrTx, workspaceId: string, campaignIds: string[]) {
  return db
    .selectFrom('campaign_participants')
    .innerJoin('team_members', (join) =>
      join.onRef('team_members.workspace_id', '=', 'campaign_participants.workspace_id').onRef('team_members.id', '=', 'campaign_participants.team_member_id'),
    )
    .selectAll('team_members')
    .select('campaign_participants.campaign_id')
    .where('campaign_participants.workspace_id', '=', workspaceId)
    .where('campaign_participants.campaign_id', 'in', campaignIds)
    .orderBy('team_members.email')
    .orderBy('team_members.id')
    .execute();
}

/** A campaign's contacts in enrolment order; the first `limit` of them when a limit is given. */
export function listContacts(db: DbOrTx, workspaceId: string, campaignId: string, limit: number | null = null) {
  const query = db
    .selectFrom('campaign_contacts')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('campaign_id', '=', campaignId)
    .orderBy('created_at')
    .orderBy('id');
  return (limit === null ? query : query.limit(limit)).execute();
}

/** Each campaign's contacts, from the campaign_counts counters (migration 0081): one row per campaign. */
export async function countContacts(db: DbOrTx, workspaceId: string, campaignIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('campaign_counts')
    .select(['campaign_id', 'count'])
    .where('workspace_id', '=', workspaceId)
    .where('campaign_id', 'in', campaignIds)
    .execute();
  return new Map(rows.map((r) => [r.campaign_id, Number(r.count)]));
}

export async function findContactsByUsernameKey(db: DbOrTx, workspaceId: string, campaignId: string, keys: string[]) {
  if (keys.length === 0) return []; // `in ()` is an error on PostgreSQL
  return db
    .selectFrom('campaign_contacts')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('campaign_id', '=', campaignId)
    .where('username_key', 'in', keys)
    .execute();
}

/** A username enrolled meanwhile by a concurrent request is left as that request stored it. */
export function insertContacts(db: DbOrTx, rows: NewCampaignContact[]) {
  return db
    .insertInto('campaign_contacts')
    .values(rows)
    .onConflict((oc) => oc.columns(['workspace_id', 'campaign_id', 'username_key']).doNothing())
    .execute();
}

export function updateContact(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  changes: Partial<Pick<CampaignContactsTable, 'network_urn' | 'first_name' | 'last_name' | 'email' | 'crm_id' | 'updated_at'>>,
) {
  return db.updateTable('campaign_contacts').set(changes).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}

export function listMembersByIds(db: DbOrTx, workspaceId: string, ids: string[]) {
  return db.selectFrom('team_members').selectAll().where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
}
