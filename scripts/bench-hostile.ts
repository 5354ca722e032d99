// How much one hostile request stalls everyone else: polls GET /v2/health back to back while
// another connection sends the worst bodies known, one after another, and reports the health
// latency (p50, p99, worst) of each phase against a baseline measured in the same run without
// hostile traffic. The server runs in a child process (the same file with --serve) so the
// measuring side never shares its event loop; it also reports, per phase, its longest event-loop
// stall and its CPU time per hostile request (CPU time barely moves when other processes load
// the machine, wall-clock latencies do).
// How to run it: USAGE below (`npm run bench:hostile -- --help`).
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { exitOnHelp, forkedWith, refuseArguments } from './usage.js';

const USAGE = `
How much one hostile request stalls everyone else: GET /v2/health polled back to back while another
connection repeats one of the worst bodies known, phase after phase, against a baseline without
hostile traffic measured in the same run. Per phase: health latency (p50, p99, worst, p99 over the
baseline's), and the server's longest event-loop stall and CPU time per hostile request (the server
runs in a child process, on a temporary SQLite database).

  npm run bench:hostile
  BENCH_PHASE_MS=1000 npm run bench:hostile   shorter phases

Options:
  -h, --help   this text

Environment: BENCH_PHASE_MS, the length of each phase in ms (default 3000).

Any other argument is refused: the settings are the environment variables above.
`;
exitOnHelp(USAGE);
// The server child: this file forked by main() with --serve, an internal mode (not in the usage).
const SERVING = forkedWith('--serve');
if (!SERVING) refuseArguments('bench-hostile');

const MiB = 1024 * 1024;
const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 3000);

interface Ready {
  url: string;
  key: string;
  leadId: string;
  campaignId: string;
}

async function serve(): Promise<void> {
  const { loadConfig } = await import('../src/config.js');
  const { createContext, createLogger } = await import('../src/context.js');
  const { buildServer, serverDeps } = await import('../src/server/server.js');
  const { loadTlsMaterial } = await import('../src/http/tls.js');
  const { createWorkspace, addTeamMember } = await import('../src/workspace/workspace.service.js');
  const { createApiKey } = await import('../src/auth/api-keys.service.js');
  const { createCampaign } = await import('../src/campaigns/campaigns.operator.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'warmline-bench-hostile-'));
  const config = loadConfig({ dataDir, host: '127.0.0.1', port: 0, logLevel: 'silent', demo: false, worker: false, rateLimit: 100_000_000 }, {});
  const ctx = await createContext(config, { logger: createLogger('silent') });
  const { db } = ctx.database;
  const { id: workspaceId } = await createWorkspace(db, ctx.clock, 'Bench');
  const { id: memberId } = await addTeamMember(db, ctx.clock, workspaceId, { email: 'm@bench.test' });
  const { id: campaignId } = await createCampaign(db, ctx.clock, workspaceId, { name: 'Bench', creatorId: memberId, status: 'ACTIVE' });
  const { key } = await createApiKey(db, ctx.clock, workspaceId, 'bench');
  const app = await buildServer(serverDeps(ctx, await loadTlsMaterial(config)));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  // Gone with the script that forked it, whether it closed us or failed: an orphan would keep serving.
  process.once('disconnect', () => process.exit());
  process.on('message', async (message) => {
    if (message === 'stats') {
      const { user, system } = process.cpuUsage();
      process.send!({ cpuMs: (user + system) / 1000, stallMs: loop.max / 1e6 } satisfies Stats);
      loop.reset();
      return;
    }
    await app.close();
    await ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.disconnect();
  });
  process.send!({ url: address.replace(/^http:/, 'https:'), key, leadId: 'ld_missing', campaignId } satisfies Ready);
}

interface Stats {
  cpuMs: number;
  /** The longest event-loop delay since the last reading. */
  stallMs: number;
}

interface Attack {
  name: string;
  method: string;
  path: (r: Ready) => string;
  contentType: string;
  body: string;
}

const profiles = (n: number, profile: unknown) => JSON.stringify({ profiles: Array.from({ length: n }, () => profile) });
const ATTACKS: Attack[] = [
  { name: '1 MiB unclosed [1,1,1,…', method: 'PATCH', path: (r) => `/v2/leads/${r.leadId}`, contentType: 'application/json', body: `[${'1,'.repeat(MiB / 2 - 1)}` },
  { name: '1 MiB unclosed [{"a":1},…', method: 'PATCH', path: (r) => `/v2/leads/${r.leadId}`, contentType: 'application/json', body: `[${'{"a":1},'.repeat(MiB / 8 - 1)}` },
  { name: '[ × 10,000', method: 'PATCH', path: (r) => `/v2/leads/${r.leadId}`, contentType: 'application/json', body: '['.repeat(10_000) },
  { name: '[ × 1 MiB', method: 'PATCH', path: (r) => `/v2/leads/${r.leadId}`, contentType: 'application/json', body: '['.repeat(MiB) },
  { name: 'valid JSON nested 5,000 deep', method: 'PATCH', path: (r) => `/v2/leads/${r.leadId}`, contentType: 'application/json', body: '['.repeat(5000) + ']'.repeat(5000) },
  { name: 'valid JSON nested 500 deep (echoed)', method: 'PATCH', path: (r) => `/v2/leads/${r.leadId}`, contentType: 'application/json', body: '['.repeat(500) + ']'.repeat(500) },
  { name: '1 MiB string with escapes, broken', method: 'PATCH', path: (r) => `/v2/leads/${r.leadId}`, contentType: 'application/json', body: `{"a":"${'\\n'.repeat(MiB / 2 - 8)}" x` },
  { name: '1 MiB of text/plain (echoed)', method: 'PATCH', path: (r) => `/v2/leads/${r.leadId}`, contentType: 'text/plain', body: 'x'.repeat(MiB - 1) },
  { name: '100,000 empty profiles', method: 'PUT', path: (r) => `/v2/networking/campaigns/${r.campaignId}`, contentType: 'application/json', body: profiles(100_000, {}) },
  { name: '1 MiB of empty profiles', method: 'PUT', path: (r) => `/v2/networking/campaigns/${r.campaignId}`, contentType: 'application/json', body: profiles(Math.floor((MiB - 20) / 3), {}) },
  { name: '1,000 profiles × 6 errors', method: 'PUT', path: (r) => `/v2/networking/campaigns/${r.campaignId}`, contentType: 'application/json', body: profiles(1000, { username: [], network_urn: [], first_name: [], last_name: [], email: [], crm_id: [] }) },
  { name: '1,000 valid profiles (enrolled)', method: 'PUT', path: (r) => `/v2/networking/campaigns/${r.campaignId}`, contentType: 'application/json',
    body: JSON.stringify({ profiles: Array.from({ length: 1000 }, (_, i) => ({ username: `user-${i}`, first_name: 'F', last_name: 'L' })) }) },
];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function stats(child: ChildProcess): Promise<Stats> {
  child.send('stats');
  return new Promise((resolve) => child.once('message', (m) => resolve(m as Stats)));
}

async function phase(child: ChildProcess, ready: Ready, attack: Attack | null) {
  const before = await stats(child);
  const health = new Agent({ connect: { rejectUnauthorized: false } });
  const hostile = new Agent({ connect: { rejectUnauthorized: false } });
  const latencies: number[] = [];
  const attackTimes: number[] = [];
  const statuses = new Set<number>();
  let responseBytes = 0;
  const until = performance.now() + PHASE_MS;
  const poll = (async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const res = await request(`${ready.url}/v2/health`, { dispatcher: health });
      await res.body.text();
      latencies.push(performance.now() - t);
    }
  })();
  const attackLoop = (async () => {
    if (!attack) return;
    const body = Buffer.from(attack.body);
    while (performance.now() < until) {
      const t = performance.now();
      const res = await request(`${ready.url}${attack.path(ready)}`, {
        method: attack.method as 'PATCH',
        headers: { authorization: `Bearer ${ready.key}`, 'content-type': attack.contentType },
        body,
        dispatcher: hostile,
      });
      responseBytes = (await res.body.arrayBuffer()).byteLength;
      statuses.add(res.statusCode);
      attackTimes.push(performance.now() - t);
    }
  })();
  await Promise.all([poll, attackLoop]);
  const after = await stats(child);
  await health.close();
  await hostile.close();
  latencies.sort((a, b) => a - b);
  return {
    latencies,
    attacks: attackTimes.length,
    attackMean: attackTimes.reduce((a, b) => a + b, 0) / Math.max(1, attackTimes.length),
    statuses: [...statuses].join(','),
    responseBytes,
    cpuMs: after.cpuMs - before.cpuMs,
    stallMs: after.stallMs,
  };
}

