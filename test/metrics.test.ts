// /metrics on its own listener, scraped and parsed after a known workload: every count checked.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { request } from 'undici';
import { buildWorkerTasks, createWorker } from '../src/engine/worker-tasks.js';
import { Worker } from '../src/engine/worker.js';
import { createLogger } from '../src/context.js';
import { startMetricsServer, type MetricsServer } from '../src/metrics/metrics-server.js';
import { CLI, cliEnv } from './helpers/cli.js';
import { ended } from './helpers/worker-process.js';
import { makeClient } from './helpers/client.js';
import { describeEachDialect, describeOnce } from './helpers/dialects.js';
import { addContact, addMember, sandboxOf } from './helpers/networking-fixtures.js';
import { parsePrometheus, total, type Sample } from './helpers/prometheus.js';
import { startServer, type TestServer } from './helpers/server.js';
import { tempDir } from './helpers/temp-dirs.js';

const SEND = '/v2/networking/connections/send';
const LIMIT = 9;

describeEachDialect('Prometheus metrics', (dialect) => {
  let server: TestServer;
  let metrics: MetricsServer;
  let samples: Sample[];
  let afterLostSync: Sample[];
  let taskNames: string[];

  beforeAll(async () => {
    server = await startServer(dialect, { flags: { rateLimit: LIMIT } });
    metrics = await startMetricsServer(server.ctx.metrics, '127.0.0.1', 0);
    const ws = await server.newWorkspace();
    const member = await addMember(server, ws.id, { connected: true });
    const [first, second] = [await addContact(server, ws.id), await addContact(server, ws.id)];
    const sandbox = sandboxOf(server);
    const api = ws.client;

    // The workload. Rate-limited requests: 3 lists, 1 lookup, 3 sends, then credits until refused twice.
    for (let i = 0; i < 3; i++) expect((await api.get('/v2/leads?limit=5')).status).toBe(200);
    expect((await api.get('/v2/leads/ld_nothing')).status).toBe(400);
    expect((await api.get('/v2/nothing')).status).toBe(404);
    sandbox.failNext('transient');
    expect((await api.post(SEND, { json: { team_member_id: member, contact_urn: first } })).status).toBe(503);
    expect((await api.post(SEND, { json: { team_member_id: member, contact_urn: first } })).status).toBe(200);
    sandbox.failNext('limit_reached');
    expect((await api.post(SEND, { json: { team_member_id: member, contact_urn: second } })).status).toBe(429);
    const credits = [];
    for (let i = 0; i < 4; i++) credits.push((await api.get('/v2/workspace/credits')).status);
    expect(credits).toEqual([200, 200, 429, 429]);
    // One worker round (each task one step), and a task that throws.
    taskNames = buildWorkerTasks(server.ctx).map((t) => t.name);
    await createWorker(server.ctx).round();
    const onStep = (task: string, outcome: 'work' | 'idle' | 'failed', seconds: number) => server.ctx.metrics.taskRun(task, outcome, seconds);
    const failing = { name: 'always-fails', step: async (): Promise<boolean> => { throw new Error('boom'); } };
    await new Worker([failing], createLogger('silent'), { idleMs: 10, onStep }).round();

    const scrape = await request(metrics.url);
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    samples = parsePrometheus(await scrape.body.text());

    // Then a member whose account the provider no longer has: its sync's calls are refused (it goes on without throwing).
    const lost = await server.newWorkspace();
    const lostMember = await addMember(server, lost.id, { connected: true });
    await sandbox.disconnectAccount({ workspaceId: lost.id, teamMemberId: lostMember });
    const sync = buildWorkerTasks(server.ctx).find((t) => t.name === 'sync-members')!;
    await new Worker([sync], createLogger('silent'), { idleMs: 10, onStep }).round();
    afterLostSync = parsePrometheus(await (await request(metrics.url)).body.text());
  });
  afterAll(async () => {
    await metrics?.close();
    await server?.close();
  });

  const requests = (labels: Record<string, string>) => total(samples, 'warmline_http_request_duration_seconds_count', labels);

  it('counts requests by route pattern, method and status, with durations', () => {
    expect(requests({ route: '/v2/leads', method: 'GET', status: '200' })).toBe(3);
    expect(requests({ route: '/v2/leads/:lead_id', method: 'GET', status: '400' })).toBe(1);
    expect(requests({ route: 'unmatched', status: '404' })).toBe(1);
    expect(requests({ route: SEND, method: 'POST' })).toBe(3);
    expect(requests({ route: SEND, status: '503' })).toBe(1);
    expect(requests({ route: '/v2/workspace/credits', status: '200' })).toBe(2);
    expect(requests({ route: '/v2/workspace/credits', status: '429' })).toBe(2);
    expect(total(samples, 'warmline_http_request_duration_seconds_sum', { route: '/v2/leads' })).toBeGreaterThan(0);
    const inf = total(samples, 'warmline_http_request_duration_seconds_bucket', { route: '/v2/leads', le: '+Inf' });
    expect(inf).toBe(3);
  });

  it('counts rate-limit rejections, not the network limit that also answers 429', () => {
    expect(total(samples, 'warmline_rate_limit_rejections_total')).toBe(2);
  });

  it('counts page-cache hits and misses', () => {
    // The same page three times: built, built again and kept (a page is kept when asked twice), then a hit.
    expect(total(samples, 'warmline_page_cache_lookups_total', { result: 'miss' })).toBe(2);
    expect(total(samples, 'warmline_page_cache_lookups_total', { result: 'hit' })).toBe(1);
  });

  it('counts outbound actions by kind and result, and provider errors by kind', () => {
    const outbound = (result: string) => total(samples, 'warmline_outbound_actions_total', { provider: 'sandbox', kind: 'invitation', result });
    expect([outbound('transient'), outbound('sent'), outbound('limit_reached')]).toEqual([1, 1, 1]);
    expect(total(samples, 'warmline_outbound_actions_total')).toBe(3);
    expect(total(samples, 'warmline_provider_errors_total', { provider: 'sandbox', kind: 'transient' })).toBe(1);
    expect(total(samples, 'warmline_provider_errors_total', { provider: 'sandbox', kind: 'limit_reached' })).toBe(1);
    expect(total(samples, 'warmline_provider_errors_total')).toBe(2);
  });

  it('counts worker steps by task and outcome, failures included', () => {
    const steps = (labels: Record<string, string>, from = samples) => total(from, 'warmline_worker_task_duration_seconds_count', labels);
    for (const task of taskNames) expect(steps({ task }), task).toBe(1);
    expect(steps({ task: 'always-fails', outcome: 'failed' })).toBe(1);
    expect(steps({})).toBe(taskNames.length + 1);
    // The round synced the connected member: work, not idle. The next step met the lost account: failed.
    const syncs = (from: Sample[]) => ['work', 'failed', 'idle'].map((outcome) => steps({ task: 'sync-members', outcome }, from));
    expect(syncs(samples)).toEqual([1, 0, 0]);
    expect(syncs(afterLostSync)).toEqual([1, 1, 0]);
  });

  it('reports the PostgreSQL pool (and nothing for SQLite, which has none)', () => {
    const pool = samples.filter((s) => s.name === 'warmline_db_pool_connections');
    if (dialect === 'sqlite') {
      expect(pool).toEqual([]);
    } else {
      expect(total(samples, 'warmline_db_pool_connections', { state: 'max' })).toBe(10);
      expect(total(samples, 'warmline_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(total(samples, 'warmline_db_pool_connections', { state: 'waiting' })).toBe(0);
    }
  });

  it('shows no webhook delivery and an empty outbox after a workload without subscriptions (test/webhooks.test.ts counts them)', () => {
    expect(samples.filter((s) => s.name.startsWith('warmline_webhook')).map((s) => [s.name, s.value])).toEqual([['warmline_webhook_outbox_depth', 0]]);
  });

  it('answers other paths and methods in the {"detail"} shape', async () => {
    const other = await request(metrics.url.replace('/metrics', '/other'));
    expect([other.statusCode, await other.body.text()]).toEqual([404, '{"detail":"Not Found"}']);
    const post = await request(metrics.url, { method: 'POST' });
    expect([post.statusCode, await post.body.text()]).toEqual([405, '{"detail":"Method Not Allowed"}']);
  });
});

/** `warmline serve` with these extra flags: its --json start line, and a way to stop it. */
async function serve(dataDir: string, flags: string[]) {
  const child = spawn(CLI.command, [...CLI.args, 'serve', '--data-dir', dataDir, '--port', '0', '--no-demo', '--no-worker', '--json', ...flags], {
    cwd: CLI.cwd,
    env: { ...cliEnv(), WARMLINE_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const info = await new Promise<{ url: string; metrics_url: string | null }>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    child.stdout!.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`serve exited (${code}): ${err}`)));
  });
  return {
    info,
    stop: () => ended(child, 'SIGKILL'),
  };
}

