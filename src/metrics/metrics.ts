// The service's Prometheus metrics (prom-client), one registry per process context: several
// servers in one process (the tests) never count into each other's figures. Names and labels are
// listed in docs/metrics.md; every metric here has code that moves it.
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '../db/connect.js';

export type OutboundKind = 'invitation' | 'message' | 'withdrawal';

// Request and task durations: most answers take milliseconds, a fold page or a sync seconds.
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export class Metrics {
  readonly registry = new Registry();

  private readonly requests = new Histogram({
    name: 'warmline_http_request_duration_seconds',
    help: 'HTTP requests by route (its pattern), method and status, with their duration',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  private readonly rateLimited = new Counter({
    name: 'warmline_rate_limit_rejections_total',
    help: 'Requests refused with 429 by the per-workspace (or per-address) rate limit',
    registers: [this.registry],
  });

  private readonly taskRuns = new Histogram({
    name: 'warmline_worker_task_duration_seconds',
    help: 'Worker task steps by task and outcome (work, idle, failed: the step threw or a member sync it made failed), with their duration',
    labelNames: ['task', 'outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  private readonly outbound = new Counter({
    name: 'warmline_outbound_actions_total',
    help: 'Actions sent to a network (invitation, message, withdrawal) by result: sent or the error kind',
    labelNames: ['provider', 'kind', 'result'] as const,
    registers: [this.registry],
  });

  private readonly budgets = new Counter({
    name: 'warmline_network_budget_claims_total',
    help: "Claims on a real account's budgets (lookup, invitation, message, withdrawal) by result: spent or refused (the budget was spent, nothing asked of the network)",
    labelNames: ['provider', 'budget', 'result'] as const,
    registers: [this.registry],
  });

  private readonly providerErrors = new Counter({
    name: 'warmline_provider_errors_total',
    help: 'Errors of network provider calls by provider and kind',
    labelNames: ['provider', 'kind'] as const,
    registers: [this.registry],
  });

  private readonly pageCache = new Counter({
    name: 'warmline_page_cache_lookups_total',
    help: 'List pages asked of the page cache, by result (hit or miss)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  /** The database pool is read at each scrape (no bookkeeping on the query path). */
  watchPool(read: () => PoolUse | null): void {
    new Gauge({
      name: 'warmline_db_pool_connections',
      help: 'Database pool connections by state (max, total, idle, waiting clients); PostgreSQL only',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const use = read();
        if (use) for (const state of ['max', 'total', 'idle', 'waiting'] as const) this.set({ state }, use[state]);
      },
    });
  }

  private readonly webhookDeliveries = new Counter({
    name: 'warmline_webhook_deliveries_total',
    help: 'Outbound webhook delivery attempts by result (delivered, failed, disabled: the failure that disabled its subscription)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  /** The outbox is counted at each scrape (a query per scrape, none on the write path). */
  watchOutbox(count: () => Promise<number>): void {
    new Gauge({
      name: 'warmline_webhook_outbox_depth',
      help: 'Outbound webhook events not delivered yet',
      registers: [this.registry],
      async collect() {
        this.set(await count());
      },
    });
  }

  webhookDelivery(result: 'delivered' | 'failed' | 'disabled'): void {
    this.webhookDeliveries.inc({ result });
  }

  request(route: string, method: string, status: number, seconds: number): void {
    this.requests.observe({ route, method, status: String(status) }, seconds);
  }

  rateLimitRejected(): void {
    this.rateLimited.inc();
  }

  taskRun(task: string, outcome: 'work' | 'idle' | 'failed', seconds: number): void {
    this.taskRuns.observe({ task, outcome }, seconds);
  }

  outboundAction(provider: string, kind: OutboundKind, result: string): void {
    this.outbound.inc({ provider, kind, result });
  }

  budgetClaim(provider: string, budget: string, result: 'spent' | 'refused'): void {
    this.budgets.inc({ provider, budget, result });
  }

  providerError(provider: string, kind: string): void {
    this.providerErrors.inc({ provider, kind });
  }

  pageCacheLookup(hit: boolean): void {
    this.pageCache.inc({ result: hit ? 'hit' : 'miss' });
  }
}
