// GET /v2/leads cold: pages nobody asked for before, at 1,000,000 leads (docs/leads-cold.md).
// How to run it: USAGE below (`npm run bench:leads-cold -- --help`).
// Each of N walkers (one HTTPS connection each) walks its own (filter, sort, limit) through the
// cursors; when a walk ends it starts another with another filter value or limit. No URL is ever
// asked twice (checked: the run fails if one repeats), so the page cache cannot answer; it stays on,
// as in production. The server is the real one, started as users start it (`bin/warmline.js serve`:
// compiled, with the launcher's Node flags), after compiling src/ so it runs this tree's code. Per
// case: req/s, p50, p99, errors, and the ratio to the floor (a bare Fastify HTTPS route with the
// server's certificate, in a helper process, returning a precomputed body of the case's median page
// size) measured right after the case in the same run. Then all cases mixed, and mixed with a writer
// (a PATCH every 20 ms over HTTPS, an ingestion round every second from the helper process, as
// `warmline worker` writes). The server's RSS is sampled, and its CPU time per request counted (all
// threads, and the main thread alone). With --ceiling each case's walks also go on against the
// list's own page work served by a bare route (the helper's), the most any server doing that work
// could answer here.
import { execFileSync, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { createApiKey } from '../src/auth/api-keys.service.js';
import { connectDb } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { systemClock } from '../src/shared/clock.js';
import { coldDataDay, COLD_DAYS, COLD_MEMBERS, COLD_WORKSPACE, ensureColdDatabase, ensureColdFeeds, walkData, type WalkData } from './bench-cold-data.js';
import { feedSweepPaths, leadSweepPaths, sweep } from './bench-leads-sweep.js';
import { nextMessage } from './bench-worker.js';
import { exitOnHelp } from './usage.js';

const USAGE = `
GET /v2/leads cold at 1,000,000 leads: N walkers follow their own cursors, each case against a bare
HTTPS floor measured in the same run (docs/leads-cold.md).

  npm run bench:leads-cold                          SQLite: .bench/leads-cold-<n>.db, built once, then reused
  npm run bench:leads-cold -- --db postgres://…/db  PostgreSQL: the database is built once, then reused
  npm run bench:feeds-cold                          the same as --suite feeds
  npm run bench:leads-cold -- --db <file> --workspace <id>
                                                    a workspace as it is (an imported snapshot)

Options:
  --db <file | postgres://…>  where the workspace is (default .bench/leads-cold-<n>.db)
  --seconds <s>               per case (default 8)
  --floor-seconds <s>         the floor's run after each case (default 4)
  --connections <n>           walkers, one HTTPS connection each (default 32)
  --rounds <n>                how many times the cases run, each round ending all mixed (default 1)
  --only <name,name>          these cases only (a misspelt name is refused with the list of cases)
  --no-writer                 skips the last case (all cases mixed, with a concurrent writer)
  --ceiling                   after each case's floor, its walks go on against the ceiling: a
                              bare route of the helper process doing the list's own page
                              work (cursor, plan, statements, rendering, envelope) and nothing of
                              the HTTP app (key look-up, limiter, validation, page cache, metrics);
                              prints its req/s and its ratio to the floor (lead list only)
  --sweep                     instead of the cases: every filter × sort combination of the suite's
                              lists (the lead list's 3,456; both feeds' 192 and the campaigns list's
                              3 page sizes), one request at a time, its first three pages each;
                              prints the latencies and the slowest requests
                              (scripts/bench-leads-sweep.ts)
  --suite leads|feeds|all     the lead list (default); both feeds at BENCH_POSTS (100,000) posts and
                              the campaigns list (3,000 campaigns); or both
  --workspace <id>            walk this workspace of --db as it is, e.g. one imported from
                              \`npm run make-snapshot\`, instead of building the bench's own: nothing
                              is built, the walks take their companies, posts and dates from it (lead
                              list only). The walkers' API key stays in it, and the writer adds
                              leads (dated on its last day) and moves statuses (--no-writer leaves
                              its leads as they are)
  -h, --help                  this text

Environment: BENCH_LEADS (default 1000000: another size gets its own file or database marker),
BENCH_POSTS (default 100000), BENCH_PROF=<dir> (the server's CPU profile, node --cpu-prof).
`;
exitOnHelp(USAGE);
const { values: opts } = parseArgs({
  options: {
    db: { type: 'string' },
    seconds: { type: 'string', default: '8' },
    'floor-seconds': { type: 'string', default: '4' },
    connections: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '1' },
    only: { type: 'string' },
    'no-writer': { type: 'boolean', default: false },
    ceiling: { type: 'boolean', default: false },
    sweep: { type: 'boolean', default: false },
    suite: { type: 'string', default: 'leads' },
    workspace: { type: 'string' },
  },
});
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const SUITE = opts.suite!;
if (!['leads', 'feeds', 'all'].includes(SUITE)) throw new Error(`--suite leads|feeds|all, not ${SUITE}`);
const WORKSPACE = opts.workspace ?? COLD_WORKSPACE;
if (opts.workspace !== undefined && (SUITE !== 'leads' || opts.db === undefined)) throw new Error('--workspace walks the lead list of an existing database: give --db, and no --suite');
if (opts.sweep && opts.only !== undefined) throw new Error('--sweep asks every combination of the suite\'s lists: no --only with it');
if (opts.ceiling && (SUITE !== 'leads' || opts.sweep)) throw new Error('--ceiling runs the lead list\'s cases: no --suite or --sweep with it');
const SECONDS = Number(opts.seconds);
const FLOOR_SECONDS = Number(opts['floor-seconds']);
const CONNECTIONS = Number(opts.connections);
const ROUNDS = Number(opts.rounds);
const here = path.dirname(fileURLToPath(import.meta.url));
const dbArg = opts.db ?? path.join(here, '..', '.bench', `leads-cold-${LEADS}.db`);
const isPg = /^postgres(ql)?:\/\//.test(dbArg);
if (!isPg) fs.mkdirSync(path.dirname(path.resolve(dbArg)), { recursive: true });
const target = isPg ? ({ dialect: 'postgres', url: dbArg } as const) : ({ dialect: 'sqlite', file: path.resolve(dbArg) } as const);

