// What `--sqlite-synchronous full` costs against the default `normal` (docs/operations.md
// "Durability"): the latency of PATCH /v2/leads/{id} adding a note, through the real server
// (app.inject, a SQLite file in a temporary directory), p50 and p99, in both modes in one run.
// Ingestion's cost is measured by bench-ingest with BENCH_SQLITE_SYNCHRONOUS.
// How to run it: USAGE below (`npm run bench:durability -- --help`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiKey } from '../src/auth/api-keys.service.js';
import { loadConfig } from '../src/config.js';
import { createContext, createLogger } from '../src/context.js';
import type { LeadsTable } from '../src/db/schema/leads.table.js';
import { rebuildLeadCounts } from '../src/leads/lead-counts.js';
import { buildServer, serverDeps } from '../src/server/server.js';
import { createWorkspace } from '../src/workspace/workspace.service.js';
import { exitOnHelp, refuseArguments } from './usage.js';

const USAGE = `
What --sqlite-synchronous full costs against normal: PATCH /v2/leads/{id} adding a note, one at a
time, through the real server (app.inject, a SQLite file in a temporary directory), p50 and p99,
both modes in one run (each in its own fresh database, after 100 warm-up writes).

  npm run bench:durability
  BENCH_REQUESTS=300 npm run bench:durability   a quick run

Options:
  -h, --help   this text

Environment: BENCH_REQUESTS per mode (default 2000).

Any other argument is refused: the settings are the environment variables above.
`;
exitOnHelp(USAGE);
refuseArguments('bench-durability');

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const LEADS = 1_000;

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

async function patchLatency(mode: 'normal' | 'full') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'warmline-bench-durability-'));
  try {
    const config = loadConfig({ dataDir, host: '127.0.0.1', port: 0, logLevel: 'silent', demo: false, rateLimit: 100_000_000, sqliteSynchronous: mode }, {});
    const ctx = await createContext(config, { logger: createLogger('silent') });
    const { db } = ctx.database;
    const { id: ws } = await createWorkspace(db, ctx.clock, 'Bench');
    const { key } = await createApiKey(db, ctx.clock, ws, 'bench');
    const now = Date.now();
    for (let i = 0; i < LEADS; i += 25) await db.insertInto('leads').values(Array.from({ length: 25 }, (_, j) => leadRow(ws, `lead-${i + j}`, now - i - j))).execute();
    await rebuildLeadCounts(db, ws);
    const app = await buildServer(serverDeps(ctx, null));
    const patch = (i: number) =>
      app.inject({ method: 'PATCH', url: `/v2/leads/lead-${i % LEADS}`, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, payload: JSON.stringify({ note: { note_content: `note ${i}` } }) });
    for (let i = 0; i < 100; i++) await patch(i);
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const res = await patch(i);
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`unexpected answer ${res.statusCode} ${res.body}`);
    }
    await app.close();
    await ctx.close();
    return stats(times);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A bare NEW lead. */
function leadRow(workspaceId: string, id: string, createdAt: number): LeadsTable {
  const empty = Object.fromEntries(LEAD_NULLS.map((column) => [column, null]));
  return { ...empty, workspace_id: workspaceId, id, created_at: createdAt, updated_at: createdAt, status: 'NEW', tags: '[]', is_icp_match: 0, icp_manual: 0, is_account_based: 0 } as LeadsTable;
}

const LEAD_NULLS = [
  'contact_urn', 'team_member_id', 'source_post_id', 'company_id', 'crm_id', 'crm_contact_url', 'first_name', 'last_name', 'headline', 'job_title', 'username',
  'network_url', 'contact_email', 'phone_number', 'enrichment_status', 'source', 'source_content_url', 'engagement_events_count', 'engagement_score', 'picture',
  'followers_count', 'connections_count', 'country', 'feed_updated_at', 'last_engagement_dt', 'engagement_mass', 'mass_at',
];

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
const results = { normal: await patchLatency('normal'), full: await patchLatency('full') };
console.log(`PATCH /v2/leads/{id} adding a note, SQLite, ${REQUESTS} requests per mode (app.inject, one at a time), on ${os.cpus().length} CPUs`);
for (const [mode, s] of Object.entries(results)) console.log(`synchronous=${mode.padEnd(6)} p50 ${fmt(s.p50)}  p99 ${fmt(s.p99)}`);
console.log(`durability-bench: normal-p50-ms=${results.normal.p50.toFixed(2)} normal-p99-ms=${results.normal.p99.toFixed(2)} full-p50-ms=${results.full.p50.toFixed(2)} full-p99-ms=${results.full.p99.toFixed(2)}`);
