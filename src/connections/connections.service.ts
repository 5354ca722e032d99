// Connection checks, invitations and direct messages. Rule order (decisions.md): 403 (member,
// then account) before 400 (contact), then 409 when the workspace has no network to send
// through, and 406 only after all of them. Each call goes through the workspace's own provider.
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';
import { NetworkError, type AccountRef, type NetworkLimit, type NetworkProvider } from '../network/provider.js';
import type { ProviderFor } from '../network/registry.js';
import type { Clock } from '../shared/clock.js';
import { DomainError, type DomainErrorCode } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { findTeamMember } from '../workspace/workspace.repository.js';
import * as repo from './connections.repository.js';
import { mirroredState, mirrorState } from './mirror.js';
import { performAction, type OutboundDeps } from './outbound.js';

export interface ConnectionsDeps {
  db: Db;
  clock: Clock;
  networks: ProviderFor<NetworkProvider>;
}

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

/** A limit in the API's terms: each says which it is (an unnamed one is the invitation limit, as ever). */
const LIMIT_CODES: Record<NetworkLimit, DomainErrorCode> = {
  profile_lookups: 'network_lookup_limit_reached',
  invitations: 'network_limit_reached',
  withdrawals: 'network_limit_reached',
  messages: 'network_message_limit_reached',
  network: 'network_own_limit_reached',
};

/** Provider failures in the API's terms. */
async function viaNetwork<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    const code = err.kind === 'limit_reached' && err.limit ? LIMIT_CODES[err.limit] : NETWORK_ERROR_CODES[err.kind];
    throw new DomainError(code, err.message, err.retryAfterMs);
  }
}

async function resolveTarget(deps: ConnectionsDeps, workspaceId: string, target: ConnectionTarget): Promise<{ account: AccountRef; urn: string }> {
  const member = await findTeamMember(deps.db, workspaceId, target.team_member_id);
  if (!member) throw new DomainError('team_member_forbidden');
  if (member.integration_status !== 'CONNECTED') throw new DomainError('account_not_connected');
  let urn: string | null = null;
  if (target.lead_id != null) urn = await repo.findLeadContactUrn(deps.db, workspaceId, target.lead_id);
  else if (target.contact_urn != null && (await repo.contactExists(deps.db, workspaceId, target.contact_urn))) urn = target.contact_urn;
  if (urn === null) throw new DomainError('contact_not_found');
  return { account: { workspaceId, teamMemberId: member.id }, urn };
}

/** The workspace's provider, for a call that acts on the network; none bound: nothing is sent. */
async function requireNetwork(deps: ConnectionsDeps, workspaceId: string): Promise<OutboundDeps> {
  const network = await deps.networks(workspaceId);
  if (!network) throw new DomainError('no_network_bound');
  return { db: deps.db, clock: deps.clock, network };
}

/** Asks the provider (and mirrors its answer); a workspace without a network is answered from the mirror. */
export async function checkConnection(deps: ConnectionsDeps, workspaceId: string, target: ConnectionTarget) {
  const { account, urn } = await resolveTarget(deps, workspaceId, target);
  const network = await deps.networks(workspaceId);
  if (!network) return { exists: (await mirroredState(deps.db, account, urn)) === 'CONNECTED' };
  const state = await viaNetwork(() => network.connectionState(account, urn));
  await mirrorState(deps.db, account, urn, state, deps.clock.now());
  return { exists: state === 'CONNECTED' };
}

/** Nothing is sent while an invitation is pending or once connected. */
export async function sendInvitation(connections: ConnectionsDeps, workspaceId: string, target: ConnectionTarget & { message?: string | null }) {
  const { account, urn } = await resolveTarget(connections, workspaceId, target);
  const deps = await requireNetwork(connections, workspaceId);
  const state = await viaNetwork(() => deps.network.connectionState(account, urn));
  if (state !== 'NONE') {
    await mirrorState(deps.db, account, urn, state, deps.clock.now());
    return {};
  }
  // The n-th invitation of this pair: concurrent requests compute the same key, so only one
  // invitation is recorded; a later one (after a withdrawal) gets the next number.
  const sequence = await repo.countSentInvitations(deps.db, workspaceId, account.teamMemberId, urn);
  const key = `invitation:${workspaceId}:${account.teamMemberId}:${urn}:${sequence}`;
  await viaNetwork(() =>
    performAction(deps, { kind: 'INVITATION', workspaceId, teamMemberId: account.teamMemberId, contactUrn: urn, key, note: target.message ?? null }),
  );
  await mirrorState(deps.db, account, urn, 'PENDING', deps.clock.now());
  return {};
}

/**
 * Each accepted call delivers one message. With an `Idempotency-Key` header, a retried call
 * (same member, contact, text and header) is the same message; without one, every call is new.
 */
export async function sendDirectMessage(
  connections: ConnectionsDeps,
  workspaceId: string,
  target: ConnectionTarget & { message: string },
  clientKey: string | undefined,
) {
  const { account, urn } = await resolveTarget(connections, workspaceId, target);
  const deps = await requireNetwork(connections, workspaceId);
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