describeOnce('warmline serve --metrics-port', () => {
  it('is off by default, and serves the process\'s metrics on its own port when set', async () => {
    // One data directory for both starts: the TLS certificate is made once.
    const dataDir = tempDir('metrics');
    const plain = await serve(dataDir, []);
    await plain.stop();
    expect(plain.info.metrics_url).toBeNull();

    const served = await serve(dataDir, ['--metrics-port', '0']);
    try {
      expect(served.info.metrics_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect(served.info.metrics_url).not.toContain(new URL(served.info.url).port);
      expect((await makeClient(served.info.url).get('/v2/health')).status).toBe(200);
      const samples = parsePrometheus(await (await request(served.info.metrics_url!)).body.text());
      expect(total(samples, 'warmline_http_request_duration_seconds_count', { route: '/v2/health', status: '200' })).toBe(1);
    } finally {
      await served.stop();
    }
  }, 60_000);

  it('serves a separate worker\'s steps when WARMLINE_METRICS_PORT is set', async () => {
    const dataDir = tempDir('metrics-worker');
    const child = spawn(CLI.command, [...CLI.args, 'worker', '--data-dir', dataDir, '--engines', 'delivery', '--json'], {
      cwd: CLI.cwd,
      env: { ...cliEnv(), WARMLINE_LOG_LEVEL: 'warn', WARMLINE_METRICS_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const started = await new Promise<{ started: boolean; metrics_url: string }>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (d) => {
          out += d;
          const line = out.split('\n').find((l) => l.startsWith('{'));
          if (line) resolve(JSON.parse(line));
        });
        child.once('exit', (code) => reject(new Error(`worker exited (${code})`)));
      });
      expect(started.metrics_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      // The first round starts with the loop; its step is counted once it ends.
      let steps = 0;
      for (let i = 0; i < 100 && steps === 0; i++) {
        const samples = parsePrometheus(await (await request(started.metrics_url)).body.text());
        steps = total(samples, 'warmline_worker_task_duration_seconds_count', { task: 'retry-outbound-actions' });
        if (steps === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(steps).toBeGreaterThanOrEqual(1);
    } finally {
      await ended(child, 'SIGKILL');
    }
  }, 60_000);
});
