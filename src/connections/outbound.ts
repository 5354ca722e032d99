// Exactly-once delivery of outbound actions. Each action is recorded in network_actions with
// its idempotency key BEFORE it is sent; a recorded but unconfirmed (PENDING) action is first
// reconciled with the provider (did it already receive this key?) and only then sent again,
// so neither a crash nor a concurrent request ever delivers it twice.
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../db/database.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { NetworkError, type NetworkProvider } from '../network/provider.js';
import type { ProviderFor } from '../network/registry.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import * as repo from './connections.repository.js';
import type { NetworkActionsTable } from '../db/schema/connections.table.js';
import { backoffMs } from '../shared/time.js';
import { emitEvent, wantsEvent } from '../webhooks/outbox.js';

/** An action of one workspace, through that workspace's provider. */
export interface OutboundDeps {
  db: Db;
  clock: Clock;
  network: NetworkProvider;
}

/** The worker's view: every workspace, each through its own provider. */
export interface RetryDeps {
  db: Db;
  clock: Clock;
  networks: ProviderFor<NetworkProvider>;
}

/** A delivery not finished within this time is presumed dead (its process crashed) and retried. */
export const DELIVERY_LEASE_MS = 60_000;

/** After a transient failure: 30 s, 1 min, 2 min, … up to an hour between attempts. */
export const retryDelayMs = (attempts: number) => backoffMs(30_000, 3_600_000, attempts);

export type OutboundAction =
  | { kind: 'INVITATION'; workspaceId: string; teamMemberId: string; contactUrn: string; key: string; note: string | null }
  | { kind: 'MESSAGE'; workspaceId: string; teamMemberId: string; contactUrn: string; key: string; text: string };

/**
 * Records the action unless its key was recorded before; the recording process holds it for
 * the delivery lease. Callers that must check limits first record it inside their transaction.
 * The provider is recorded with it: the action is only ever delivered through that provider.
 * Returns the record when this call made it.
 */
export function recordAction(db: DbOrTx, { clock, network }: Omit<OutboundDeps, 'db'>, action: OutboundAction) {
  const payload = action.kind === 'INVITATION' ? { note: action.note } : { text: action.text };
  return repo.insertActionOnce(db, {
    id: newId('na'),
    workspace_id: action.workspaceId,
    idempotency_key: action.key,
    kind: action.kind,
    provider: network.name,
    team_member_id: action.teamMemberId,
    contact_urn: action.contactUrn,
    payload: JSON.stringify(payload),
    status: 'PENDING',
    provider_ref: null,
    attempts: 0,
    last_error: null,
    created_at: clock.now(),
    sent_at: null,
    next_attempt_at: clock.now(),
    // The recording request delivers it now; the worker takes over only if this lapses.
    claimed_until: clock.now() + DELIVERY_LEASE_MS,
  });
}

/** Records the action (once per key) and makes sure it is delivered exactly once. */
export async function performAction(deps: OutboundDeps, action: OutboundAction): Promise<void> {
  await recordAction(deps.db, deps, action);
  const row = await repo.findActionByKey(deps.db, action.key);
  if (row.status !== 'SENT') await deliver(deps, row);
}

/**
 * performAction for an action its caller recorded in a transaction of its own, now committed:
 * `recorded` is what recordAction returned there (still held under the delivery lease), so it
 * needs no second look; undefined when the key had been recorded before.
 */
export async function performRecorded(deps: OutboundDeps, action: OutboundAction, recorded: NetworkActionsTable | undefined): Promise<void> {
  if (recorded) await deliver(deps, recorded);
  else await performAction(deps, action);
}