const DAY = 86_400_000;
/** What the walks take their values from, read from the workspace before the server starts. */
let data: WalkData;
/**
 * Windows are written for the bench's own data, 730 days ending on its build day. `iso(d)` is the date
 * d of those days before the data's last day, scaled to the walked workspace's span (an imported demo
 * snapshot covers two months); `exactly(d)` is not scaled (the bad-input cases' dates, unique per walk);
 * `daysBack(d)` is a `days` parameter (counted from today) reaching iso(d).
 */
const dayIso = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
const scaled = (days: number) => Math.round((days * data.span) / COLD_DAYS);
const iso = (days: number) => dayIso(data.day - scaled(days));
const exactly = (days: number) => dayIso(data.day - days);
const daysBack = (days: number) => Math.floor(Date.now() / DAY) - data.day + scaled(days);
/**
 * A walk's first path from its variant number v (walker + walkers × walk number, distinct for every walk
 * of a run): the filter value, the window and the limit move with v, so no two walks share a URL.
 */
type Walk = (v: number) => string;
const pick = (v: number, n: number) => (v * 7919) % n;
const STATUSES = ['QUALIFIED', 'DISQUALIFIED', 'NEW'];
const on = (endpoint: string, cases: [string, Walk][]): [string, Walk][] => cases.map(([name, walk]) => [name, (v) => `${endpoint}?${walk(v)}`]);

