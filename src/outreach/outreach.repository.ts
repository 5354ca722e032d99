// Queries of the outreach engine. Every one names its workspace; sender rows are claimed with
// a lease (SKIP LOCKED on PostgreSQL) following claimDueActions in connections.repository.ts.
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../db/database.js';
import { isPostgres } from '../db/dialect.js';
import type { CampaignContactsTable } from '../campaigns/campaigns.table.js';
import type { OutreachSendersTable } from './outreach.table.js';

/** Gives every participant of an ACTIVE campaign a sender row (due at once). */
export function ensureSenderRows(db: DbOrTx, now: number) {
  const participants = db
    .selectFrom('campaign_participants as p')
    .innerJoin('campaigns as c', (j) => j.onRef('c.workspace_id', '=', 'p.workspace_id').onRef('c.id', '=', 'p.campaign_id'))
    .where('c.status', '=', 'ACTIVE')
    .select(['p.workspace_id', 'p.team_member_id', sql.lit(now).as('next_step_at'), sql.lit(now).as('next_send_at'), sql.lit(now).as('next_poll_at')])
    .distinct();
  return db
    .insertInto('outreach_senders')
    .columns(['workspace_id', 'team_member_id', 'next_step_at', 'next_send_at', 'next_poll_at'])
    .expression(participants)
    .onConflict((oc) => oc.columns(['workspace_id', 'team_member_id']).doNothing())
    .execute();
}

/** Takes one due sender that nobody holds, holding it until `until`. */
export async function claimDueSender(db: Db, now: number, until: number): Promise<OutreachSendersTable | null> {
  const free = (eb: any) => eb.and([
    eb('next_step_at', '<=', now),
    eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]),
    eb.or([eb('paused_reason', 'is', null), eb('paused_until', 'is not', null)]),
  ]);
  const claim = async (tx: DbOrTx) => {
    const due = await tx
      .selectFrom('outreach_senders')
      .select(['workspace_id', 'team_member_id'])
      .where(free)
      .orderBy('next_step_at')
      .limit(1)
      .$if(isPostgres(tx), (qb) => qb.forUpdate().skipLocked())
      .executeTakeFirst();
    if (!due) return null;
    const row = await tx
      .updateTable('outreach_senders')
      .set({ claimed_until: until })
      .where('workspace_id', '=', due.workspace_id)
      .where('team_member_id', '=', due.team_member_id)
      .where(free)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  };
  return db.transaction().execute(claim);
}

export function updateSender(db: DbOrTx, workspaceId: string, memberId: string, changes: Partial<OutreachSendersTable>) {
  return db.updateTable('outreach_senders').set(changes).where('workspace_id', '=', workspaceId).where('team_member_id', '=', memberId).execute();
}

export function findSender(db: DbOrTx, workspaceId: string, memberId: string) {
  return db.selectFrom('outreach_senders').selectAll().where('workspace_id', '=', workspaceId).where('team_member_id', '=', memberId).executeTakeFirst();
}

