// Connection checks, invitations and direct messages. Rule order (decisions.md): 403 (member,
// then account) before 400 (contact), and 406 only after both.
import { createHash } from 'node:crypto';
import { NetworkError, type AccountRef } from '../network/provider.js';
import { DomainError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { findTeamMember } from '../workspace/workspace.repository.js';
import * as repo from './connections.repository.js';
import { performAction, type OutboundDeps } from './outbound.js';

export interface ConnectionTarget {
  team_member_id: string;
  contact_urn?: string | null;
  lead_id?: string | null;
}

const NETWORK_ERROR_CODES = {
  not_found: 'contact_not_found',
  limit_reached: 'network_limit_reached',
  account_disconnected: 'account_not_connected',
  account_restricted: 'account_not_connected',
  transient: 'network_unavailable',
} as const;

/** Provider failures in the API's terms. */
async function viaNetwork<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof NetworkError) throw new DomainError(NETWORK_ERROR_CODES[err.kind], err.message);
    throw err;
  }
}

async function resolveTarget(deps: OutboundDeps, workspaceId: string, target: ConnectionTarget): Promise<{ account: AccountRef; urn: string }> {
  const member = await findTeamMember(deps.db, workspaceId, target.team_member_id);
  if (!member) throw new DomainError('team_member_forbidden');
  if (member.integration_status !== 'CONNECTED') throw new DomainError('account_not_connected');
  let urn: string | null = null;
  if (target.lead_id != null) urn = await repo.findLeadContactUrn(deps.db, workspaceId, target.lead_id);
  else if (target.contact_urn != null && (await repo.contactExists(deps.db, workspaceId, target.contact_urn))) urn = target.contact_urn;
  if (urn === null) throw new DomainError('contact_not_found');
  return { account: { workspaceId, teamMemberId: member.id }, urn };
}

export async function checkConnection(deps: OutboundDeps, workspaceId: string, target: ConnectionTarget) {
  const { account, urn } = await resolveTarget(deps, workspaceId, target);
  const state = await viaNetwork(() => deps.network.connectionState(account, urn));
  return { exists: state === 'CONNECTED' };
}

/** Nothing is sent while an invitation is pending or once connected. */
export async function sendInvitation(deps: OutboundDeps, workspaceId: string, target: ConnectionTarget & { message?: string | null }) {
  const { account, urn } = await resolveTarget(deps, workspaceId, target);
  const state = await viaNetwork(() => deps.network.connectionState(account, urn));
  if (state !== 'NONE') return {};
  // The n-th invitation of this pair: concurrent requests compute the same key, so only one
  // invitation is recorded; a later one (after a withdrawal) gets the next number.
  const sequence = await repo.countSentInvitations(deps.db, workspaceId, account.teamMemberId, urn);
  const key = `invitation:${workspaceId}:${account.teamMemberId}:${urn}:${sequence}`;
  await viaNetwork(() =>
    performAction(deps, { kind: 'INVITATION', workspaceId, teamMemberId: account.teamMemberId, contactUrn: urn, key, note: target.message ?? null }),
  );
  return {};
}

/**
 * Each accepted call delivers one message. With an `Idempotency-Key` header, a retried call
 * (same member, contact, text and header) is the same message; without one, every call is new.
 */
export async function sendDirectMessage(
  deps: OutboundDeps,
  workspaceId: string,
  target: ConnectionTarget & { message: string },
  clientKey: string | undefined,
) {
  const { account, urn } = await resolveTarget(deps, workspaceId, target);
  const state = await viaNetwork(() => deps.network.connectionState(account, urn));
  if (state !== 'CONNECTED') throw new DomainError('contact_not_connected');
  const requestPart =
    clientKey === undefined
      ? newId('req')
      : createHash('sha256').update([account.teamMemberId, urn, target.message, clientKey].join('\u0000')).digest('hex');
  const key = `message:${workspaceId}:${account.teamMemberId}:${urn}:${requestPart}`;
  await viaNetwork(() =>
    performAction(deps, { kind: 'MESSAGE', workspaceId, teamMemberId: account.teamMemberId, contactUrn: urn, key, text: target.message }),
  );
  return {};
}
