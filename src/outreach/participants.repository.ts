// Queries of the outreach engine about the people around a contact: the campaigns and their
// participants, the team's own accounts, the warm path and company facts. Prepared, as the
// engine asks for every contact it considers.
import type { DbOrTx } from '../db/database.js';
import { prepared } from '../db/prepared.js';

const activeCampaignsQuery = prepared((db, p: { workspaceId: string; memberId: string }) =>
  db
    .selectFrom('campaigns as c')
    .innerJoin('campaign_participants as p', (j) => j.onRef('p.workspace_id', '=', 'c.workspace_id').onRef('p.campaign_id', '=', 'c.id'))
    .select(['c.id', 'c.settings'])
    .where('c.workspace_id', '=', p.workspaceId)
    .where('p.team_member_id', '=', p.memberId)
    .where('c.status', '=', 'ACTIVE')
    .orderBy('c.created_at'),
);

/** ACTIVE campaigns the member takes part in, with their settings. */
export async function activeCampaignsOf(db: DbOrTx, workspaceId: string, memberId: string) {
  return (await activeCampaignsQuery(db, { workspaceId, memberId })).rows;
}

export function participantsOf(db: DbOrTx, workspaceId: string, campaignId: string) {
  return db
    .selectFrom('campaign_participants as p')
    .innerJoin('team_members as m', (j) => j.onRef('m.workspace_id', '=', 'p.workspace_id').onRef('m.id', '=', 'p.team_member_id'))
    .select(['m.id', 'm.integration_status'])
    .where('p.workspace_id', '=', workspaceId)
    .where('p.campaign_id', '=', campaignId)
    .execute();
}

const availableParticipantsQuery = prepared((db, p: { workspaceId: string; campaignId: string }) =>
  db
    .selectFrom('campaign_participants as p')
    .innerJoin('team_members as m', (j) => j.onRef('m.workspace_id', '=', 'p.workspace_id').onRef('m.id', '=', 'p.team_member_id'))
    .leftJoin('outreach_senders as s', (j) => j.onRef('s.workspace_id', '=', 'p.workspace_id').onRef('s.team_member_id', '=', 'p.team_member_id'))
    .select(['m.id', 's.paused_reason', 's.paused_until'])
    .where('p.workspace_id', '=', p.workspaceId)
    .where('p.campaign_id', '=', p.campaignId)
    .where('m.integration_status', '=', 'CONNECTED'),
);

/** CONNECTED participants of a campaign whose sending is not paused (as of `now`). */
export async function availableParticipants(db: DbOrTx, workspaceId: string, campaignId: string, now: number): Promise<string[]> {
  const { rows } = await availableParticipantsQuery(db, { workspaceId, campaignId });
  return rows.filter((r) => r.paused_reason === null || (r.paused_until !== null && r.paused_until <= now)).map((r) => r.id);
}

const networkUsernamesQuery = prepared((db, p: { workspaceId: string }) =>
  db.selectFrom('team_members').select('network_username').where('workspace_id', '=', p.workspaceId).where('network_username', 'is not', null),
);

/** The team members' own network usernames, lower-cased (they are never invited). */
export async function teamUsernames(db: DbOrTx, workspaceId: string): Promise<Set<string>> {
  return new Set((await networkUsernamesQuery(db, { workspaceId })).rows.flatMap((r) => (r.network_username ? [r.network_username.toLowerCase()] : [])));
}

const warmMembersQuery = prepared((db, p: { workspaceId: string; urn: string; memberIds: string[] }) =>
  db
    .selectFrom('leads')
    .select('team_member_id')
    .distinct()
    .where('workspace_id', '=', p.workspaceId)
    .where('contact_urn', '=', p.urn)
    .where('team_member_id', 'in', p.memberIds)
    .where('status', '!=', 'DISCARDED'),
);

/** Participants whose content the person engaged with (the warm path), from the leads. */
export async function warmMembers(db: DbOrTx, workspaceId: string, urn: string, memberIds: string[]): Promise<string[]> {
  if (memberIds.length === 0) return [];
  return (await warmMembersQuery(db, { workspaceId, urn, memberIds })).rows.map((r) => r.team_member_id!);
}

const companyOfQuery = prepared((db, p: { workspaceId: string; urn: string }) =>
  db
    .selectFrom('contacts as p')
    .leftJoin('companies as co', (j) => j.onRef('co.workspace_id', '=', 'p.workspace_id').onRef('co.id', '=', 'p.company_id'))
    .select(['p.company_id', 'co.name', 'co.slug'])
    .where('p.workspace_id', '=', p.workspaceId)
    .where('p.urn', '=', p.urn),
);

/** Company facts of a person known to the workspace (templates and suppression). */
export async function companyOf(db: DbOrTx, workspaceId: string, urn: string) {
  return (await companyOfQuery(db, { workspaceId, urn })).rows[0];
}
