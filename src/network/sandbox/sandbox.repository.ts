import type { DbOrTx } from '../../db/database.js';
import type { AccountRef } from '../provider.js';
import type { SandboxInvitationsTable, SandboxMessagesTable } from './sandbox.table.js';

export function findAccount(db: DbOrTx, account: AccountRef) {
  return db
    .selectFrom('sandbox_accounts')
    .selectAll()
    .where('workspace_id', '=', account.workspaceId)
    .where('team_member_id', '=', account.teamMemberId)
    .executeTakeFirst();
}

export function upsertAccount(db: DbOrTx, account: AccountRef, state: string, at: number) {
  return db
    .insertInto('sandbox_accounts')
    .values({ workspace_id: account.workspaceId, team_member_id: account.teamMemberId, state, updated_at: at })
    .onConflict((oc) => oc.columns(['workspace_id', 'team_member_id']).doUpdateSet({ state, updated_at: at }))
    .execute();
}

export async function listConnectedMembers(db: DbOrTx, workspaceId: string): Promise<string[]> {
  const rows = await db.selectFrom('sandbox_accounts').select('team_member_id').where('workspace_id', '=', workspaceId).where('state', '=', 'CONNECTED').orderBy('team_member_id').execute();
  return rows.map((r) => r.team_member_id);
}

export function insertConnection(db: DbOrTx, account: AccountRef, contactUrn: string, since: number) {
  return db
    .insertInto('sandbox_connections')
    .values({ workspace_id: account.workspaceId, team_member_id: account.teamMemberId, contact_urn: contactUrn, since })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function findConnection(db: DbOrTx, account: AccountRef, contactUrn: string) {
  return db
    .selectFrom('sandbox_connections')
    .select('since')
    .where('workspace_id', '=', account.workspaceId)
    .where('team_member_id', '=', account.teamMemberId)
    .where('contact_urn', '=', contactUrn)
    .executeTakeFirst();
}

/** Invitations of the pair that were not withdrawn, newest first. */
export function listLiveInvitations(db: DbOrTx, account: AccountRef, contactUrn?: string) {
  let query = db
    .selectFrom('sandbox_invitations')
    .selectAll()
    .where('workspace_id', '=', account.workspaceId)
    .where('team_member_id', '=', account.teamMemberId)
    .where('withdrawn_at', 'is', null);
  if (contactUrn !== undefined) query = query.where('contact_urn', '=', contactUrn);
  return query.orderBy('sent_at', 'desc').orderBy('ref').execute();
}

/** Invitations sent strictly after `after` (a rolling window: a slot frees exactly one window later). */
export async function countInvitationsAfter(db: DbOrTx, account: AccountRef, after: number): Promise<number> {
  const row = await db
    .selectFrom('sandbox_invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', account.workspaceId)
    .where('team_member_id', '=', account.teamMemberId)
    .where('sent_at', '>', after)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records an invitation unless one with the same key exists; either way returns the stored one. */
export async function insertInvitationOnce(db: DbOrTx, row: SandboxInvitationsTable) {
  await db.insertInto('sandbox_invitations').values(row).onConflict((oc) => oc.column('idempotency_key').doNothing()).execute();
  return db.selectFrom('sandbox_invitations').selectAll().where('idempotency_key', '=', row.idempotency_key).executeTakeFirstOrThrow();
}

export async function insertMessageOnce(db: DbOrTx, row: SandboxMessagesTable) {
  await db.insertInto('sandbox_messages').values(row).onConflict((oc) => oc.column('idempotency_key').doNothing()).execute();
  return db.selectFrom('sandbox_messages').selectAll().where('idempotency_key', '=', row.idempotency_key).executeTakeFirstOrThrow();
}

export function withdrawInvitation(db: DbOrTx, account: AccountRef, ref: string, at: number) {
  return db
    .updateTable('sandbox_invitations')
    .set({ withdrawn_at: at })
    .where('ref', '=', ref)
    .where('workspace_id', '=', account.workspaceId)
    .where('team_member_id', '=', account.teamMemberId)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
}

export async function findReceivedRef(db: DbOrTx, idempotencyKey: string): Promise<string | null> {
  const invitation = await db.selectFrom('sandbox_invitations').select('ref').where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  if (invitation) return invitation.ref;
  const message = await db.selectFrom('sandbox_messages').select('ref').where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  return message?.ref ?? null;
}
