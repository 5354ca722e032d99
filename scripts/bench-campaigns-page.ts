// What one page of GET /v2/networking/campaigns costs when campaigns are large: 50 campaigns
// of 10,000 enrolled contacts each (BENCH_CAMPAIGNS, BENCH_CONTACTS). The database is built
// once by this process; each measurement runs in a fresh child process (so its peak RSS is
// its own), through the real server with auth: server time, bytes, and the rise of the
// process's peak RSS over the same server answering GET /v2/workspace/users (the baseline).
// How to run it: USAGE below (`npm run bench:campaigns-page -- --help`).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite } from '../src/db/sqlite-driver.js';
import { createApiKey } from '../src/auth/api-keys.service.js';
import { loadConfig } from '../src/config.js';
import { createContext, createLogger } from '../src/context.js';
import { buildServer, serverDeps } from '../src/server/server.js';
import { createWorkspace } from '../src/workspace/workspace.service.js';
import { exitOnHelp, forkedWith, refuseArguments } from './usage.js';

const USAGE = `
What one page of GET /v2/networking/campaigns, and one campaign, cost when campaigns are large:
server time, bytes, and the rise of the process's peak RSS over a baseline request, each measured
in a fresh child process through the real server (auth, SQLite in a temporary directory).

  npm run bench:campaigns-page
  BENCH_CAMPAIGNS=10 BENCH_CONTACTS=1000 npm run bench:campaigns-page   a quick run

Options:
  -h, --help   this text

Environment: BENCH_CAMPAIGNS (default 50), BENCH_CONTACTS enrolled per campaign (default 10000).

Any other argument is refused: the settings are the environment variables above.
`;
// The measuring child's arguments (--measure <dir> <key> <url>) are never -h or --help.
exitOnHelp(USAGE);
// The measuring child: this file forked by child() with --measure <dir> <key> <url>, an internal
// mode (not in the usage).
const MEASURING = forkedWith('--measure', 3);
if (!MEASURING) refuseArguments('bench-campaigns-page');

const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 50);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 10_000);

async function open(dataDir: string) {
  const config = loadConfig({ dataDir, host: '127.0.0.1', port: 0, logLevel: 'silent', demo: false, rateLimit: 100_000_000 }, {});
  return { config, ctx: await createContext(config, { logger: createLogger('silent') }) };
}

async function build(dataDir: string): Promise<string> {
  const { config, ctx } = await open(dataDir);
  const { db } = ctx.database;
  const { id: ws } = await createWorkspace(db, ctx.clock, 'Bench');
  await db.insertInto('team_members').values({ workspace_id: ws, id: 'tm_1', email: 'm1@bench.test', first_name: null, last_name: null, is_active_seat: 1, integration_status: 'CONNECTED', network_username: null, profile_views_count: null, followers_count: null, last_network_update: null, profile_picture: null, time_zone: 'UTC', created_at: 0 }).execute();
  const { key } = await createApiKey(db, ctx.clock, ws, 'bench');
  await ctx.close();
  const sqlite = openSqlite(config.db.dialect === 'sqlite' ? config.db.file : '');
  const campaign = sqlite.prepare(`insert into campaigns (workspace_id, id, name, status, description, creator_id, settings, created_at, updated_at) values (?, ?, ?, 'ACTIVE', null, 'tm_1', '{}', ?, ?)`);
  const participant = sqlite.prepare(`insert into campaign_participants (workspace_id, campaign_id, team_member_id) values (?, ?, 'tm_1')`);
  const contact = sqlite.prepare(`insert into campaign_contacts (workspace_id, campaign_id, id, username, username_key, network_urn, first_name, last_name, email, crm_id, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, null, null, 'QUEUED', ?, ?)`);
  sqlite.transaction(() => {
    for (let c = 0; c < CAMPAIGNS; c++) {
      const id = `cmp_${String(c).padStart(4, '0')}`;
      campaign.run(ws, id, `Campaign ${c}`, c, c);
      participant.run(ws, id);
      for (let k = 0; k < CONTACTS; k++) {
        const name = `person-${c}-${k}`;
        contact.run(ws, id, `cc_${c}_${String(k).padStart(6, '0')}`, name, name, `ACo${c}x${k}`, 'First', 'Last', k, k);
      }
    }
  })();
  sqlite.close();
  return key;
}

/** In the child: the server, a baseline request, then the measured one. */
async function measure(dataDir: string, key: string, url: string) {
  const { config, ctx } = await open(dataDir);
  const app = await buildServer(serverDeps(ctx, null));
  const headers = { authorization: `Bearer ${key}` };
  for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/v2/workspace/users', headers });
  const baseRss = process.resourceUsage().maxRSS;
  const started = performance.now();
  const res = await app.inject({ method: 'GET', url, headers });
  const ms = performance.now() - started;
  const peakRss = process.resourceUsage().maxRSS;
  const body = res.json() as { items?: { contacts: unknown[] }[]; contacts?: unknown[] };
  const listed = body.items ? body.items.reduce((n, c) => n + c.contacts.length, 0) : body.contacts!.length;
  process.send!({ status: res.statusCode, ms, bytes: res.rawPayload.length, listed, rssRiseMb: (peakRss - baseRss) / 1024, peakMb: peakRss / 1024 });
  await app.close();
  await ctx.close();
}

function child(dataDir: string, key: string, url: string): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const p = fork(process.argv[1]!, ['--measure', dataDir, key, url], { execArgv: process.execArgv });
    p.once('message', (m) => resolve(m as Record<string, number>));
    p.once('error', reject);
  });
}

if (MEASURING) {
  await measure(process.argv[3]!, process.argv[4]!, process.argv[5]!);
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'warmline-bench-campaigns-'));
  const t0 = performance.now();
  const key = await build(dataDir);
  console.log(`built ${CAMPAIGNS} campaigns × ${CONTACTS} contacts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const cases = [['list page (limit 50)', '/v2/networking/campaigns?limit=50'], ['one campaign', '/v2/networking/campaigns/cmp_0000']] as const;
  for (const [name, url] of cases) {
    const r = await child(dataDir, key, url);
    console.log(`${name.padEnd(22)} status ${r.status}  ${r.ms!.toFixed(0)} ms  ${(r.bytes! / 1e6).toFixed(2)} MB  contacts listed ${r.listed}  peak RSS +${r.rssRiseMb!.toFixed(0)} MB over the baseline (peak ${r.peakMb!.toFixed(0)} MB)`);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
