import type { DbOrTx } from '../db/database.js';
import { isPostgres } from '../db/dialect.js';
import { prepared } from '../db/prepared.js';
import type { NetworkActionsTable } from '../db/schema/connections.table.js';

export async function contactExists(db: DbOrTx, workspaceId: string, urn: string): Promise<boolean> {
  const row = await db.selectFrom('contacts').select('urn').where('workspace_id', '=', workspaceId).where('urn', '=', urn).executeTakeFirst();
  return row !== undefined;
}

/** The contact urn of a lead the API may see (discarded leads are invisible), or null. */
export async function findLeadContactUrn(db: DbOrTx, workspaceId: string, leadId: string): Promise<string | null> {
  const row = await db
    .selectFrom('leads')
    .select('contact_urn')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', leadId)
    .where('status', '!=', 'DISCARDED')
    .executeTakeFirst();
  return row?.contact_urn ?? null;
}

/** Records the action unless its key was recorded before (then the earlier record stands); returns the new record. */
export async function insertActionOnce(db: DbOrTx, row: NetworkActionsTable): Promise<NetworkActionsTable | undefined> {
  return (await insertActionQuery(db, row)).rows[0];
}

const insertActionQuery = prepared((db, row: NetworkActionsTable) =>
  db.insertInto('network_actions').values(row).onConflict((oc) => oc.column('idempotency_key').doNothing()).returningAll(),
);

export function findActionByKey(db: DbOrTx, idempotencyKey: string) {
  return db.selectFrom('network_actions').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirstOrThrow();
}

const recordAttemptQuery = prepared((db, p: { id: string }) =>
  db
    .updateTable('network_actions')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', p.id),
);

export function recordAttempt(db: DbOrTx, id: string) {
  return recordAttemptQuery(db, { id });
}

const markActionSentQuery = prepared((db, p: { id: string; ref: string; at: number }) =>
  db
    .updateTable('network_actions')
    .set({ status: 'SENT', provider_ref: p.ref, sent_at: p.at, last_error: null, claimed_until: null })
    .where('id', '=', p.id)
    .where('status', '!=', 'SENT'),
);

/** True when this call marked it (false: it was SENT already, so nothing follows twice). */
export async function markActionSent(db: DbOrTx, id: string, ref: string, at: number): Promise<boolean> {
  return Number((await markActionSentQuery(db, { id, ref, at })).numAffectedRows ?? 0) > 0;
}

/** Releases the action: PENDING (to be attempted again at `nextAttemptAt`) or FAILED for good. */
export function markActionUnsent(db: DbOrTx, id: string, status: 'PENDING' | 'FAILED', error: string, nextAttemptAt: number | null) {
  return db
    .updateTable('network_actions')
    .set({ status, last_error: error, next_attempt_at: nextAttemptAt, claimed_until: null })
    .where('id', '=', id)
    .where('status', '!=', 'SENT')
    .execute();
}

/**
 * Actions of workspaces still bound to the provider they were recorded for: an action is never
 * delivered through another provider (after an unbind it stays in the log as it was).
 */
const toItsProvider = (eb: any) =>
  eb.exists(
    eb
      .selectFrom('workspace_bindings as b')
      .select('b.workspace_id')
      .whereRef('b.workspace_id', '=', 'network_actions.workspace_id')
      .where('b.service', '=', 'network')
      .whereRef('b.provider', '=', 'network_actions.provider'),
  );

/** Unconfirmed actions are few (only those caught by a crash or a transient failure). */
export function listPendingActions(db: DbOrTx) {
  return db.selectFrom('network_actions').selectAll().where('status', '=', 'PENDING').where(toItsProvider).orderBy('created_at').orderBy('id').execute();
}

/** Gives a claimed action back untouched. */
export function releaseAction(db: DbOrTx, id: string) {
  return db.updateTable('network_actions').set({ claimed_until: null }).where('id', '=', id).execute();
}

/**
 * Takes up to `limit` PENDING actions that are due and held by nobody, holding them until
 * `until`. On PostgreSQL concurrent workers skip each other's rows (SKIP LOCKED); the claim
 * condition is checked again by the UPDATE itself, so no two workers ever hold one action.
 */
const anyPendingQuery = prepared((db) => db.selectFrom('network_actions').select('id').where('status', '=', 'PENDING').limit(1));

export async function claimDueActions(db: DbOrTx, now: number, until: number, limit: number) {
  // The worker asks every round and there is nearly never anything unconfirmed: a plain read
  // answers that far cheaper than the claiming UPDATE.
  if ((await anyPendingQuery(db, {})).rows.length === 0) return [];
  const free = (eb: any) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]);
  const due = db
    .selectFrom('network_actions')
    .select('id')
    .where('status', '=', 'PENDING')
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .where(free)
    .where(toItsProvider)
    .orderBy('created_at')
    .limit(limit)
    .$if(isPostgres(db), (qb) => qb.forUpdate().skipLocked());
  return db.updateTable('network_actions').set({ claimed_until: until }).where('id', 'in', due).where(free).returningAll().execute();
}

export async function countSentInvitations(db: DbOrTx, workspaceId: string, teamMemberId: string, contactUrn: string): Promise<number> {
  const row = await db
    .selectFrom('network_actions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('team_member_id', '=', teamMemberId)
    .where('kind', '=', 'INVITATION')
    .where('contact_urn', '=', contactUrn)
    .where('status', '=', 'SENT')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What the connections mirror holds for a pair (the provider's last known word), or undefined. */
export function findMirrored(db: DbOrTx, workspaceId: string, teamMemberId: string, contactUrn: string) {
  return db
    .selectFrom('connections')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('team_member_id', '=', teamMemberId)
    .where('contact_urn', '=', contactUrn)
    .executeTakeFirst();
}

const mirrorQuery = prepared((db, row: { workspace_id: string; team_member_id: string; contact_urn: string; state: string; since: number | null; updated_at: number }) =>
  db
    .insertInto('connections')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['workspace_id', 'team_member_id', 'contact_urn'])
        .doUpdateSet((eb) => ({ state: eb.ref('excluded.state'), since: eb.ref('excluded.since'), updated_at: eb.ref('excluded.updated_at') }))
        // Unchanged: the row keeps its date (and costs no write).
        .where('connections.state', '!=', row.state),
    ),
);

/** Records a pair's state, one statement: a new pair, or a changed state with its new date. */
export function upsertMirrored(db: DbOrTx, row: { workspace_id: string; team_member_id: string; contact_urn: string; state: string; since: number | null; updated_at: number }) {
  return mirrorQuery(db, row);
}

const deleteMirroredQuery = prepared((db, p: { workspaceId: string; teamMemberId: string; contactUrn: string }) =>
  db.deleteFrom('connections').where('workspace_id', '=', p.workspaceId).where('team_member_id', '=', p.teamMemberId).where('contact_urn', '=', p.contactUrn),
);

export function deleteMirrored(db: DbOrTx, workspaceId: string, teamMemberId: string, contactUrn: string) {
  return deleteMirroredQuery(db, { workspaceId, teamMemberId, contactUrn });
}

/** The pairs of a member the mirror holds as PENDING. */
export async function listMirroredPending(db: DbOrTx, workspaceId: string, teamMemberId: string): Promise<string[]> {
  const rows = await db.selectFrom('connections').select('contact_urn').where('workspace_id', '=', workspaceId).where('team_member_id', '=', teamMemberId).where('state', '=', 'PENDING').execute();
  return rows.map((r) => r.contact_urn);
}