async function main(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx'] });
  const ready = await new Promise<Ready>((resolve) => child.once('message', (m) => resolve(m as Ready)));
  await phase(child, ready, null); // warm-up: TLS sessions, JIT
  const base = await phase(child, ready, null);
  const p99Base = quantile(base.latencies, 0.99);
  const cpuPerPoll = base.cpuMs / base.latencies.length;
  const fmt = (n: number) => n.toFixed(1).padStart(7);
  console.log(`health polled back to back for ${PHASE_MS} ms per phase while one connection repeats the hostile request;`);
  console.log(`Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}; times in ms`);
  console.log(
    `${'phase'.padEnd(36)} ${'sent'.padStart(5)} ${'status'.padStart(6)} ${'resp KB'.padStart(7)} ${'CPU/req'.padStart(7)} ${'stall'.padStart(7)}` +
      ` ${'polls'.padStart(6)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'worst'.padStart(7)} ${'p99/base'.padStart(8)}`,
  );
  const row = (name: string, r: Awaited<ReturnType<typeof phase>>) => {
    // The server's CPU time in the phase, less what the health polls cost in the baseline.
    const cpuPerAttack = r.attacks > 0 ? (r.cpuMs - cpuPerPoll * r.latencies.length) / r.attacks : 0;
    console.log(
      `${name.padEnd(36)} ${String(r.attacks).padStart(5)} ${r.statuses.padStart(6)} ${(r.responseBytes / 1024).toFixed(0).padStart(7)} ${fmt(cpuPerAttack)} ${fmt(r.stallMs)}` +
        ` ${String(r.latencies.length).padStart(6)} ${fmt(quantile(r.latencies, 0.5))} ${fmt(quantile(r.latencies, 0.99))} ${fmt(r.latencies[r.latencies.length - 1])}` +
        ` ${(quantile(r.latencies, 0.99) / p99Base).toFixed(1).padStart(8)}`,
    );
  };
  row('baseline (no hostile traffic)', base);
  for (const attack of ATTACKS) row(attack.name, await phase(child, ready, attack));
  child.send('close');
}

if (SERVING) await serve();
else await main();
