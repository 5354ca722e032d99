// GET /v2/leads under load on SQLite with 1,000,000 leads in one workspace (USAGE below, `--help`).
// For each case: requests/s, p50 and p99 with 32 concurrent connections, and the ratio to a
// floor route serving a precomputed body of the same byte size over the same server.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { nextMessage } from './bench-worker.js';
import { exitOnHelp, refuseArguments } from './usage.js';

const USAGE = `
GET /v2/leads under load on SQLite with 1,000,000 leads in one workspace: per case (sort, filter),
requests/s, p50 and p99 with 32 concurrent connections, and the ratio to a floor route serving a
precomputed body of the same byte size over the same server (in a child process).

  npm run bench:leads
  BENCH_LEADS=100000 BENCH_SECONDS=3 npm run bench:leads   a quick run

Options:
  -h, --help   this text

Environment: BENCH_LEADS (default 1000000), BENCH_SECONDS per case (default 5),
BENCH_PROF=<dir> (the server's CPU profile, node --cpu-prof; default none).

Any other argument is refused: the settings are the environment variables above.
`;
exitOnHelp(USAGE);
refuseArguments('bench-leads');
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 32;

const CASES: [string, string][] = [
  ['newest_first', 'sort_by=newest_first'],
  ['oldest_first', 'sort_by=oldest_first'],
  ['last_touch_first', 'sort_by=last_touch_first'],
  ['last_touch_last', 'sort_by=last_touch_last'],
  ['most_engaged_first', 'sort_by=most_engaged_first'],
  ['least_engaged_first', 'sort_by=least_engaged_first'],
  ['status+engaged', 'status=QUALIFIED&sort_by=most_engaged_first'],
  ['company+touch', 'company_public_id=company-17&sort_by=last_touch_first'],
  ['enriched+days', 'email_enriched=true&days=90'],
  ['post+dates', `post_id=post_123&start_date=${new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10)}`],
];

const worker = fork(fileURLToPath(new URL('./bench-leads-server.ts', import.meta.url)), [], {
  execArgv: ['--import', 'tsx', ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROF] : [])],
  env: { ...process.env, BENCH_LEADS: String(LEADS) },
});
const next = <T>(pick: (m: any) => T | undefined) => nextMessage(worker, pick);

console.log(`loading ${LEADS} leads…`);
const { url, key, loadSeconds } = await next((m) => (m.url ? m : undefined));
console.log(`loaded in ${loadSeconds.toFixed(1)} s; server at ${url}`);
const pool = new Pool(url, { connections: CONNECTIONS, connect: { rejectUnauthorized: false }, pipelining: 1 });
const headers = { authorization: `Bearer ${key}` };

async function get(path: string): Promise<{ status: number; body: Buffer }> {
  const res = await pool.request({ method: 'GET', path, headers });
  return { status: res.statusCode, body: Buffer.from(await res.body.arrayBuffer()) };
}

/** Up to 20 paths of the case: its first page and pages deeper in the walk (by cursor). */
async function casePaths(query: string): Promise<{ paths: string[]; bytes: number }> {
  const paths = [`/v2/leads?${query}`];
  const first = await get(paths[0]!);
  if (first.status !== 200) throw new Error(`${query}: ${first.status} ${first.body}`);
  let cursor = JSON.parse(first.body.toString()).cursor as string | null;
  for (let i = 0; cursor && i < 19; i++) {
    const path = `/v2/leads?${query}&cursor=${cursor}`;
    paths.push(path);
    cursor = JSON.parse((await get(path)).body.toString()).cursor;
  }
  return { paths, bytes: first.body.length };
}

async function drive(paths: string[], withKey: boolean): Promise<{ rps: number; p50: number; p99: number }> {
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const path = paths[n++ % paths.length]!;
        const t = performance.now();
        const res = await pool.request({ method: 'GET', path, headers: withKey ? headers : {} });
        await res.body.arrayBuffer();
        if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
  return { rps: latencies.length / SECONDS, p50: q(0.5), p99: q(0.99) };
}

let minRatio = Infinity;
let worstP99 = 0;
for (const [name, query] of CASES) {
  const { paths, bytes } = await casePaths(query);
  worker.send({ floor: { name, bytes } });
  await next((m) => (m.floorReady === name ? true : undefined));
  await drive(paths.slice(0, 2), true); // warm-up
  const real = await drive(paths, true);
  const floor = await drive([`/bench/floor/${name}`], false);
  const ratio = real.rps / floor.rps;
  minRatio = Math.min(minRatio, ratio);
  worstP99 = Math.max(worstP99, real.p99);
  console.log(
    `${name.padEnd(20)} ${String(bytes).padStart(6)} B  ${real.rps.toFixed(0).padStart(6)} req/s  p50 ${real.p50.toFixed(2)} ms  p99 ${real.p99.toFixed(2)} ms  | floor ${floor.rps.toFixed(0)} req/s p99 ${floor.p99.toFixed(2)} ms  ratio ${ratio.toFixed(2)}`,
  );
}
await pool.close();
worker.send({ close: true });
await next((m) => (m.closed ? true : undefined));
console.log(`leads-bench: min-ratio=${minRatio.toFixed(2)} worst-p99-ms=${worstP99.toFixed(2)}`);