const LEAD_CASES: [string, Walk][] = on('/v2/leads', [
  ['newest_first', () => 'sort_by=newest_first'],
  ['oldest_first', () => 'sort_by=oldest_first'],
  ['last_touch_first', () => 'sort_by=last_touch_first'],
  ['last_touch_last', () => 'sort_by=last_touch_last'],
  ['most_engaged_first', () => 'sort_by=most_engaged_first'],
  ['least_engaged_first', () => 'sort_by=least_engaged_first'],
  ['status+engaged', (v) => `status=${STATUSES[v % 3]}&sort_by=most_engaged_first`],
  ['status+touch_last', (v) => `status=${STATUSES[v % 3]}&sort_by=last_touch_last`],
  ['company+touch', (v) => `company_public_id=${encodeURIComponent(data.handles[pick(v, data.handles.length)]!)}&sort_by=last_touch_first`],
  ['company_id+newest', (v) => `company_public_id=${data.companyIds[pick(v, data.companyIds.length)]}&sort_by=newest_first`],
  ['company+month+engaged', (v) => `company_public_id=${data.companyIds[pick(v, data.companyIds.length)]}&start_date=${iso(400 + (v % 300))}&end_date=${iso(370 + (v % 300))}&sort_by=most_engaged_first`],
  ['post+dates', (v) => `post_id=${encodeURIComponent(data.posts[pick(v, data.posts.length)]!)}&start_date=${iso(365 + (v % 30))}`],
  ['post+engaged', (v) => `post_id=${encodeURIComponent(data.posts[pick(v, data.posts.length)]!)}&sort_by=most_engaged_first`],
  ['year+engaged', (v) => `start_date=${iso(365 + (v % 300))}&sort_by=most_engaged_first`],
  ['year+newest', (v) => `start_date=${iso(400 + (v % 300))}&end_date=${iso(35 + (v % 300))}&sort_by=newest_first`],
  ['month+touch', (v) => `start_date=${iso(400 + (v % 300))}&end_date=${iso(370 + (v % 300))}&sort_by=last_touch_first`],
  ['week+least_engaged', (v) => `start_date=${iso(200 + (v % 500))}&end_date=${iso(194 + (v % 500))}&sort_by=least_engaged_first`],
  ['range+status+touch_last', (v) => `status=QUALIFIED&start_date=${iso(600 - (v % 100))}&end_date=${iso(100 + (v % 100))}&sort_by=last_touch_last`],
  ['enriched+days', (v) => `email_enriched=true&days=${daysBack(60 + (v % 300))}`],
  ['days+engaged', (v) => `days=${daysBack(7 + (v % 300))}&sort_by=most_engaged_first`],
  // One page each (total 0, or days' walk for days_with_dates): the variant itself in a filter, so that a
  // fast case never runs out of walks no one asked before.
  ['no_match', (v) => `company_public_id=no-such-company-${v}&sort_by=last_touch_first`],
  ['future_dates', (v) => `start_date=${exactly(-30 - v)}&sort_by=most_engaged_first`],
  ['days_with_dates', (v) => `days=${daysBack(30 + (v % 300))}&start_date=${exactly(500 + v)}&end_date=${exactly(400)}&sort_by=least_engaged_first`],
  ['reversed_dates', (v) => `start_date=${iso(100 - (v % 100))}&end_date=${exactly(300 + v)}&sort_by=last_touch_first`],
]);

/** Both feeds (each sort; a member; a year, a month, a single day; bad input) and the campaigns list. */
const feed = (kind: 'team' | 'tracked', cases: [string, Walk][]) => on(kind === 'team' ? '/v2/content/team/feed' : '/v2/content/tracked-contacts/feed', cases).map(([n, w]) => [`${kind}:${n}`, w] as [string, Walk]);
const FEED_CASES: [string, Walk][] = [
  ...(['team', 'tracked'] as const).flatMap((kind) => feed(kind, [
    ['newest_first', () => `sort_by=newest_first`],
    ['oldest_first', () => `sort_by=oldest_first`],
    ['most_viewed_first', () => `sort_by=most_viewed_first`],
    ['least_viewed_first', () => `sort_by=least_viewed_first`],
    ['member+viewed', (v) => `team_member_id=tm_${v % 20}&sort_by=most_viewed_first`],
    ['member+month+newest', (v) => `team_member_id=tm_${v % 20}&start_date=${iso(400 + (v % 300))}&end_date=${iso(370 + (v % 300))}`],
    ['year+viewed', (v) => `start_date=${iso(365 + (v % 300))}&sort_by=most_viewed_first`],
    ['year+newest', (v) => `start_date=${iso(400 + (v % 300))}&end_date=${iso(35 + (v % 300))}`],
    ['month+least_viewed', (v) => `start_date=${iso(400 + (v % 300))}&end_date=${iso(370 + (v % 300))}&sort_by=least_viewed_first`],
    ['day+viewed', (v) => `start_date=${iso(10 + (v % 600))}&end_date=${iso(10 + (v % 600))}&sort_by=most_viewed_first`],
    ['days+least_viewed', (v) => `days=${daysBack(7 + (v % 300))}&sort_by=least_viewed_first`],
    // One page each (total 0): the variant itself in the dates, so that no two walks share a URL.
    ['future_dates', (v) => `start_date=${exactly(-30 - v)}&sort_by=most_viewed_first`],
    ['reversed_dates', (v) => `start_date=${iso(100 - (v % 100))}&end_date=${exactly(300 + v)}&sort_by=least_viewed_first`],
  ])),
  ['campaigns', (v) => `/v2/networking/campaigns?limit=${10 + pick(v + 1, 41)}`],
];
const CASES = SUITE === 'leads' ? LEAD_CASES : SUITE === 'feeds' ? FEED_CASES : [...LEAD_CASES, ...FEED_CASES];
// Refused before anything is built or started: a misspelt case would otherwise run nothing.
const only = opts.only?.split(',');
const unknown = only?.filter((name) => !CASES.some(([known]) => known === name)) ?? [];
if (unknown.length > 0) throw new Error(`--only: no case named ${unknown.join(', ')}; cases: ${CASES.map(([name]) => name).join(', ')}`);

