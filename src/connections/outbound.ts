// Exactly-once delivery of outbound actions. Each action is recorded in network_actions with
// its idempotency key BEFORE it is sent; a recorded but unconfirmed (PENDING) action is first
// reconciled with the provider (did it already receive this key?) and only then sent again,
// so neither a crash nor a concurrent request ever delivers it twice.
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import { NetworkError, type NetworkProvider } from '../network/provider.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import * as repo from './connections.repository.js';
import type { NetworkActionsTable } from './connections.table.js';

export interface OutboundDeps {
  db: Db;
  clock: Clock;
  network: NetworkProvider;
}

export type OutboundAction =
  | { kind: 'INVITATION'; workspaceId: string; teamMemberId: string; contactUrn: string; key: string; note: string | null }
  | { kind: 'MESSAGE'; workspaceId: string; teamMemberId: string; contactUrn: string; key: string; text: string };

/** Records the action (once per key) and makes sure it is delivered exactly once. */
export async function performAction(deps: OutboundDeps, action: OutboundAction): Promise<void> {
  const payload = action.kind === 'INVITATION' ? { note: action.note } : { text: action.text };
  await repo.insertActionOnce(deps.db, {
    id: newId('na'),
    workspace_id: action.workspaceId,
    idempotency_key: action.key,
    kind: action.kind,
    team_member_id: action.teamMemberId,
    contact_urn: action.contactUrn,
    payload: JSON.stringify(payload),
    status: 'PENDING',
    provider_ref: null,
    attempts: 0,
    last_error: null,
    created_at: deps.clock.now(),
    sent_at: null,
  });
  const row = await repo.findActionByKey(deps.db, action.key);
  if (row.status !== 'SENT') await deliver(deps, row);
}

/** Reconcile, then send: a provider that already received the key is never asked again. */
async function deliver(deps: OutboundDeps, row: NetworkActionsTable): Promise<void> {
  const received = await deps.network.findReceived(row.idempotency_key);
  if (received) {
    await repo.markActionSent(deps.db, row.id, received.ref, deps.clock.now());
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
    await repo.markActionSent(deps.db, row.id, sent.ref, deps.clock.now());
  } catch (err) {
    // After a transient failure the network may or may not have acted: the action stays
    // PENDING for reconciliation. Any other failure is certain non-delivery.
    if (err instanceof NetworkError) await repo.markActionUnsent(deps.db, row.id, err.mayHaveActed ? 'PENDING' : 'FAILED', err.message);
    throw err;
  }
}

/** Run at start: finishes every action a previous process recorded but did not confirm. */
export async function reconcilePendingActions(deps: OutboundDeps, logger: Logger): Promise<{ delivered: number; failed: number }> {
  let delivered = 0;
  let failed = 0;
  for (const row of await repo.listPendingActions(deps.db)) {
    try {
      await deliver(deps, row);
      delivered++;
    } catch (err) {
      failed++;
      logger.warn({ err, action: row.id }, 'pending network action could not be delivered yet');
    }
  }
  return { delivered, failed };
}