export function listSenders(db: DbOrTx, workspaceId: string, memberIds: string[]) {
  if (memberIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('outreach_senders').selectAll().where('workspace_id', '=', workspaceId).where('team_member_id', 'in', memberIds).execute();
}

/** On PostgreSQL: waits for the sender row, so reservations of one sender run one at a time. */
export async function lockSender(tx: DbOrTx, workspaceId: string, memberId: string): Promise<void> {
  if (!isPostgres(tx)) return; // SQLite transactions are serialized already
  await tx.selectFrom('outreach_senders').select('actions').where('workspace_id', '=', workspaceId).where('team_member_id', '=', memberId).forUpdate().execute();
}

/** On PostgreSQL: serializes reservations for one person of a workspace (the 21-day rule spans senders). */
export async function lockPerson(tx: DbOrTx, workspaceId: string, urn: string): Promise<void> {
  if (!isPostgres(tx)) return;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`${workspaceId}|${urn}`}))`.execute(tx);
}

/**
 * Actions of a sender that count against a window starting at `from` (inclusive): not FAILED,
 * and recorded or delivered in the window, or still undelivered (it may be delivered any time).
 */
export async function countSenderActions(db: DbOrTx, workspaceId: string, memberId: string, kind: 'INVITATION' | 'MESSAGE', from: number): Promise<number> {
  const row = await db
    .selectFrom('network_actions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('team_member_id', '=', memberId)
    .where('kind', '=', kind)
    .where('status', '!=', 'FAILED')
    .where((eb) => eb.or([eb('created_at', '>=', from), eb('status', '=', 'PENDING'), eb('sent_at', '>=', from)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Invitations (not FAILED) to a person from the workspace, optionally one sender, since `from`. */
export async function countInvitationsTo(db: DbOrTx, workspaceId: string, urn: string, options: { memberId?: string; from?: number }) {
  const row = await db
    .selectFrom('network_actions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('contact_urn', '=', urn)
    .where('kind', '=', 'INVITATION')
    .where('status', '!=', 'FAILED')
    .$if(options.memberId !== undefined, (qb) => qb.where('team_member_id', '=', options.memberId!))
    .$if(options.from !== undefined, (qb) => qb.where('created_at', '>=', options.from!))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findAction(db: DbOrTx, key: string) {
  return db.selectFrom('network_actions').select(['status', 'sent_at', 'provider_ref', 'last_error']).where('idempotency_key', '=', key).executeTakeFirst();
}

/** ACTIVE campaigns the member takes part in, with their settings. */
export function activeCampaignsOf(db: DbOrTx, workspaceId: string, memberId: string) {
  return db
    .selectFrom('campaigns as c')
    .innerJoin('campaign_participants as p', (j) => j.onRef('p.workspace_id', '=', 'c.workspace_id').onRef('p.campaign_id', '=', 'c.id'))
    .select(['c.id', 'c.settings'])
    .where('c.workspace_id', '=', workspaceId)
    .where('p.team_member_id', '=', memberId)
    .where('c.status', '=', 'ACTIVE')
    .orderBy('c.created_at')
    .execute();
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

/** Queued, unreserved contacts assigned to the sender in its active campaigns. */
export function assignedQueued(db: DbOrTx, workspaceId: string, memberId: string, campaignIds: string[], limit: number) {
  return db
    .selectFrom('campaign_contacts')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('sender_id', '=', memberId)
    .where('status', '=', 'QUEUED')
    .where('invitation_key', 'is', null)
    .where('campaign_id', 'in', campaignIds)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Queued contacts of a campaign that no sender has taken yet, in enrolment order. */
export function unassignedQueued(db: DbOrTx, workspaceId: string, campaignId: string, limit: number) {
  return db
    .selectFrom('campaign_contacts')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'QUEUED')
    .where('sender_id', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function contactsOfSender(db: DbOrTx, workspaceId: string, memberId: string, status: string, campaignIds: string[]) {
  return db
    .selectFrom('campaign_contacts')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('sender_id', '=', memberId)
    .where('status', '=', status)
    .where('campaign_id', 'in', campaignIds)
    .execute();
}

export function dueFollowUps(db: DbOrTx, workspaceId: string, memberId: string, now: number, campaignIds: string[]) {
  return db
    .selectFrom('campaign_contacts')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('sender_id', '=', memberId)
    .where('follow_up_at', '<=', now)
    .where('campaign_id', 'in', campaignIds)
    .orderBy('follow_up_at')
    .limit(1)
    .execute();
}

export function findContact(db: DbOrTx, workspaceId: string, id: string) {
  return db.selectFrom('campaign_contacts').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}

export function updateContact(db: DbOrTx, workspaceId: string, id: string, changes: Partial<CampaignContactsTable>) {
  return db.updateTable('campaign_contacts').set(changes).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}

/** Gives back a paused sender's untouched contacts, so other senders take them. */
export function releaseAssigned(db: DbOrTx, workspaceId: string, memberId: string, now: number) {
  return db
    .updateTable('campaign_contacts')
    .set({ sender_id: null, updated_at: now })
    .where('workspace_id', '=', workspaceId)
    .where('sender_id', '=', memberId)
    .where('status', '=', 'QUEUED')
    .where('invitation_key', 'is', null)
    .execute();
}

/** Participants whose content the person engaged with (the warm path), from the leads. */
export async function warmMembers(db: DbOrTx, workspaceId: string, urn: string, memberIds: string[]): Promise<string[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('leads')
    .select('team_member_id')
    .distinct()
    .where('workspace_id', '=', workspaceId)
    .where('contact_urn', '=', urn)
    .where('team_member_id', 'in', memberIds)
    .where('status', '!=', 'DISCARDED')
    .execute();
  return rows.map((r) => r.team_member_id!);
}

/** Company facts of a person known to the workspace (templates and suppression). */
export function companyOf(db: DbOrTx, workspaceId: string, urn: string) {
  return db
    .selectFrom('contacts as p')
    .leftJoin('companies as co', (j) => j.onRef('co.workspace_id', '=', 'p.workspace_id').onRef('co.id', '=', 'p.company_id'))
    .select(['p.company_id', 'co.name', 'co.slug'])
    .where('p.workspace_id', '=', workspaceId)
    .where('p.urn', '=', urn)
    .executeTakeFirst();
}

export const UNFINISHED = ['QUEUED', 'INVITED'];

const contactsWhere = (eb: any) =>
  eb.selectFrom('campaign_contacts as cc').select('cc.id').whereRef('cc.workspace_id', '=', 'campaigns.workspace_id').whereRef('cc.campaign_id', '=', 'campaigns.id');

/** ACTIVE campaigns with contacts, all final and no follow-up due, become COMPLETED. */
export function completeFinishedCampaigns(db: DbOrTx, now: number) {
  return db
    .updateTable('campaigns')
    .set({ status: 'COMPLETED', updated_at: now })
    .where('status', '=', 'ACTIVE')
    .where((eb) =>
      eb.and([
        eb.exists(eb.selectFrom('campaign_contacts as cc').select('cc.id').whereRef('cc.workspace_id', '=', 'campaigns.workspace_id').whereRef('cc.campaign_id', '=', 'campaigns.id')),
        // Two probes, each an index seek (one OR would scan every contact of the campaign).
        eb.not(eb.exists(contactsWhere(eb).where('cc.status', 'in', UNFINISHED))),
        eb.not(eb.exists(contactsWhere(eb).where('cc.follow_up_at', 'is not', null))),
      ]),
    )
    .executeTakeFirst();
}

/** The earliest time any engine work falls due (senders, delivery retries); null: none. */
export async function nextDueAt(db: DbOrTx): Promise<number | null> {
  const sender = await db
    .selectFrom('outreach_senders')
    .select(sql<number>`min(case when claimed_until > next_step_at then claimed_until else next_step_at end)`.as('at'))
    .where((eb) => eb.or([eb('paused_reason', 'is', null), eb('paused_until', 'is not', null)]))
    .executeTakeFirst();
  const retry = await db
    .selectFrom('network_actions')
    .select(sql<number>`min(case when claimed_until > next_attempt_at then claimed_until else coalesce(next_attempt_at, 0) end)`.as('at'))
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  const times = [sender?.at, retry?.at].filter((t): t is number => t !== null && t !== undefined).map(Number);
  return times.length === 0 ? null : Math.min(...times);
}
