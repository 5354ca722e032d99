// Queries of the outreach engine about sender rows. Every one names its workspace; sender rows
// are claimed with a lease (SKIP LOCKED on PostgreSQL) following claimDueActions in
// connections.repository.ts. The engine runs them for every step, so they are prepared.
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../db/database.js';
import { isPostgres } from '../db/dialect.js';
import { prepared } from '../db/prepared.js';
import { emitEvent } from '../webhooks/outbox.js';
import { boundWorkspaces } from '../network/bindings.repository.js';
import type { OutreachSendersTable } from '../db/schema/outreach.table.js';

const ensureSenderRowsQuery = prepared((db, p: { now: number }) => {
  const now = sql<number>`cast(${p.now} as bigint)`;
  const participants = db
    .selectFrom('campaign_participants as p')
    .innerJoin('campaigns as c', (j) => j.onRef('c.workspace_id', '=', 'p.workspace_id').onRef('c.id', '=', 'p.campaign_id'))
    .where('c.status', '=', 'ACTIVE')
    .where('p.workspace_id', 'in', boundWorkspaces(db, 'network'))
    .select(['p.workspace_id', 'p.team_member_id', now.as('next_step_at'), now.as('next_send_at'), now.as('next_poll_at')])
    .distinct();
  return db
    .insertInto('outreach_senders')
    .columns(['workspace_id', 'team_member_id', 'next_step_at', 'next_send_at', 'next_poll_at'])
    .expression(participants)
    .onConflict((oc) => oc.columns(['workspace_id', 'team_member_id']).doNothing());
});

/** Gives every participant of an ACTIVE campaign of a bound workspace a sender row (due at once). */
export function ensureSenderRows(db: DbOrTx, now: number) {
  return ensureSenderRowsQuery(db, { now });
}

const claimDueSenderQuery = prepared((db, p: { now: number; until: number }) => {
  const free = (eb: any) => eb.and([
    eb('next_step_at', '<=', p.now),
    eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', p.now)]),
    eb.or([eb('paused_reason', 'is', null), eb('paused_until', 'is not', null)]),
  ]);
  const due = db
    .selectFrom('outreach_senders')
    .select(['workspace_id', 'team_member_id'])
    .where(free)
    .where('workspace_id', 'in', boundWorkspaces(db, 'network'))
    .orderBy('next_step_at')
    .limit(1)
    .$if(isPostgres(db), (qb) => qb.forUpdate().skipLocked());
  return db
    .updateTable('outreach_senders')
    .set({ claimed_until: p.until })
    .where((eb) => eb(eb.refTuple('workspace_id', 'team_member_id'), 'in', due.$asTuple('workspace_id', 'team_member_id')))
    .where(free)
    .returningAll();
});

/**
 * Takes one due sender that nobody holds, holding it until `until`. One statement, as in
 * claimDueActions: the row is picked (SKIP LOCKED on PostgreSQL) and the claim condition is
 * checked again by the UPDATE itself, so no two workers ever hold one sender.
 */
export async function claimDueSender(db: DbOrTx, now: number, until: number): Promise<OutreachSendersTable | null> {
  return (await claimDueSenderQuery(db, { now, until })).rows[0] ?? null;
}

const updateSenderQuery = prepared((db, p: { workspaceId: string; memberId: string; changes: Partial<OutreachSendersTable> }) =>
  db.updateTable('outreach_senders').set(p.changes).where('workspace_id', '=', p.workspaceId).where('team_member_id', '=', p.memberId),
);

export function updateSender(db: DbOrTx, workspaceId: string, memberId: string, changes: Partial<OutreachSendersTable>) {
  return updateSenderQuery(db, { workspaceId, memberId, changes });
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

const contactsWhere = (eb: any) =>
  eb.selectFrom('campaign_contacts as cc').select('cc.id').whereRef('cc.workspace_id', '=', 'campaigns.workspace_id').whereRef('cc.campaign_id', '=', 'campaigns.id');

/** A campaign with contacts, all final, and no follow-up due. Two probes, each an index seek (one OR would scan every contact of the campaign). */
const allContactsFinal = (eb: Parameters<typeof contactsWhere>[0]) =>
  eb.and([
    eb.exists(contactsWhere(eb)),
    eb.not(eb.exists(contactsWhere(eb).where('cc.status', 'in', ['QUEUED', 'INVITED']))),
    eb.not(eb.exists(contactsWhere(eb).where('cc.follow_up_at', 'is not', null))),
  ]);

const completeFinishedCampaignsQuery = prepared((db, p: { now: number }) =>
  db
    .updateTable('campaigns')
    .set({ status: 'COMPLETED', updated_at: p.now })
    .where('status', '=', 'ACTIVE')
    .where('workspace_id', 'in', boundWorkspaces(db, 'network'))
    .where(allContactsFinal)
    .returning(['workspace_id', 'id', 'name']),
);

const anyFinishedCampaignQuery = prepared((db) =>
  db
    .selectFrom('campaigns')
    .select('id')
    .where('status', '=', 'ACTIVE')
    .where('workspace_id', 'in', boundWorkspaces(db, 'network'))
    .where(allContactsFinal)
    .limit(1),
);

/** ACTIVE campaigns of bound workspaces with contacts, all final and no follow-up due, become COMPLETED (with their campaign.completed events). */
export async function completeFinishedCampaigns(db: Db, now: number) {
  // Looked for first (a read, no lock): the transaction is opened only when a campaign completes.
  if (!(await anyFinishedCampaignQuery(db, {})).rows.length) return 0;
  return db.transaction().execute(async (tx) => {
    const { rows } = await completeFinishedCampaignsQuery(tx, { now });
    for (const c of rows) await emitEvent(tx, c.workspace_id, now, { type: 'campaign.completed', data: { campaign_id: c.id, name: c.name } });
    return rows.length;
  });
}

const nextDueAtQuery = prepared((db) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom('outreach_senders')
      .select(sql<number>`min(case when claimed_until > next_step_at then claimed_until else next_step_at end)`.as('at'))
      .where((eb) => eb.or([eb('paused_reason', 'is', null), eb('paused_until', 'is not', null)]))
      .where('workspace_id', 'in', boundWorkspaces(db, 'network'))
      .as('sender'),
    eb
      .selectFrom('network_actions')
      .select(sql<number>`min(case when claimed_until > next_attempt_at then claimed_until else coalesce(next_attempt_at, 0) end)`.as('at'))
      .where('status', '=', 'PENDING')
      .where('workspace_id', 'in', boundWorkspaces(db, 'network'))
      .as('retry'),
  ]),
);

/** The earliest time any engine work falls due (senders, delivery retries) in bound workspaces; null: none. */
export async function nextDueAt(db: DbOrTx): Promise<number | null> {
  const [row] = (await nextDueAtQuery(db, {})).rows;
  const times = [row!.sender, row!.retry].filter((t) => t !== null && t !== undefined).map(Number);
  return times.length === 0 ? null : Math.min(...times);
}
