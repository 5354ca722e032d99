// Every engine task the worker runs, built from the composition root.
import { retryDueActions, settleReceivedActions } from '../connections/outbound.js';
import type { AppContext } from '../context.js';
import { outreachTask } from '../outreach/outreach.engine.js';
import { Worker, type WorkerTask } from './worker.js';

export function buildWorkerTasks(ctx: AppContext): WorkerTask[] {
  const deps = { db: ctx.database.db, clock: ctx.clock, network: ctx.network };
  const networkLog = ctx.logger.child({ subsystem: 'network' });
  let settled = false;
  return [
    {
      name: 'retry-outbound-actions',
      step: async () => {
        if (!settled) {
          settled = true;
          const count = await settleReceivedActions(deps);
          if (count > 0) networkLog.info({ count }, 'settled actions the network had received before a restart');
        }
        return (await retryDueActions(deps, networkLog)) > 0;
      },
    },
    outreachTask({ ...deps, seed: ctx.config.sandboxSeed, logger: ctx.logger.child({ subsystem: 'outreach' }) }),
  ];
}

export function createWorker(ctx: AppContext): Worker {
  return new Worker(buildWorkerTasks(ctx), ctx.logger.child({ subsystem: 'worker' }), { idleMs: ctx.config.workerIdleMs });
}
