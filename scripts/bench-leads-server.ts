// The server half of scripts/bench-leads.ts, run as a child process so the load generator does
// not share its event loop: loads 1,000,000 leads into one workspace of a fresh SQLite file,
// then starts the real server (HTTPS, auth, rate limit lifted) plus a floor route that returns
// precomputed bytes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite } from '../src/db/sqlite-driver.js';
import { createApiKey } from '../src/auth/api-keys.service.js';
import { loadConfig } from '../src/config.js';
import { createContext, createLogger } from '../src/context.js';
import { buildServer, serverDeps } from '../src/server/server.js';
import { loadTlsMaterial } from '../src/http/tls.js';
import { rebuildLeadCounts } from '../src/leads/lead-counts.js';
import { createWorkspace } from '../src/workspace/workspace.service.js';

const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const send = (message: unknown) => process.send!(message);
const DAY = 86_400_000;
// Data ends today, so `days` windows find leads.
const NOW = Math.floor(Date.now() / 86_400_000) * 86_400_000;

/** Deterministic, fast PRNG (mulberry32). */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function bulkLoad(file: string, workspaceId: string, members: string[]): void {
  const sqlite = openSqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const r = rng(42);
  const company = sqlite.prepare(`insert into companies (workspace_id, id, hash_id, name, slug, industries, specialties, funding, website_url, created_at) values (?, ?, ?, ?, ?, '["Software"]', '[]', '[]', ?, ?)`);
  const cols = ['workspace_id', 'id', 'team_member_id', 'source_post_id', 'company_id', 'status', 'tags', 'first_name', 'last_name', 'headline', 'job_title', 'username', 'network_url', 'contact_email', 'enrichment_status', 'source', 'source_content_url', 'engagement_events_count', 'engagement_score', 'followers_count', 'connections_count', 'country', 'created_at', 'last_engagement_dt', 'updated_at'];
  const insert = sqlite.prepare(`insert into leads (${cols.join(',')}) values (${cols.map(() => '?').join(',')})`);
  sqlite.transaction(() => {
    for (let c = 1; c <= 1000; c++) company.run(workspaceId, c, `h${c}`, `Company ${c}`, `company-${c}`, `https://company-${c}.test`, NOW - 900 * DAY);
    for (let i = 0; i < LEADS; i++) {
      const s = r();
      const status = s < 0.6 ? 'NEW' : s < 0.8 ? 'QUALIFIED' : s < 0.95 ? 'DISQUALIFIED' : 'DISCARDED';
      const created = NOW - Math.floor(r() * 730 * DAY);
      const id = `ld_${i.toString(36).padStart(8, '0')}`;
      insert.run(
        workspaceId, id, members[i % members.length], r() < 0.7 ? `post_${Math.floor(r() * 5000)}` : null, r() < 0.9 ? 1 + Math.floor(r() * 1000) : null,
        status, '["webinar","q3"]', `First${i}`, `Last${i}`, 'Head of Growth at Somewhere', 'Head of Growth', `user-${i}`, `https://network.test/in/user-${i}`,
        r() < 0.4 ? `user${i}@mail.test` : null, 'DONE', 'POST_LIKE', 'https://network.test/posts/1', Math.floor(r() * 40),
        r() < 0.8 ? Math.floor(r() * 101) : null, Math.floor(r() * 5000), Math.floor(r() * 3000), 'DE', created,
        r() < 0.75 ? created + Math.floor(r() * 30 * DAY) : null, created,
      );
    }
  })();
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.exec('ANALYZE');
  sqlite.close();
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'warmline-bench-'));
const config = loadConfig({ dataDir, db: path.join(dataDir, 'bench.db'), host: '127.0.0.1', port: 0, logLevel: 'silent', demo: false, rateLimit: 100_000_000 }, {});
const ctx = await createContext(config, { logger: createLogger('silent') });
const { db } = ctx.database;
const { id: workspaceId } = await createWorkspace(db, ctx.clock, 'Bench');
const members: string[] = [];
for (let m = 0; m < 20; m++) {
  const id = `tm_${m}`;
  await db.insertInto('team_members').values({ workspace_id: workspaceId, id, email: `m${m}@bench.test`, first_name: null, last_name: null, is_active_seat: 1, integration_status: 'CONNECTED', network_username: null, profile_views_count: null, followers_count: null, last_network_update: null, profile_picture: null, time_zone: 'UTC', created_at: 0 }).execute();
  members.push(id);
}
const started = performance.now();
bulkLoad(config.db.dialect === 'sqlite' ? config.db.file : '', workspaceId, members);
await rebuildLeadCounts(db, workspaceId);
const loadSeconds = (performance.now() - started) / 1000;
const { key } = await createApiKey(db, ctx.clock, workspaceId, 'bench');

const app = await buildServer(serverDeps(ctx, await loadTlsMaterial(config)));
// The floor: same TLS, same framework, a precomputed body of the page's byte size, no auth, no DB.
const floorBodies = new Map<string, Buffer>();
app.get('/bench/floor/:name', { schema: { hide: true } }, async (request, reply) =>
  reply.type('application/json').send(floorBodies.get((request.params as { name: string }).name)),
);
const address = await app.listen({ host: '127.0.0.1', port: 0 });
// Gone with the script that forked it, whether it closed us or failed: an orphan would keep serving.
process.once('disconnect', () => process.exit());
process.on('message', async (msg: { floor?: { name: string; bytes: number }; close?: boolean }) => {
  if (msg.floor) {
    floorBodies.set(msg.floor.name, Buffer.from(`{"pad":"${'x'.repeat(Math.max(0, msg.floor.bytes - 10))}"}`));
    send({ floorReady: msg.floor.name });
  }
  if (msg.close) {
    await app.close();
    await ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    send({ closed: true });
    process.disconnect();
  }
});
send({ url: address.replace(/^http:/, 'https:'), key, loadSeconds });
