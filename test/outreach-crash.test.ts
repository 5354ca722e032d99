// A campaign survives its worker being killed: `warmline worker` runs an ACTIVE campaign and is
// SIGKILLed at random moments 20 times (the sandbox answers each send late, so some kills land
// between "the network acted" and "the engine recorded it"), restarted each time, then left to
// finish. The network's own record must show every invitation and follow-up at most once and
// every cap held, and the campaign must complete. An accelerated clock (one real second is a
// simulated hour) carries the campaign through its hours and days in seconds; every process
// gets the same clock settings, so a restarted worker carries on where time was.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type OutreachLimits } from '../src/outreach/limits.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import { campaignDatabase, type CampaignDatabase } from './helpers/outreach-fixtures.js';
import { sandboxWorldOf } from './contract/sandbox-world.js';
import { expectNetworkRecordWithin } from './helpers/network-record.js';
import { useTestSeed } from './helpers/test-seed.js';
import { acceleratedClock, ended, spawnWorker } from './helpers/worker-process.js';

const ROUNDS = 20;
const RATE = 3_600;
const MONDAY = Date.parse('2025-06-02T00:00:00Z');
/** Permissive, so the campaign ends within two simulated days: all hours of the weekday, withdrawal after a day. */
const LIMITS: OutreachLimits = { ...DEFAULT_LIMITS, dailyInvitations: 40, weeklyInvitations: 200, dailyMessages: 40, workStartHour: 0, workEndHour: 24, minSpacingSeconds: 60, maxSpacingSeconds: 120, withdrawAfterDays: 1 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const { prng } = useTestSeed('outreach-crash');

describeEachDialect('outreach across SIGKILL of the worker process', (dialect) => {
  let database: TestDatabase;
  let world: CampaignDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    world = await campaignDatabase(database, MONDAY, {
      senders: 3, declining: 6, accepting: 54, limits: LIMITS, settings: { follow_up_template: 'Thanks {{first_name}}!', follow_up_delay_hours: 0 },
    });
  });
  afterAll(async () => {
    await world?.ctx.close();
    await database?.drop();
  });

  const db = () => world.ctx.database.db;
  const campaignStatus = async () => (await db().selectFrom('campaigns').select('status').where('id', '=', world.campaignId).executeTakeFirstOrThrow()).status;
  const unconfirmed = async () => (await db().selectFrom('network_actions').select('id').where('workspace_id', '=', world.workspaceId).where('status', '=', 'PENDING').execute()).length;

  it('invites and follows up everyone at most once within the caps, and completes, over 20 kills', { timeout: 150_000 }, async () => {
    // The clock starts with the first worker; sends answer 60 ms after the sandbox recorded them.
    const env = { ...acceleratedClock(MONDAY, RATE), WARMLINE_SANDBOX_LATENCY_MS: '60' };
    let killedMidSend = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const worker = spawnWorker(world.dbUrl, env);
      await worker.started;
      await sleep(prng.int(0, 399));
      expect(await ended(worker.child, 'SIGKILL')).toBeNull();
      if ((await unconfirmed()) > 0) killedMidSend++; // an action recorded, its delivery unconfirmed
    }
    expect(killedMidSend).toBeGreaterThan(0);
    expect(await campaignStatus()).toBe('ACTIVE'); // the kills did land in a running campaign

    const last = spawnWorker(world.dbUrl, env);
    await last.started;
    for (let waited = 0; (await campaignStatus()) !== 'COMPLETED' && waited < 100_000; waited += 250) await sleep(250);
    expect(await ended(last.child, 'SIGTERM'), last.stderr()).toBe(0);
    expect(await campaignStatus()).toBe('COMPLETED');

    const record = await expectNetworkRecordWithin(sandboxWorldOf(world.ctx.sandbox, db(), world.ctx.clock), world.workspaceId, LIMITS);
    expect(record.invitations.map((i) => i.contactUrn).sort()).toEqual([...world.urns].sort());
    const accepted = record.invitations.filter((i) => i.acceptedAt !== null).map((i) => i.contactUrn);
    expect(accepted).toHaveLength(54);
    expect(record.invitations.filter((i) => i.acceptedAt === null && i.withdrawnAt !== null)).toHaveLength(6); // the others, withdrawn on the network
    expect(record.messages.map((m) => m.contactUrn).sort()).toEqual(accepted.sort()); // one follow-up per acceptance
    const contacts = await db().selectFrom('campaign_contacts').select(['network_urn', 'status']).where('campaign_id', '=', world.campaignId).execute();
    for (const c of contacts) expect(c.status).toBe(accepted.includes(c.network_urn!) ? 'CONNECTED' : 'WITHDRAWN');
    const actions = await db().selectFrom('network_actions').select('status').where('workspace_id', '=', world.workspaceId).execute();
    expect(actions.map((a) => a.status)).toEqual(actions.map(() => 'SENT'));
    expect(actions).toHaveLength(record.invitations.length + record.messages.length);
  });
});
