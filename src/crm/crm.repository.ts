// Queries of the CRM sync's own tables (migration 0097) and of the leads it pushes: the outbox,
// each lead's link with its contact, the workspace's sync state and rate-limit window, the errors
// by kind. Plain reads and writes; what to do with them is the sync's (crm-sync.engine.ts).
import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';

/** The workspaces bound to a CRM. */
export function crmWorkspaces(db: DbOrTx) {
  return db.selectFrom('workspace_bindings').select('workspace_id').where('service', '=', 'crm').orderBy('workspace_id').execute();
}

/** The workspace's sync state, made on first use. */
export async function syncState(db: DbOrTx, workspaceId: string) {
  await db.insertInto('crm_sync_state').values({ workspace_id: workspaceId }).onConflict((oc) => oc.column('workspace_id').doNothing()).execute();
  return db.selectFrom('crm_sync_state').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow();
}

export function findSyncState(db: DbOrTx, workspaceId: string) {
  return db.selectFrom('crm_sync_state').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst();
}

type StateChange = Partial<{
  lead_cursor_at: number;
  lead_cursor_id: string;
  pull_cursor: string | null;
  next_pull_at: number;
  blocked_until: number;
  auth_error: string | null;
  last_sync_at: number;
}>;

export function updateSyncState(db: DbOrTx, workspaceId: string, change: StateChange) {
  return db.updateTable('crm_sync_state').set(change).where('workspace_id', '=', workspaceId).execute();
}

export function countPushed(db: DbOrTx, workspaceId: string, pushed: number, pulled: number) {
  return db
    .updateTable('crm_sync_state')
    .set((eb) => ({ pushed: eb('pushed', '+', pushed), pulled: eb('pulled', '+', pulled) }))
    .where('workspace_id', '=', workspaceId)
    .execute();
}

/**
 * Takes one call from the workspace's window (`limit` calls per `windowMs`), unless the CRM asked
 * to wait (blocked_until) or the window is spent; one statement, so every process shares it.
 * True when the call may go out.
 */
