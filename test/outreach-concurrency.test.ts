// Two workers over two separate connection pools to the same database run the same campaigns:
// no invitation is sent twice, no cap is exceeded, and every contact still reaches a final state.
// Then two worker processes do the same on PostgreSQL.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createContext, createLogger, type AppContext } from '../src/context.js';
import { buildWorkerTasks } from '../src/engine/worker-tasks.js';
import { Worker } from '../src/engine/worker.js';
import { DEFAULT_LIMITS, setLimits, type OutreachLimits } from '../src/outreach/limits.js';
import { nextDueAt } from '../src/outreach/outreach.repository.js';
import { ManualClock } from '../src/shared/clock.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import { campaignDatabase, CAMPAIGN_ENGINES, MONDAY_0800_UTC, outreachWorld, type CampaignDatabase } from './helpers/outreach-fixtures.js';
import { sandboxWorldOf } from './contract/sandbox-world.js';
import { expectNetworkRecordWithin } from './helpers/network-record.js';
import { networkWorldOf } from './helpers/networking-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';
import { acceleratedClock, clockShows, ended, spawnWorker } from './helpers/worker-process.js';

const DAY = 86_400_000;

describeEachDialect('outreach with two workers', (dialect) => {
  let server: TestServer;
  let second: AppContext;
  const clock = new ManualClock(MONDAY_0800_UTC);
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
    second = await createContext(server.config, { clock, logger: createLogger('silent'), migrate: false });
  });
  afterAll(async () => {
    await second.close();
    await server.close();
  });

  it('sends each invitation once and holds the caps', { timeout: 180_000 }, async () => {
    const { ws, campaignId } = await outreachWorld(server, { senders: 3, contacts: 40 });
    const limits = { dailyInvitations: 5, weeklyInvitations: 12, minSpacingSeconds: 60, maxSpacingSeconds: 120 };
    await setLimits(server.ctx.database.db, clock, ws.id, limits);
    const log = createLogger('silent');
    const a = new Worker(buildWorkerTasks(server.ctx, CAMPAIGN_ENGINES), log);
    const b = new Worker(buildWorkerTasks(second, CAMPAIGN_ENGINES), log);
    const db = server.ctx.database.db;
    while (clock.now() < MONDAY_0800_UTC + 40 * DAY) {
      await Promise.all([a.drain(), b.drain()]);
      const open = await db.selectFrom('campaign_contacts').select('id').where('campaign_id', '=', campaignId).where('status', 'in', ['QUEUED', 'INVITED']).execute();
      if (open.length === 0) break;
      const due = await nextDueAt(db);
      if (due === null) break;
      clock.set(Math.max(due, clock.now() + 1000));
    }
    // Once per person, within the daily and rolling weekly caps (senders are in UTC).
    const record = await expectNetworkRecordWithin(networkWorldOf(server), ws.id, { ...DEFAULT_LIMITS, ...limits });
    expect(record.invitations.length).toBe(40);
    const actions = await db.selectFrom('network_actions').select(['status', 'attempts']).where('workspace_id', '=', ws.id).execute();
    expect(actions.every((x) => x.status === 'SENT' && x.attempts === 1)).toBe(true); // nobody delivered anything twice
    const campaign = await db.selectFrom('campaigns').select('status').where('id', '=', campaignId).executeTakeFirstOrThrow();
    expect(campaign.status).toBe('COMPLETED');
  });
});

// The same, with two `warmline worker` OS processes on one PostgreSQL database and an
// accelerated clock (one real millisecond is a simulated second). The clock starts two hours
// before midnight, so the senders reach their daily cap that evening and carry on the next day.
// Leases are clock time: at this rate a delivery's lease is 60 real ms, far longer than a
// delivery takes (at much higher rates a slow delivery could outlast its lease and be reconciled
// by the other process: no duplicate, but attempt 2, which the test allows).
describeEachDialect('outreach with two worker processes', (dialect) => {
  if (dialect !== 'postgres') {
    it.skip('runs on PostgreSQL only: several processes on one SQLite file is not a supported deployment', () => {});
    return;
  }
  const START = Date.parse('2025-06-02T22:00:00Z'); // a Monday
  const LIMITS: OutreachLimits = { ...DEFAULT_LIMITS, dailyInvitations: 4, weeklyInvitations: 100, dailyMessages: 30, workStartHour: 0, workEndHour: 24, minSpacingSeconds: 60, maxSpacingSeconds: 120 };
  let database: TestDatabase;
  let world: CampaignDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    world = await campaignDatabase(database, START, { senders: 3, accepting: 20, limits: LIMITS, settings: { follow_up_template: 'Hello {{first_name}}', follow_up_delay_hours: 0 } });
  });
  afterAll(async () => {
    await world?.ctx.close();
    await database?.drop();
  });

  it('sends each invitation and follow-up once, holds the caps and completes', { timeout: 180_000 }, async () => {
    const db = world.ctx.database.db;
    const status = async () => (await db.selectFrom('campaigns').select('status').where('id', '=', world.campaignId).executeTakeFirstOrThrow()).status;
    const clock = acceleratedClock(START, 1_000);
    const workers = [spawnWorker(world.dbUrl, clock), spawnWorker(world.dbUrl, clock)];
    await Promise.all(workers.map((w) => w.started));
    const startedAt = new Date(clockShows(clock)).toISOString();
    // Waits on the workers' clock, not for a number of real seconds. Workers that start or work
    // more than two simulated hours (7.2 real seconds) late, as on a loaded machine, miss Monday
    // evening: the caps then spread the invitations over Tuesday and Wednesday, and the campaign
    // ends a simulated day (86 real seconds) later than on a quiet machine. That is the caps at
    // work; a campaign still open on Wednesday at noon is a failure.
    const deadline = Date.parse('2025-06-04T12:00:00Z');
    while ((await status()) !== 'COMPLETED' && clockShows(clock) < deadline) await new Promise((r) => setTimeout(r, 250));
    for (const w of workers) expect(await ended(w.child, 'SIGTERM'), w.stderr()).toBe(0);
    expect(await status(), `the workers started at ${startedAt} on their clock`).toBe('COMPLETED');

    const record = await expectNetworkRecordWithin(sandboxWorldOf(world.ctx.sandbox, db, world.ctx.clock), world.workspaceId, LIMITS);
    expect(record.invitations.map((i) => i.contactUrn).sort()).toEqual([...world.urns].sort());
    expect(record.busiestDay).toBe(LIMITS.dailyInvitations); // the cap did bind: 20 people, 3 senders, 4 a day each
    expect(record.messages.map((m) => m.contactUrn).sort()).toEqual([...world.urns].sort());
    // Delivered once, by the network's account: one invitation and one follow-up per person (the
    // record above), and each action's key received once, under the ref the service recorded.
    // A slow delivery may have been attempted twice; that is allowed, a second delivery is not.
    const actions = await db.selectFrom('network_actions').select(['status', 'idempotency_key', 'provider_ref']).where('workspace_id', '=', world.workspaceId).execute();
    expect(actions).toHaveLength(40);
    expect(actions.filter((a) => a.status !== 'SENT')).toEqual([]);
    for (const a of actions) expect(await world.ctx.sandbox.findReceived(a.idempotency_key)).toEqual({ ref: a.provider_ref });
    expect(new Set(actions.map((a) => a.provider_ref)).size).toBe(record.invitations.length + record.messages.length);
  });
});
