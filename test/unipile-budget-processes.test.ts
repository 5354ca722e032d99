// One account's budget across real processes (issue 52): two `warmline worker` OS processes sync
// the same Unipile-bound workspace on one database, one of them SIGKILLed mid-day and started
// again, while 240 new people engage with the member's posts and the workspace's rules need their
// full profiles. Checked in the local fake's own record: the account was charged exactly the
// ingestion's share of the day's profile views, not a share per process nor a fresh budget after
// the restart, and every engager became a lead.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createContext, createLogger, type AppContext } from '../src/context.js';
import { setIcpRules } from '../src/ingestion/settings.service.js';
import { urnOf } from '../src/network/unipile/unipile.mapping.js';
import { ManualClock, ScaledClock } from '../src/shared/clock.js';
import { createTestDatabase, dbArgOf, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import { startFakeUnipile, type FakeUnipile } from './helpers/fake-unipile/fake-unipile.js';
import { unipileWorkspace, type UnipileWorkspace } from './helpers/unipile-fixtures.js';
import { acceleratedClock, ended, spawnWorker, type WorkerProcess } from './helpers/worker-process.js';

const MONDAY_0600 = Date.parse('2025-06-02T06:00:00Z');
/** Simulated milliseconds per real one: a real second is 20 minutes, so a sync every 15 simulated minutes is 0.75 s. */
const RATE = 1_200;
const SECRET = 'budget-processes-secret';
const LOOKUPS = 40;
const RESERVE = 10;
const ENGAGERS = 240;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeEachDialect('one Unipile budget across worker processes', (dialect) => {
  let database: TestDatabase;
  let fake: FakeUnipile;
  let ctx: AppContext;
  let ws: UnipileWorkspace;
  let dbUrl = '';

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dbUrl = dbArgOf(database.target);
    fake = await startFakeUnipile();
    ctx = await createContext(loadConfig({ db: dbUrl, demo: false, secret: SECRET }, {}), { clock: new ManualClock(MONDAY_0600), logger: createLogger('silent') });
    ws = await unipileWorkspace(ctx, fake, { members: 1, pacing: { dailyProfileLookups: LOOKUPS, ingestionReserve: RESERVE } });
    await setIcpRules(ctx.database.db, ctx.clock, ws.id, { job_title_keywords: ['head'] });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
    await database?.drop();
  });

  it("spends the account's one daily share of profile views, whatever the processes and restarts", { timeout: 240_000 }, async () => {
    const env: Record<string, string> = { ...acceleratedClock(MONDAY_0600, RATE), WARMLINE_SECRET: SECRET, WARMLINE_SYNC_INTERVAL_MS: String(15 * 60_000) };
    const clock = new ScaledClock(MONDAY_0600, Number(env.WARMLINE_CLOCK_ANCHOR), RATE);
    fake.clock = () => clock.now();
    const owner = ws.members[0]!.account.owner;
    const engagers = Array.from({ length: ENGAGERS }, (_, i) => fake.addPerson(`P${i}`, 'Engaged', i % 2 ? 'Head of Sales' : 'Engineer'));
    for (let p = 0; p < 4; p++) {
      const post = fake.addPost(owner, `Post ${p}`, MONDAY_0600 - 60_000 * (p + 1));
      for (const person of engagers.slice(p * (ENGAGERS / 4), (p + 1) * (ENGAGERS / 4))) fake.react(post, person);
    }
    const workers: WorkerProcess[] = [spawnWorker(dbUrl, env, 'ingestion'), spawnWorker(dbUrl, env, 'ingestion')];
    try {
      await Promise.all(workers.map((w) => w.started));
      // Until about noon (simulated), then the second worker is killed mid-work and started again.
      while (clock.now() < MONDAY_0600 + 6 * 3_600_000) await sleep(100);
      expect(await ended(workers[1]!.child, 'SIGKILL')).toBeNull();
      workers[1] = spawnWorker(dbUrl, env, 'ingestion');
      await workers[1].started;
      // Until the evening: syncs every 15 minutes all day, far more people waiting than the share allows.
      while (clock.now() < MONDAY_0600 + 14 * 3_600_000) await sleep(100);
    } finally {
      for (const w of workers) await ended(w.child, 'SIGTERM');
    }
    const failing = await ctx.database.db.selectFrom('member_syncs').select(['last_error']).where('workspace_id', '=', ws.id).where('failures', '>', 0).execute();
    expect(failing).toEqual([]);
    const views = fake.profileViewsByDay().get(`${ws.members[0]!.account.id} 2025-06-02`) ?? 0;
    // The ingestion's share exactly: spent in full (people wait), and no process spent a second one.
    expect(views).toBe(LOOKUPS - RESERVE);
    const leads = await ctx.database.db.selectFrom('leads').select('contact_urn').where('workspace_id', '=', ws.id).execute();
    expect(new Set(leads.map((l) => l.contact_urn))).toEqual(new Set(engagers.map((p) => urnOf(p.providerId))));
    const lookups = await ctx.database.db.selectFrom('profile_lookups').select(['waiting_since', 'outcome']).where('workspace_id', '=', ws.id).execute();
    // Every engager waited for a profile (the rules read the job title); those looked up were
    // settled, the rest still wait. A look-up whose answer its process never recorded (the kill,
    // or the stop at the end, landed between the call and the write) was spent all the same, and
    // its person waits to be asked again another day.
    const found = lookups.filter((l) => l.outcome === 'FOUND').length;
    expect(lookups).toHaveLength(ENGAGERS);
    expect(lookups.filter((l) => l.waiting_since !== null)).toHaveLength(ENGAGERS - found);
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThanOrEqual(LOOKUPS - RESERVE);
    expect(fake.drift).toEqual([]);
  });
});
