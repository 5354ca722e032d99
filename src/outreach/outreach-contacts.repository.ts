// Queries of the outreach engine about the contacts of campaigns, as one sender's step sees
// them. Every one names its workspace; the engine runs them for every step, so they are prepared.
import type { DbOrTx } from '../db/database.js';
import { isPostgres } from '../db/dialect.js';
import { prepared } from '../db/prepared.js';
import type { CampaignContact, CampaignContactChanges } from '../db/schema/campaigns.table.js';

/** Contacts one step looks at, at most (each needs no action or leads to one). */
export const CANDIDATES = 10;

/** What considering a queued contact reads of it (rows fetched ten at a time stay narrow). */
const QUEUED_COLUMNS = ['id', 'campaign_id', 'username', 'username_key', 'network_urn', 'first_name', 'last_name', 'email', 'sender_id', 'attempts'] as const;
export type QueuedContact = Pick<CampaignContact, (typeof QUEUED_COLUMNS)[number]>;

const assignedQueuedQuery = prepared((db, p: { workspaceId: string; memberId: string; campaignIds: string[] }) =>
  db
    .selectFrom('campaign_contacts')
    .select(QUEUED_COLUMNS)
    .where('workspace_id', '=', p.workspaceId)
    .where('sender_id', '=', p.memberId)
    .where('status', '=', 'QUEUED')
    .where('invitation_key', 'is', null)
    .where('campaign_id', 'in', p.campaignIds)
    .orderBy('created_at')
    .orderBy('id')
    .limit(CANDIDATES),
);

/** Queued, unreserved contacts assigned to the sender in its active campaigns (CANDIDATES at most). */
export async function assignedQueued(db: DbOrTx, workspaceId: string, memberId: string, campaignIds: string[]) {
  return (await assignedQueuedQuery(db, { workspaceId, memberId, campaignIds })).rows;
}

const unassignedQueuedQuery = prepared((db, p: { workspaceId: string; campaignId: string }) =>
  db
    .selectFrom('campaign_contacts')
    .select(QUEUED_COLUMNS)
    .where('workspace_id', '=', p.workspaceId)
    .where('campaign_id', '=', p.campaignId)
    .where('status', '=', 'QUEUED')
    .where('sender_id', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(CANDIDATES),
);

/** Queued contacts of a campaign that no sender has taken yet, in enrolment order (CANDIDATES at most). */
export async function unassignedQueued(db: DbOrTx, workspaceId: string, campaignId: string) {
  return (await unassignedQueuedQuery(db, { workspaceId, campaignId })).rows;
}

const reservedContactsQuery = prepared((db, p: { workspaceId: string; memberId: string; campaignIds: string[] }) =>
  db
    .selectFrom('campaign_contacts')
    .select(['id', 'invitation_key'])
    .where('workspace_id', '=', p.workspaceId)
    .where('sender_id', '=', p.memberId)
    .where('status', '=', 'QUEUED')
    .where('campaign_id', 'in', p.campaignIds)
    .where('invitation_key', 'is not', null),
);

/** The sender's contacts reserved (an invitation recorded) but not yet known to be INVITED. */
export async function reservedContacts(db: DbOrTx, workspaceId: string, memberId: string, campaignIds: string[]) {
  return (await reservedContactsQuery(db, { workspaceId, memberId, campaignIds })).rows;
}

const invitedContactsQuery = prepared((db, p: { workspaceId: string; memberId: string; campaignIds: string[] }) =>
  db
    .selectFrom('campaign_contacts')
    .select(['id', 'campaign_id', 'network_urn', 'invited_at'])
    .where('workspace_id', '=', p.workspaceId)
    .where('sender_id', '=', p.memberId)
    .where('status', '=', 'INVITED')
    .where('campaign_id', 'in', p.campaignIds),
);

/** The sender's contacts whose invitation awaits an answer (polling reads only what it needs). */
export async function invitedContacts(db: DbOrTx, workspaceId: string, memberId: string, campaignIds: string[]) {
  return (await invitedContactsQuery(db, { workspaceId, memberId, campaignIds })).rows;
}

const dueFollowUpQuery = prepared((db, p: { workspaceId: string; memberId: string; now: number; campaignIds: string[] }) =>
  db
    .selectFrom('campaign_contacts')
    .selectAll()
    .where('workspace_id', '=', p.workspaceId)
    .where('sender_id', '=', p.memberId)
    .where('follow_up_at', '<=', p.now)
    .where('campaign_id', 'in', p.campaignIds)
    .orderBy('follow_up_at')
    .limit(1),
);

/** The sender's contact whose follow-up is due first, if any. */
export async function dueFollowUp(db: DbOrTx, workspaceId: string, memberId: string, now: number, campaignIds: string[]) {
  return (await dueFollowUpQuery(db, { workspaceId, memberId, now, campaignIds })).rows[0];
}

const findContactQuery = prepared((db, p: { workspaceId: string; id: string }) =>
  db.selectFrom('campaign_contacts').select(['status', 'sender_id', 'invitation_key', 'retries_allowed']).where('workspace_id', '=', p.workspaceId).where('id', '=', p.id),
);

/** Where a contact stands: its state, who holds it and how often it may be invited again. */
export async function findContact(db: DbOrTx, workspaceId: string, id: string) {
  return (await findContactQuery(db, { workspaceId, id })).rows[0];
}

/** The contact's state for a follow-up, its row locked until the transaction ends (PostgreSQL; SQLite serializes writers). */
export function lockFollowUp(tx: DbOrTx, workspaceId: string, id: string) {
  return tx
    .selectFrom('campaign_contacts')
    .select(['status', 'follow_up_at', 'follow_up_step'])
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .$if(isPostgres(tx), (q) => q.forUpdate())
    .executeTakeFirst();
}

/**
 * A follow-up's outcome written only while the contact is still CONNECTED at step `atStep` (the
 * steps sent so far): a second worker that finished the same step, or a reply since, leaves the
 * contact as it is, so a stale write never re-times or repeats a later step.
 */
export function updateAtFollowUpStep(db: DbOrTx, workspaceId: string, id: string, atStep: number, changes: CampaignContactChanges) {
  return db
    .updateTable('campaign_contacts')
    .set(changes)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('follow_up_step', '=', atStep)
    .where('status', '=', 'CONNECTED')
    .execute();
}

const updateContactQuery = prepared((db, p: { workspaceId: string; id: string; changes: CampaignContactChanges }) =>
  db.updateTable('campaign_contacts').set(p.changes).where('workspace_id', '=', p.workspaceId).where('id', '=', p.id),
);

export function updateContact(db: DbOrTx, workspaceId: string, id: string, changes: CampaignContactChanges) {
  return updateContactQuery(db, { workspaceId, id, changes });
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
