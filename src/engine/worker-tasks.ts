// Every engine task the worker runs, built from the composition root.
import { retryDueActions } from '../connections/outbound.js';
import type { AppContext } from '../context.js';
import { outreachTask } from '../outreach/outreach.engine.js';
import { Worker, type WorkerTask } from './worker.js';

export function buildWorkerTasks(ctx: AppContext): WorkerTask[] {
  const deps = { db: ctx.database.db, clock: ctx.clock, network: ctx.network };
  const networkLog = ctx.logger.child({ subsystem: 'network' });
  return [
    { name: 'retry-outbound-actions', step: async () => (await retryDueActions(deps, networkLog)) > 0 },
    outreachTask({ ...deps, seed: ctx.config.sandboxSeed, logger: ctx.logger.child({ subsystem: 'outreach' }) }),
  ];
}

export function createWorker(ctx: AppContext): Worker {
  return new Worker(buildWorkerTasks(ctx), ctx.logger.child({ subsystem: 'worker' }), { idleMs: ctx.config.workerIdleMs });
}