/** Reconcile, then send: a provider that already received the key is never asked again. */
async function deliver(deps: OutboundDeps, row: NetworkActionsTable): Promise<void> {
  const received = await deps.network.findReceived(row.idempotency_key);
  if (received) {
    await settleSent(deps, row, received.ref);
    return;
  }
  await repo.recordAttempt(deps.db, row.id);
  const account = { workspaceId: row.workspace_id, teamMemberId: row.team_member_id };
  const payload = JSON.parse(row.payload) as { note?: string | null; text?: string };
  try {
    const sent =
      row.kind === 'INVITATION'
        ? await deps.network.sendInvitation(account, row.contact_urn, payload.note ?? null, row.idempotency_key)
        : await deps.network.sendMessage(account, row.contact_urn, payload.text ?? '', row.idempotency_key);
    await settleSent(deps, row, sent.ref);
  } catch (err) {
    // After a transient failure the network may or may not have acted: the action stays
    // PENDING for reconciliation. Any other failure is certain non-delivery.
    if (err instanceof NetworkError) {
      // A 429's Retry-After is honoured: never sooner than the network asked.
      const retryAt = err.mayHaveActed ? deps.clock.now() + Math.max(retryDelayMs(row.attempts + 1), err.retryAfterMs ?? 0) : null;
      await repo.markActionUnsent(deps.db, row.id, err.mayHaveActed ? 'PENDING' : 'FAILED', err.message, retryAt);
    }
    throw err;
  }
}

/**
 * The action is SENT, once. A message's sending is an event for the workspace's webhooks, written
 * in the same transaction (an invitation's is the mirror's connection.requested).
 */
async function settleSent(deps: { db: Db; clock: Clock }, row: NetworkActionsTable, ref: string): Promise<void> {
  const at = deps.clock.now();
  if (row.kind !== 'MESSAGE' || !(await wantsEvent(deps.db, row.workspace_id, 'message.sent'))) {
    await repo.markActionSent(deps.db, row.id, ref, at);
    return;
  }
  await deps.db.transaction().execute(async (tx) => {
    if (!(await repo.markActionSent(tx, row.id, ref, at))) return;
    const text = (JSON.parse(row.payload) as { text?: string }).text ?? '';
    await emitEvent(tx, row.workspace_id, at, { type: 'message.sent', data: { action_id: row.id, team_member_id: row.team_member_id, contact_urn: row.contact_urn, text } });
  });
}

/** The provider an action was recorded for, if its workspace is still bound to it (never another). */
async function recordedProvider(deps: RetryDeps, row: NetworkActionsTable): Promise<NetworkProvider | null> {
  const network = await deps.networks(row.workspace_id);
  return network && network.name === row.provider ? network : null;
}

/**
 * Marks as sent every unconfirmed action the provider already received (a process died between
 * the network acting and the record). Asking sends nothing, so it needs no claim; run when a
 * worker starts. Returns how many it settled.
 */
export async function settleReceivedActions(deps: RetryDeps): Promise<number> {
  let settled = 0;
  for (const row of await repo.listPendingActions(deps.db)) {
    const network = await recordedProvider(deps, row);
    if (!network) continue;
    const received = await network.findReceived(row.idempotency_key);
    if (received) {
      await settleSent(deps, row, received.ref);
      settled++;
    }
  }
  return settled;
}

/**
 * One worker step: delivers the due actions that no live process holds (left by a transient
 * failure or a crash), each through the provider it was recorded for while its workspace is
 * still bound to that provider. Returns how many it took.
 */
export async function retryDueActions(deps: RetryDeps, logger: Logger, limit = 20): Promise<number> {
  const now = deps.clock.now();
  const rows = await repo.claimDueActions(deps.db, now, now + DELIVERY_LEASE_MS, limit);
  for (const row of rows) {
    const network = await recordedProvider(deps, row);
    if (!network) {
      await repo.releaseAction(deps.db, row.id);
      continue;
    }
    try {
      await deliver({ ...deps, network }, row);
    } catch (err) {
      // The database away is the worker's to report (once per outage) and wait out.
      if (isDatabaseUnavailable(err)) throw err;
      logger.warn({ err, action: row.id }, 'network action not delivered yet');
    }
  }
  return rows.length;
}
