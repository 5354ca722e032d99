// Every engine task the worker runs, built from the composition root.
import { retryDueActions, settleReceivedActions } from '../connections/outbound.js';
import type { AppContext } from '../context.js';
import { processInbox, pruneInbox } from '../inbound/inbox.processor.js';
import { outreachStep } from '../outreach/outreach.engine.js';
import { enrichWaitingLeads } from '../enrichment/enrichment.engine.js';
import { rescoreLeads, syncNextDueMember } from '../ingestion/ingestion.engine.js';
import { DEFAULT_SYNC_SCHEDULE } from '../ingestion/sync-schedule.js';
import { seededRandom } from '../shared/random.js';
import { DAY_MS } from '../shared/time.js';
import { Worker, type StepOutcome, type WorkerTask } from './worker.js';
import { deliverWebhooks } from '../webhooks/delivery.js';
import { IDEMPOTENCY_TTL_MS } from '../http/idempotency.js';
import { deleteExpiredKeys } from '../http/idempotency.repository.js';
import { deleteActivityBefore } from '../workspace/activity.repository.js';
import { syncCrms } from '../crm/crm-sync.engine.js';

/** The engines the worker can run; `serve` and `warmline worker` run them all. */
export type Engine = 'delivery' | 'ingestion' | 'outreach' | 'crm';
export const ALL_ENGINES: readonly Engine[] = ['delivery', 'ingestion', 'outreach', 'crm'];

export function buildWorkerTasks(ctx: AppContext, engines: readonly Engine[] = ALL_ENGINES): WorkerTask[] {
  const builders: Record<Engine, (ctx: AppContext) => WorkerTask[]> = { delivery: deliveryTasks, ingestion: ingestionTasks, outreach: outreachTasks, crm: crmTasks };
  return engines.flatMap((engine) => builders[engine](ctx));
}

/** The idle pause is clock time (a faster clock makes the worker look for work as often in clock terms), but never under 10 real ms. */
export function createWorker(ctx: AppContext, engines: readonly Engine[] = ALL_ENGINES): Worker {
  const idleMs = Math.max(10, Math.round(ctx.config.workerIdleMs / ctx.config.clockRate));
  const onStep = (task: string, outcome: StepOutcome, seconds: number) => ctx.metrics.taskRun(task, outcome, seconds);
  return new Worker(buildWorkerTasks(ctx, engines), ctx.logger.child({ subsystem: 'worker' }), { idleMs, onStep });
}

/** Every engine acts only for workspaces bound to a provider, each through its own (ctx.networks). */
const engineDeps = (ctx: AppContext) => ({ db: ctx.database.db, clock: ctx.clock, networks: ctx.networks.resolve });

/** The outreach engine's own seed: its spacing owes nothing to the simulated network's. */
const OUTREACH_SEED = 'warmline-outreach';

/** Unconfirmed outbound actions: settled after a restart, retried when due. */
function deliveryTasks(ctx: AppContext): WorkerTask[] {
  const deps = engineDeps(ctx);
  const networkLog = ctx.logger.child({ subsystem: 'network' });
  let settled = false;
  // Made at the first delivery, then kept.
  let delivery: ReturnType<typeof webhookDeliveryDeps> | undefined;
  let lastExpiry = -Infinity;
  let lastActivityExpiry = -Infinity;
  return [
    {
      name: 'retry-outbound-actions',
      step: async () => {
        if (!settled) {
          // Settled once it has run through: a database away at start leaves it for the next step.
          const count = await settleReceivedActions(deps);
          settled = true;
          if (count > 0) networkLog.info({ count }, 'settled actions the network had received before a restart');
        }
        return (await retryDueActions(deps, networkLog)) > 0;
      },
    },
    // Outbound webhooks: the workspace's subscriptions get their outbox, in order (docs/webhooks.md).
    { name: 'deliver-webhooks', step: async () => (await deliverWebhooks((delivery ??= webhookDeliveryDeps(ctx)))) > 0 },
    {
      // Stored Idempotency-Key answers past their 24 hours, a batch at a time; busy while some remain.
      name: 'expire-idempotency-keys',
      step: async () => {
        const now = ctx.clock.now();
        if (now - lastExpiry < EXPIRY_EVERY_MS) return false;
        const deleted = await deleteExpiredKeys(ctx.database.db, now - IDEMPOTENCY_TTL_MS, EXPIRY_BATCH);
        if (deleted < EXPIRY_BATCH) lastExpiry = now;
        return deleted === EXPIRY_BATCH;
      },
    },
    {
      // The activity log past its retention (WARMLINE_ACTIVITY_RETENTION_DAYS), once a day, a batch at a time.
      name: 'expire-activity',
      step: async () => {
        const now = ctx.clock.now();
        if (now - lastActivityExpiry < DAY_MS) return false;
        const deleted = await deleteActivityBefore(ctx.database.db, now - ctx.config.activityRetentionDays * DAY_MS, EXPIRY_BATCH);
        if (deleted < EXPIRY_BATCH) lastActivityExpiry = now;
        return deleted === EXPIRY_BATCH;
      },
    },
  ];
}