// BENCH_PROF=<dir> writes the server's CPU profile there (node --cpu-prof).
const profile = process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_PROF)] : [];
const next = <T>(pick: (m: any) => T | undefined) => nextMessage(helper, pick);

/** One line of the server's /proc status (kB), in MB: VmRSS sampled while a case runs, its parts at the end. */
let maxRss = 0;
const statusMb = (field: string) => {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
};
const rssMb = () => statusMb('VmRSS');

/**
 * CPU time (ms) the server has used: all its threads (`/proc/<pid>/stat`) and its main thread, the
 * event loop (`/proc/<pid>/task/<pid>/stat`). Per request, it tells where a case's cost goes
 * whatever else the machine is doing; on PostgreSQL the database's own CPU is not in it.
 */
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
const cpuMs = (stat: string) => {
  try {
    const fields = fs.readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime + stime
  } catch {
    return NaN;
  }
};
const processCpu = (pid: number) => ({ all: cpuMs(`/proc/${pid}/stat`), main: cpuMs(`/proc/${pid}/task/${pid}/stat`) });

const asked = new Set<string>();
let repeats = 0;
const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

interface Result { rps: number; p50: number; p99: number; errors: number; bytes: number; rss: number; cpuPerReq: number; mainPerReq: number }

/** Where each (case, walker) walk stands: a later phase (mixed, writer) resumes it instead of asking its pages again. */
const walkState = new Map<string, { first: string; path: string | null; v: number }>();

function freshWalk(name: string, walk: Walk, w: number, from: number): { first: string; path: string; v: number } {
  for (let v = from; v < from + 1000 * CONNECTIONS; v += CONNECTIONS) {
    const base = walk(v);
    const first = base.includes('limit=') ? base : `${base}&limit=${10 + pick(v + 1, 41)}`;
    if (!asked.has(first)) return { first, path: first, v };
  }
  throw new Error(`${name}: no fresh walk left for walker ${w}`);
}

/**
 * The walkers against `pool` for `seconds`, each going on with its walk where the last phase left
 * it; `walked` says whose CPU is counted: the server's, or the ceiling's (the helper process, which
 * signs cursors with the server's own secret, so the two serve the same walks).
 */
