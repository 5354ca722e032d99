// The outreach worker task: takes one due sender per step (claimed with a lease, SKIP LOCKED on
// PostgreSQL) and lets it act; when no sender is due, finished campaigns are completed.
import type { WorkerTask } from '../engine/worker.js';
import * as repo from './outreach.repository.js';
import { runSenderStep, SENDER_LEASE_MS } from './sender-step.js';
import type { OutreachDeps } from './step-context.js';

/** Sender rows for newly active campaigns are looked for at most this often. */
const SYNC_EVERY_MS = 60_000;

export function outreachTask(deps: OutreachDeps): WorkerTask {
  let syncedAt = -Infinity;
  return {
    name: 'outreach',
    async step() {
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
      await runSenderStep(deps, sender);
      return true;
    },
  };
}
