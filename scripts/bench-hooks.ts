// What a Unipile webhook delivery costs the endpoint: authenticate, read, store once in the inbox
// and answer (the worker applies it later). Measured through the real server (app.inject, SQLite)
// with an inbox already holding BENCH_INBOX applied deliveries, against GET /v2/health of the same
// server in the same run (the baseline): latency per request, p50/p99/max, and the ratios.
// How to run it: USAGE below (`npm run bench:hooks -- --help`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite } from '../src/db/sqlite-driver.js';
import { loadConfig } from '../src/config.js';
import { createContext, createLogger } from '../src/context.js';
import { hookSecretBox } from '../src/inbound/hooks.secret.js';
import { buildServer, serverDeps } from '../src/server/server.js';
import { createWorkspace } from '../src/workspace/workspace.service.js';
import { exitOnHelp, refuseArguments } from './usage.js';

const USAGE = `
What a Unipile webhook delivery costs the endpoint (authenticate, read, store once in the inbox,
answer), through the real server (app.inject, SQLite in a temporary directory) with an inbox
already holding BENCH_INBOX applied deliveries: p50, p99 and max of a new delivery, a redelivery
and a wrong secret, against GET /v2/health of the same server in the same run.

  npm run bench:hooks
  BENCH_REQUESTS=200 BENCH_INBOX=10000 npm run bench:hooks   a quick run

Options:
  -h, --help   this text

Environment: BENCH_REQUESTS per case (default 2000), BENCH_INBOX (default 100000).

Any other argument is refused: the settings are the environment variables above.
`;
exitOnHelp(USAGE);
refuseArguments('bench-hooks');

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const INBOX = Number(process.env.BENCH_INBOX ?? 100_000);
const HOOK_ID = 'bench-hook';
const SECRET = 'bench-secret-0123456789abcdef0123456789';

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1)! };
}

const fmt = (ms: number) => `${ms.toFixed(3)} ms`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'warmline-bench-hooks-'));
  try {
    const config = loadConfig({ dataDir, host: '127.0.0.1', port: 0, logLevel: 'silent', demo: false, rateLimit: 100_000_000, hookRateLimit: 100_000_000 }, {});
    const ctx = await createContext(config, { logger: createLogger('silent') });
    const { db } = ctx.database;
    const { id: ws } = await createWorkspace(db, ctx.clock, 'Bench');
    await db.insertInto('unipile_hooks').values({ workspace_id: ws, hook_id: HOOK_ID, secret: hookSecretBox(ctx.secret()).seal(SECRET), public_url: null, webhook_ids: '[]', created_at: 0, updated_at: 0 }).execute();
    await ctx.close();

    // An inbox with history: the unique (workspace, event key) index is what each delivery probes.
    const sqlite = openSqlite(config.db.dialect === 'sqlite' ? config.db.file : '');
    const row = sqlite.prepare(`insert into unipile_inbox (id, workspace_id, hook_id, event_key, kind, payload, received_at, processed_at, outcome, attempts) values (?, ?, ?, ?, 'message_received', '{}', ?, ?, 'reply recorded', 0)`);
    sqlite.transaction(() => {
      for (let i = 0; i < INBOX; i++) row.run(`hk_old_${i}`, ws, HOOK_ID, `message:old_${i}`, i, i);
    })();
    sqlite.close();

    const live = await createContext(config, { logger: createLogger('silent') });
    const app = await buildServer(serverDeps(live, null));
    const delivery = (i: number) => ({
      event: 'message_received', account_id: 'acc_1', account_type: 'LINKEDIN', account_info: { type: 'LINKEDIN', feature: 'classic', user_id: 'ACoOWN' },
      chat_id: 'chat_1', timestamp: new Date(0).toISOString(), message_id: `msg_${i}`, message: 'Hello', sender: { attendee_provider_id: 'ACoContact' },
      attendees: [{ attendee_provider_id: 'ACoContact' }],
    });
    const post = (i: number) => app.inject({ method: 'POST', url: `/hooks/unipile/${HOOK_ID}`, headers: { 'x-warmline-hook-secret': SECRET }, payload: JSON.stringify(delivery(i)) });
    const time = async (n: number, run: (i: number) => Promise<{ statusCode: number; body: string }>, expected: string) => {
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const started = performance.now();
        const res = await run(i);
        times.push(performance.now() - started);
        if (res.statusCode !== 200 || (expected && !res.body.includes(expected))) throw new Error(`unexpected answer ${res.statusCode} ${res.body}`);
      }
      return stats(times);
    };
    for (let i = 0; i < 50; i++) await app.inject({ method: 'GET', url: '/v2/health' });
    const baseline = await time(REQUESTS, () => app.inject({ method: 'GET', url: '/v2/health' }), '');
    const stored = await time(REQUESTS, post, '"stored"');
    const duplicate = await time(REQUESTS, post, '"duplicate"');
    const wrong = await time(REQUESTS, () => app.inject({ method: 'POST', url: `/hooks/unipile/${HOOK_ID}`, headers: { 'x-warmline-hook-secret': 'wrong' }, payload: '{}' }).then((r) => ({ ...r, statusCode: r.statusCode === 401 ? 200 : r.statusCode })), '');
    await app.close();
    await live.close();

    console.log(`webhook deliveries, SQLite, inbox of ${INBOX} applied deliveries, ${REQUESTS} requests each (app.inject, one at a time)`);
    console.log(`baseline GET /v2/health     p50 ${fmt(baseline.p50)}  p99 ${fmt(baseline.p99)}  max ${fmt(baseline.max)}`);
    for (const [name, s] of [['new delivery (stored)', stored], ['redelivery (duplicate)', duplicate], ['wrong secret (401)', wrong]] as const) {
      console.log(`${name.padEnd(27)} p50 ${fmt(s.p50)}  p99 ${fmt(s.p99)}  max ${fmt(s.max)}  p50 ×${(s.p50 / baseline.p50).toFixed(1)} of baseline`);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