async function walkers(pool: Pool, key: string, walks: [string, Walk][], seconds: number, walked: 'server' | 'ceiling' = 'server'): Promise<Result> {
  const pid = walked === 'server' ? server.pid! : helper.pid!;
  const latencies: number[] = [];
  const sizes: number[] = [];
  let errors = 0;
  let rss = 0;
  const sampler = setInterval(() => (rss = Math.max(rss, rssMb())), 250);
  const end = performance.now() + seconds * 1000;
  const cpuBefore = processCpu(pid);
  await Promise.all(
    walks.map(async ([name, walk], w) => {
      const id = `${name}#${w}`;
      while (performance.now() < end) {
        let state = walkState.get(id);
        // A fresh walk when this walker has none or finished it: a (filter, limit) no walk used before.
        if (!state || state.path === null) state = freshWalk(name, walk, w, state ? state.v + CONNECTIONS : w);
        walkState.set(id, state);
        const path: string = state.path!;
        if (asked.has(path)) repeats++;
        asked.add(path);
        const t = performance.now();
        try {
          const res = await pool.request({ method: 'GET', path, headers: { authorization: `Bearer ${key}` } });
          const body = Buffer.from(await res.body.arrayBuffer());
          latencies.push(performance.now() - t);
          if (res.statusCode !== 200) {
            if (errors++ === 0) console.error(`${path}: ${res.statusCode} ${body.toString().slice(0, 300)}`);
            state.path = null;
            continue;
          }
          sizes.push(body.length);
          const cursor = JSON.parse(body.toString()).cursor as string | null;
          state.path = cursor ? `${state.first}&cursor=${cursor}` : null;
        } catch (error) {
          latencies.push(performance.now() - t);
          if (errors++ === 0) console.error(`${path}: ${String(error)}`);
          state.path = null;
        }
      }
    }),
  );
  const cpuAfter = processCpu(pid);
  clearInterval(sampler);
  maxRss = Math.max(maxRss, rss);
  latencies.sort((a, b) => a - b);
  sizes.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), errors, bytes: quantile(sizes, 0.5) || 100, rss,
    cpuPerReq: (cpuAfter.all - cpuBefore.all) / latencies.length, mainPerReq: (cpuAfter.main - cpuBefore.main) / latencies.length,
  };
}

async function floor(pool: Pool, bytes: number): Promise<Result> {
  helper.send({ floorBytes: bytes });
  await next((m) => (m.floorReady ? true : undefined));
  const latencies: number[] = [];
  const end = performance.now() + FLOOR_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const res = await pool.request({ method: 'GET', path: '/bench/floor' });
        await res.body.arrayBuffer();
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / FLOOR_SECONDS, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), errors: 0, bytes, rss: 0, cpuPerReq: NaN, mainPerReq: NaN };
}

/** The writer of the last variant: a PATCH every 20 ms over its own connection (status moves between the three visible ones). */
function startPatcher(url: string, key: string): { stop: () => Promise<{ patches: number; refused: number; errors: number }> } {
  const pool = new Pool(url, { connections: 1, connect: { rejectUnauthorized: false } });
  let patches = 0;
  let refused = 0;
  let errors = 0;
  let i = 0;
  const timer = setInterval(async () => {
    const n = i++;
    const id = data.leadIds[(n * 7919) % data.leadIds.length];
    try {
      const res = await pool.request({
        method: 'PATCH', path: `/v2/leads/${id}`, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: ['QUALIFIED', 'DISQUALIFIED', 'NEW'][n % 3] }),
      });
      // A discarded lead answers 400 "Lead record not found" (it is not shown): counted as refused.
      const text = await res.body.text();
      if (res.statusCode === 200 || res.statusCode === 404) patches++;
      // A change the API refuses (4xx) is an answer, not a failure of the server: counted apart.
      else if (res.statusCode < 500) refused++;
      else if (errors++ === 0) console.error(`PATCH ${id}: ${res.statusCode} ${text.slice(0, 200)}`);
    } catch (error) {
      if (errors++ === 0) console.error(`PATCH ${id}: ${String(error)}`);
    }
  }, 20);
  return { stop: async () => (clearInterval(timer), await pool.close(), { patches, refused, errors }) };
}