export async function takeCall(db: DbOrTx, workspaceId: string, now: number, windowMs: number, limit: number): Promise<boolean> {
  const fresh = sql<boolean>`window_start + ${windowMs} <= ${now}`;
  const result = await db
    .updateTable('crm_sync_state')
    .set({
      window_start: sql`CASE WHEN ${fresh} THEN ${now} ELSE window_start END`,
      window_used: sql`CASE WHEN ${fresh} THEN 1 ELSE window_used + 1 END`,
    })
    .where('workspace_id', '=', workspaceId)
    .where('blocked_until', '<=', now)
    .where(sql<boolean>`(${fresh} OR window_used < ${limit})`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A call was answered: the last successful contact with the CRM. */
export function callAnswered(db: DbOrTx, workspaceId: string, now: number) {
  return db.updateTable('crm_sync_state').set({ last_call_at: now }).where('workspace_id', '=', workspaceId).execute();
}

export function recordError(db: DbOrTx, workspaceId: string, kind: string, message: string, now: number) {
  return db
    .insertInto('crm_errors')
    .values({ workspace_id: workspaceId, kind, count: 1, last_message: message, last_at: now })
    .onConflict((oc) => oc.columns(['workspace_id', 'kind']).doUpdateSet((eb) => ({ count: eb('crm_errors.count', '+', 1), last_message: message, last_at: now })))
    .execute();
}

export function listErrors(db: DbOrTx, workspaceId: string) {
  return db.selectFrom('crm_errors').selectAll().where('workspace_id', '=', workspaceId).orderBy('kind').execute();
}

// ---- the outbox -------------------------------------------------------------------------------

/** Lead changes after the cursor, oldest first: (updated_at, id) of the leads table. */
export function leadChangesAfter(db: DbOrTx, workspaceId: string, at: number, id: string, limit: number) {
  return db
    .selectFrom('leads')
    .select(['id', 'updated_at', 'status', 'is_icp_match', 'engagement_score'])
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or([eb('updated_at', '>', at), eb.and([eb('updated_at', '=', at), eb('id', '>', id)])]))
    .orderBy('updated_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Queues a push of each lead that has none waiting; in the order given. */
export async function enqueuePushes(db: DbOrTx, workspaceId: string, leadIds: string[], now: number): Promise<number> {
  if (leadIds.length === 0) return 0;
  const waiting = new Set(
    (
      await db
        .selectFrom('crm_outbox')
        .select('lead_id')
        .where('workspace_id', '=', workspaceId)
        .where('state', 'in', ['PENDING', 'SENDING'])
        .where('lead_id', 'in', leadIds)
        .execute()
    ).map((r) => r.lead_id),
  );
  const fresh = leadIds.filter((id) => !waiting.has(id));
  // One row at a time keeps `seq` in the order of the changes (a multi-row insert gives no such promise on every dialect).
  for (const leadId of fresh) {
    await db.insertInto('crm_outbox').values({ workspace_id: workspaceId, lead_id: leadId, state: 'PENDING', attempts: 0, next_at: now, reason: null, created_at: now, updated_at: now }).execute();
  }
  return fresh.length;
}

/** The workspace's next push: the oldest row not done (a SENDING one first: it is reconciled before anything else). */
export function nextPush(db: DbOrTx, workspaceId: string) {
  return db
    .selectFrom('crm_outbox')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('state', 'in', ['PENDING', 'SENDING'])
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
}

export function setPushState(db: DbOrTx, seq: number, change: { state: string; reason?: string | null; next_at?: number; attempts?: number }, now: number) {
  return db.updateTable('crm_outbox').set({ ...change, updated_at: now }).where('seq', '=', seq).execute();
}

/** Rows by state (crm status). */
export function outboxCounts(db: DbOrTx, workspaceId: string) {
  return db
    .selectFrom('crm_outbox')
    .select(['state', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('workspace_id', '=', workspaceId)
    .groupBy('state')
    .execute();
}

/** The latest skipped or failed leads with their reasons (crm status). */
export function recentRefusals(db: DbOrTx, workspaceId: string, limit: number) {
  return db
    .selectFrom('crm_outbox')
    .select(['lead_id', 'state', 'reason', 'updated_at'])
    .where('workspace_id', '=', workspaceId)
    .where('state', 'in', ['SKIPPED', 'FAILED'])
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
}

// ---- leads and their links --------------------------------------------------------------------

/** What a push reads of a lead, with its company. */
export function leadToPush(db: DbOrTx, workspaceId: string, leadId: string) {
  return db
    .selectFrom('leads')
    .leftJoin('companies', (j) => j.onRef('companies.workspace_id', '=', 'leads.workspace_id').onRef('companies.id', '=', 'leads.company_id'))
    .select([
      'leads.id', 'leads.status', 'leads.tags', 'leads.engagement_score', 'leads.is_icp_match', 'leads.contact_urn', 'leads.team_member_id',
      'leads.first_name', 'leads.last_name', 'leads.job_title', 'leads.username', 'leads.network_url', 'leads.contact_email', 'leads.phone_number',
      'leads.crm_id', 'leads.crm_contact_url', 'leads.source', 'leads.source_content_url', 'leads.last_engagement_dt', 'leads.created_at',
      'companies.name as company_name', 'companies.website_url as company_website',
    ])
    .where('leads.workspace_id', '=', workspaceId)
    .where('leads.id', '=', leadId)
    .executeTakeFirst();
}

export function findLink(db: DbOrTx, workspaceId: string, leadId: string) {
  return db.selectFrom('crm_links').selectAll().where('workspace_id', '=', workspaceId).where('lead_id', '=', leadId).executeTakeFirst();
}

export function saveLink(db: DbOrTx, row: { workspace_id: string; lead_id: string; crm_id: string | null; company_crm_id: string | null; pushed_digest: string | null; pushed_at: number | null }) {
  const { workspace_id, lead_id, ...rest } = row;
  return db
    .insertInto('crm_links')
    .values({ ...row, noted_at: null })
    .onConflict((oc) => oc.columns(['workspace_id', 'lead_id']).doUpdateSet(rest))
    .execute();
}

export function setNoted(db: DbOrTx, workspaceId: string, leadId: string, at: number | null) {
  return db.updateTable('crm_links').set({ noted_at: at }).where('workspace_id', '=', workspaceId).where('lead_id', '=', leadId).execute();
}

export function setLeadCrm(db: DbOrTx, workspaceId: string, leadId: string, crmId: string | null, url: string | null, now: number) {
  return db.updateTable('leads').set({ crm_id: crmId, crm_contact_url: url, updated_at: now }).where('workspace_id', '=', workspaceId).where('id', '=', leadId).execute();
}

/** Leads linked to CRM contacts, by id, after `afterId` (the pull checks them for merges and deletions). */
export function linkedLeads(db: DbOrTx, workspaceId: string, afterId: string, limit: number) {
  return db
    .selectFrom('leads')
    .select(['id', 'crm_id', 'crm_contact_url'])
    .where('workspace_id', '=', workspaceId)
    .where('crm_id', 'is not', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The lead's contact was merged into `crmId`. */
export function relink(db: DbOrTx, workspaceId: string, leadId: string, crmId: string) {
  return db.updateTable('crm_links').set({ crm_id: crmId }).where('workspace_id', '=', workspaceId).where('lead_id', '=', leadId).execute();
}

/** What a link's digest says when its contact was deleted in the CRM. */
export const DELETED_IN_CRM = 'deleted-in-crm';

/** The lead's contact was deleted in the CRM: the link remembers it, so the sync does not make it again. */
export function markDeleted(db: DbOrTx, workspaceId: string, leadId: string) {
  return db
    .updateTable('crm_links')
    .set({ crm_id: null, company_crm_id: null, pushed_digest: DELETED_IN_CRM })
    .where('workspace_id', '=', workspaceId)
    .where('lead_id', '=', leadId)
    .execute();
}

/**
 * The binding's own state (unbind): its queue, cursors, window and errors. The leads' links and
 * the customers pulled stay: a lead keeps its crm_id, and a customer stays out of campaigns.
 */
export async function clearSync(db: DbOrTx, workspaceId: string) {
  for (const table of ['crm_outbox', 'crm_sync_state', 'crm_errors'] as const) await db.deleteFrom(table).where('workspace_id', '=', workspaceId).execute();
}
