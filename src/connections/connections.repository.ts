import type { DbOrTx } from '../db/database.js';
import type { NetworkActionsTable } from './connections.table.js';

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

/** Records the action unless its key was recorded before (then the earlier record stands). */
export function insertActionOnce(db: DbOrTx, row: NetworkActionsTable) {
  return db.insertInto('network_actions').values(row).onConflict((oc) => oc.column('idempotency_key').doNothing()).execute();
}

export function findActionByKey(db: DbOrTx, idempotencyKey: string) {
  return db.selectFrom('network_actions').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirstOrThrow();
}

export function recordAttempt(db: DbOrTx, id: string) {
  return db
    .updateTable('network_actions')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export function markActionSent(db: DbOrTx, id: string, ref: string, at: number) {
  return db.updateTable('network_actions').set({ status: 'SENT', provider_ref: ref, sent_at: at, last_error: null }).where('id', '=', id).execute();
}

export function markActionUnsent(db: DbOrTx, id: string, status: 'PENDING' | 'FAILED', error: string) {
  return db.updateTable('network_actions').set({ status, last_error: error }).where('id', '=', id).where('status', '!=', 'SENT').execute();
}

/** Unconfirmed actions are few (only those caught by a crash or a transient failure). */
export function listPendingActions(db: DbOrTx) {
  return db.selectFrom('network_actions').selectAll().where('status', '=', 'PENDING').orderBy('created_at').orderBy('id').execute();
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