if (opts.workspace === undefined) {
  console.log(`database: ${isPg ? 'PostgreSQL' : path.resolve(dbArg)} (${LEADS} leads)`);
  await ensureColdDatabase(target, LEADS, (text) => console.log(text));
  if (SUITE !== 'leads') await ensureColdFeeds(target, POSTS, (text) => console.log(text));
}
const dbUrl = target.dialect === 'sqlite' ? target.file : target.url;
// The driver's own connection: an API key for the walkers and the walks' values, then closed.
const own = connectDb(target);
if (opts.workspace !== undefined) await migrateToLatest(own.db);
const { key } = await createApiKey(own.db, systemClock, WORKSPACE, 'bench-cold');
data = await walkData(own.db, WORKSPACE, opts.workspace === undefined ? { day: await coldDataDay(own.db), span: COLD_DAYS } : null);
await own.close();
if (opts.workspace !== undefined) {
  console.log(`database: ${isPg ? 'PostgreSQL' : path.resolve(dbArg)}, workspace ${WORKSPACE} as it is: ${data.leads} leads, ${data.companyIds.length} companies, ${data.posts.length} posts, created over ${data.span} days up to ${iso(0)}`);
}

// The real server, on the built data, as `npm start` runs it; src/ compiled first so it is this tree's code.
execFileSync(path.join(here, '..', 'node_modules', '.bin', 'tsc'), ['-p', path.join(here, '..', 'tsconfig.build.json')], { stdio: 'inherit' });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'warmline-bench-cold-'));
// node with the Node flags of the launcher's first line (`#!/usr/bin/env -S node <flags>`), plus
// the profiler's when asked (Node refuses --cpu-prof in NODE_OPTIONS).
const launcher = path.join(here, '..', 'bin', 'warmline.js');
const launcherFlags = fs.readFileSync(launcher, 'utf8').split('\n')[0]!.replace(/^#!.*?\bnode\b/, '').trim().split(/\s+/).filter(Boolean);
const server = spawn(
  process.execPath,
  [...launcherFlags, ...profile, launcher, 'serve', '--db', dbUrl, '--data-dir', dataDir, '--host', '127.0.0.1', '--port', '0', '--rate-limit', '100000000', '--log-level', 'silent', '--no-demo', '--json'],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const serverExit = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
// The one clean-up, on every way out: a run that ends, and one that fails on the way (a refused
// check, a server answering 500), which must not leave the server behind, holding its port, its
// files and the pipe of whoever reads this script's output.
process.once('exit', () => {
  server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});
const firstLine = await Promise.race([
  createInterface({ input: server.stdout! })[Symbol.asyncIterator]().next().then((line) => line.value as string | undefined),
  serverExit.then(() => undefined),
]);
if (!firstLine) throw new Error('the server stopped before it printed its address');
const { url } = JSON.parse(firstLine) as { url: string };
// The helper (floor and writer) starts once the server has made its certificate.
const helper = fork(path.join(here, 'bench-cold-floor-writer.ts'), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_COLD_DB: dbUrl, BENCH_COLD_DATA_DIR: dataDir, BENCH_COLD_WORKSPACE: WORKSPACE, BENCH_COLD_MEMBER: data.member,
  BENCH_COLD_ORIGIN: new URL(url).origin, BENCH_COLD_START_AT: String(opts.workspace === undefined ? Date.now() : data.day * DAY - DAY / 2) } });
const { floorUrl } = await next((m) => (m.floorUrl ? (m as { floorUrl: string }) : undefined));
console.log(`server at ${url} (${target.dialect}, node ${launcherFlags.join(' ')}); ${opts.sweep ? 'the sweep, one request at a time' : `${CONNECTIONS} walkers, ${SECONDS} s per case, floor ${FLOOR_SECONDS} s, ${ROUNDS} round(s)`}`);
const pool = new Pool(url, { connections: CONNECTIONS, connect: { rejectUnauthorized: false }, pipelining: 1 });
const floorPool = new Pool(floorUrl, { connections: CONNECTIONS, connect: { rejectUnauthorized: false }, pipelining: 1 });
const cases = CASES.filter(([name]) => !only || only.includes(name));

