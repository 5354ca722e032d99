// The outreach engine's step: takes one due sender per step (claimed with a lease, SKIP LOCKED on
// PostgreSQL) and lets it act; when no sender is due, finished campaigns are completed.
import * as repo from './outreach.repository.js';
import { IDLE_MS, runSenderStep, SENDER_LEASE_MS } from './sender-step.js';
import type { OutreachEngineDeps } from './step-context.js';

/** Sender rows for newly active campaigns are looked for at most this often. */
const SYNC_EVERY_MS = 60_000;

/**
 * One bounded step of the outreach engine (true when it found work); the worker wraps it in a task.
 * Only senders of workspaces bound to a network are claimed; each acts through its workspace's provider.
 */
export function outreachStep(deps: OutreachEngineDeps): () => Promise<boolean> {
  let syncedAt = -Infinity;
  return async () => {
    const now = deps.clock.now();
    if (now - syncedAt >= SYNC_EVERY_MS || now < syncedAt) {
      await repo.ensureSenderRows(deps.db, now);
      syncedAt = now;
    }
    const sender = await repo.claimDueSender(deps.db, now, now + SENDER_LEASE_MS);
    if (!sender) {
      await repo.completeFinishedCampaigns(deps.db, now);
      return false;
    }
    const network = await deps.networks(sender.workspace_id);
    if (!network) {
      // Unbound since the claim: the sender waits, untouched.
      await repo.updateSender(deps.db, sender.workspace_id, sender.team_member_id, { claimed_until: null, next_step_at: now + IDLE_MS });
      return true;
    }
    await runSenderStep({ ...deps, network }, sender);
    return true;
  };
}