const EXPIRY_EVERY_MS = 60_000;
const EXPIRY_BATCH = 1_000;

export const webhookDeliveryDeps = (ctx: AppContext) => ({
  db: ctx.database.db,
  clock: ctx.clock,
  secret: ctx.secret(),
  allowPrivate: ctx.config.webhooksAllowPrivate,
  timeoutMs: ctx.config.webhookTimeoutMs,
  onResult: (result: 'delivered' | 'failed' | 'disabled') => ctx.metrics.webhookDelivery(result),
});

/** Members' posts and engagement into leads; enrichment; the decay of scores. */
function ingestionTasks(ctx: AppContext): WorkerTask[] {
  const ingestion = { ...engineDeps(ctx), schedule: { ...DEFAULT_SYNC_SCHEDULE, intervalMs: ctx.config.syncIntervalMs } };
  const ingestionLog = ctx.logger.child({ subsystem: 'ingestion' });
  const enrichment = { db: ctx.database.db, clock: ctx.clock, enrichments: ctx.enrichments.resolve };
  let lastRescore = -Infinity;
  return [
    {
      // Syncs run on their own schedule, not as a backlog to hurry: the step syncs the members
      // due now (one claim at a time, so workers share them) and lets the loop idle afterwards.
      name: 'sync-members',
      paced: true,
      step: async (signal) => {
        let synced = 0;
        let failed = false;
        for (let i = 0; i < 25 && !signal.aborted; i++) {
          const result = await syncNextDueMember(ingestion, signal, ingestionLog);
          if (result === null) break;
          synced++;
          failed ||= result.failed === true || result.refused > 0;
        }
        return failed ? 'failed' : synced > 0;
      },
    },
    { name: 'enrich-leads', step: async () => (await enrichWaitingLeads(enrichment)) > 0 },
    {
      // Scores decay with time; an hourly set-based pass writes the scores that changed.
      name: 'rescore-leads',
      paced: true,
      step: async () => {
        const now = ctx.clock.now();
        if (now - lastRescore < 3_600_000) return false;
        lastRescore = now;
        const count = await rescoreLeads(ctx.database.db, now);
        if (count > 0) ingestionLog.info({ count }, 'leads re-scored');
        return count > 0;
      },
    },
  ];
}

/**
 * Active campaigns: invitations within the senders' limits, acceptance, follow-ups, withdrawals;
 * and what Unipile's webhooks delivered (acceptances, replies, account status), applied first.
 */
function outreachTasks(ctx: AppContext): WorkerTask[] {
  const hooks = { ...engineDeps(ctx), logger: ctx.logger.child({ subsystem: 'hooks' }), webhookFormat: ctx.webhookFormat };
  let lastPrune = -Infinity;
  return [
    {
      name: 'apply-webhook-events',
      step: async () => {
        if (ctx.clock.now() - lastPrune >= DAY_MS) {
          lastPrune = ctx.clock.now();
          await pruneInbox(hooks);
        }
        return (await processInbox(hooks)) > 0;
      },
    },
    { name: 'outreach', step: outreachStep({ ...engineDeps(ctx), random: seededRandom(OUTREACH_SEED), logger: ctx.logger.child({ subsystem: 'outreach' }) }) },
  ];
}

/** Leads pushed to each workspace's CRM and customers pulled from it (docs/crm.md). */
function crmTasks(ctx: AppContext): WorkerTask[] {
  const deps = { db: ctx.database.db, clock: ctx.clock, crms: ctx.crms.resolve, logger: ctx.logger.child({ subsystem: 'crm' }) };
  return [{ name: 'crm-sync', step: async () => (await syncCrms(deps)) > 0 }];
}