/** The body of a 200 answer from `from` (the server, or the floor's helper); anything else stops the run. */
async function answer(from: Pool, path: string): Promise<string> {
  const res = await from.request({ method: 'GET', path, headers: { authorization: `Bearer ${key}` } });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${text.slice(0, 300)}`);
  return text;
}

/**
 * The walkers must get what users get: a page whose leads carry the same history as each lead's own
 * GET (which reads lead_history). A database whose kept history_json was never filled would serve
 * empty arrays, cheaper than the truth. (limit=7 is outside the walkers' 10–50, so no walk asks this URL.)
 */
async function checkServedHistory(): Promise<void> {
  const get = async (p: string) => JSON.parse(await answer(pool, p));
  const page = await get('/v2/leads?limit=7&sort_by=oldest_first');
  let shown = 0;
  for (const lead of page.items as { id: string; history: unknown[] }[]) {
    const own = await get(`/v2/leads/${lead.id}`);
    shown += lead.history.length;
    if (JSON.stringify(lead.history) !== JSON.stringify(own.history)) {
      throw new Error(`lead ${lead.id}: the list shows history ${JSON.stringify(lead.history)}, its own GET ${JSON.stringify(own.history)}; rebuild the data (delete the database or its bench_cold_built table)`);
    }
  }
  if (shown === 0) throw new Error('the oldest leads show no history at all: the walks would read less than users do');
}
await checkServedHistory();

/**
 * --ceiling: the ceiling must do the server's page work, not less: a page, a filtered one and the
 * page after it (through the cursor) answer the same bytes from both. (limit=7: no walk asks these URLs.)
 */
async function checkCeilingServesTheSame(): Promise<void> {
  const first = `/v2/leads?limit=7&status=QUALIFIED&sort_by=most_engaged_first&start_date=${iso(365)}`;
  const next = JSON.parse(await answer(pool, first)).cursor as string;
  for (const path of ['/v2/leads?limit=7', first, `${first}&cursor=${next}`]) {
    if ((await answer(pool, path)) !== (await answer(floorPool, path))) throw new Error(`--ceiling: the ceiling's answer to ${path} is not the server's`);
  }
}
if (opts.ceiling) await checkCeilingServesTheSame();
if (opts.sweep) await sweepAndExit();

/** Closes the pools, prints where the server's memory went, and ends the server and the helper. */
async function stopAll(): Promise<void> {
  await Promise.all([pool.close(), floorPool.close()]);
  // Where the resident size goes: anonymous memory (V8's heap, SQLite's page cache, buffers) and mapped files (code).
  console.log(`server memory at the end: rss ${statusMb('VmRSS').toFixed(0)} MB = anonymous ${statusMb('RssAnon').toFixed(0)} MB + files ${statusMb('RssFile').toFixed(0)} MB (peak ${statusMb('VmHWM').toFixed(0)} MB)`);
  server.kill('SIGTERM');
  helper.send({ close: true });
  await Promise.all([serverExit, next((m) => (m.closed ? true : undefined))]);
}

/** --sweep: every combination once, on the walkers' (warm) connection, one request at a time; exit 1 on any error. */
async function sweepAndExit(): Promise<never> {
  const dates = { iso, daysBack };
  // The bench's feed data has members tm_0 … tm_19 (bench-cold-data.ts), posts and tracked contacts for each.
  const feeds = () => feedSweepPaths(['tm_0', `tm_${COLD_MEMBERS - 1}`], dates);
  const paths = SUITE === 'leads' ? leadSweepPaths(data, dates) : SUITE === 'feeds' ? feeds() : [...leadSweepPaths(data, dates), ...feeds()];
  const started = performance.now();
  const report = await sweep(pool, key, paths);
  const q = (p: number) => quantile(report.latencies, p).toFixed(1);
  console.log(`${paths.length} combinations, ${report.requests} requests in ${((performance.now() - started) / 1000).toFixed(1)} s; the slowest:`);
  for (const { ms, path } of report.slowest) console.log(`  ${ms.toFixed(1)} ms  ${path.replace(/&cursor=[^&]*/, '&cursor=…')}`);
  await stopAll();
  console.log(`${SUITE}-sweep: dialect=${target.dialect} leads=${data.leads} combinations=${paths.length} requests=${report.requests} p50-ms=${q(0.5)} p90-ms=${q(0.9)} p99-ms=${q(0.99)} max-ms=${q(1)} errors=${report.errors}`);
  process.exit(report.errors > 0 ? 1 : 0);
}
const ratios = new Map<string, number[]>();
const ceilingRatios = new Map<string, number[]>();
const lines: string[] = [];

async function runCase(name: string, walks: [string, Walk][]): Promise<void> {
  const real = await walkers(pool, key, walks, SECONDS);
  const base = await floor(floorPool, real.bytes);
  const ratio = real.rps / base.rps;
  ratios.set(name, [...(ratios.get(name) ?? []), ratio]);
  let line = `| ${name} | ${real.bytes} | ${real.rps.toFixed(0)} | ${real.p50.toFixed(1)} | ${real.p99.toFixed(1)} | ${real.errors} | ${base.rps.toFixed(0)} | ${base.p99.toFixed(1)} | ${ratio.toFixed(2)} | ${real.rss.toFixed(0)} | ${real.cpuPerReq.toFixed(2)} | ${real.mainPerReq.toFixed(2)} |`;
  if (opts.ceiling) {
    // The writer, when on, keeps writing: the ceiling of 'mixed + writer' reads a database being written to too.
    const top = await walkers(floorPool, key, walks, SECONDS, 'ceiling');
    const topRatio = top.rps / base.rps;
    ceilingRatios.set(name, [...(ceilingRatios.get(name) ?? []), topRatio]);
    line += ` ${top.rps.toFixed(0)} | ${top.p99.toFixed(1)} | ${top.errors} | ${topRatio.toFixed(2)} | ${top.cpuPerReq.toFixed(2)} |`;
  }
  lines.push(line);
  console.log(line);
}

const ceilingColumns = opts.ceiling ? [' ceiling req/s |', ' ceiling p99 ms |', ' ceiling errors |', ' ceiling ratio |', ' ceiling CPU ms/req |'] : [];
console.log(`| case | page bytes | req/s | p50 ms | p99 ms | errors | floor req/s | floor p99 ms | ratio | server RSS MB | server CPU ms/req | event loop CPU ms/req |${ceilingColumns.join('')}`);
console.log(`|---|---|---|---|---|---|---|---|---|---|---|---|${ceilingColumns.map(() => '---|').join('')}`);
for (let round = 0; round < ROUNDS; round++) {
  for (const c of cases) await runCase(c[0], Array.from({ length: CONNECTIONS }, () => c));
  const mixed = Array.from({ length: CONNECTIONS }, (_, w) => cases[w % cases.length]!);
  await runCase('all mixed', mixed);
  if (!opts['no-writer']) {
    helper.send({ writer: true });
    await next((m) => (m.writerSet === true ? true : undefined));
    const patcher = startPatcher(url, key);
    await runCase('mixed + writer', mixed);
    const written = await patcher.stop();
    helper.send({ writer: false });
    const rounds = await next((m) => (m.writerSet === false ? (m as { rounds: number; roundErrors: number }) : undefined));
    console.log(`  writer: ${written.patches} PATCHes answered, ${written.refused} refused (4xx), ${written.errors} failed (5xx or no answer), ${rounds.rounds} ingestion rounds in total (${rounds.roundErrors} failed)`);
  }
}
await stopAll();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
/** The case whose median ratio over the rounds is the lowest, and that ratio (null: no case ran). */
const worstOf = (byCase: Map<string, number[]>) =>
  [...byCase.entries()].map(([name, xs]) => [name, median(xs)] as const).reduce<readonly [string, number] | null>((a, b) => (a === null || b[1] < a[1] ? b : a), null);
const worst = worstOf(ratios)!;
const worstCeiling = worstOf(ceilingRatios);
const p99s = lines.map((l) => Number(l.split('|')[5]));
if (repeats > 0) console.log(`WARNING: ${repeats} URLs were asked twice (the page cache could have answered them)`);
console.log(`leads-cold-bench: suite=${SUITE} dialect=${target.dialect} leads=${data.leads}${SUITE === 'leads' ? '' : ` posts=${POSTS}`} min-ratio=${worst[1].toFixed(2)} (${worst[0]}) worst-p99-ms=${Math.max(...p99s).toFixed(1)} errors=${lines.reduce((n, l) => n + Number(l.split('|')[6]), 0)} repeats=${repeats} max-rss-mb=${maxRss.toFixed(0)}${worstCeiling ? ` min-ceiling-ratio=${worstCeiling[1].toFixed(2)} (${worstCeiling[0]})` : ''}`);
