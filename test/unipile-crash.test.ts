// Exactly once on Unipile across kill -9: `warmline worker` runs an ACTIVE campaign on a
// workspace bound to the local fake Unipile (which runs in this test process) and is SIGKILLed,
// every other time the moment the fake acted and otherwise at seeded random moments, restarted
// each time, then left to finish. The fake acts on an invitation or a message at once and answers
// 400 ms later, so kills land between "Unipile acted" and "the service recorded it"; only the durable ledger (unipile_send_ledger) lets the next worker
// find what Unipile already received. Checked in the FAKE's own state: every person got one
// invitation, every person who accepted one follow-up.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createContext, createLogger, type AppContext } from '../src/context.js';
import { ManualClock, ScaledClock } from '../src/shared/clock.js';
import { createTestDatabase, dbArgOf, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import { startFakeUnipile, type FakePerson, type FakeUnipile } from './helpers/fake-unipile/fake-unipile.js';
import { useTestSeed } from './helpers/test-seed.js';
import { OPEN_LIMITS, unipileCampaign, unipileWorkspace, type UnipileWorkspace } from './helpers/unipile-fixtures.js';
import { acceleratedClock, ended, spawnWorker } from './helpers/worker-process.js';

const ROUNDS = 8;
const RATE = 3_600;
const MONDAY = Date.parse('2025-06-02T00:00:00Z');
const SECRET = 'crash-test-server-secret';
const LIMITS = { ...OPEN_LIMITS, dailyInvitations: 40, weeklyInvitations: 200, dailyMessages: 40, minSpacingSeconds: 60, maxSpacingSeconds: 120, withdrawAfterDays: 1 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const { prng } = useTestSeed('unipile-crash');

describeEachDialect('Unipile sends across SIGKILL of the worker process', (dialect) => {
  let database: TestDatabase;
  let fake: FakeUnipile;
  let ctx: AppContext;
  let ws: UnipileWorkspace;
  let campaignId = '';
  let accepting: FakePerson[] = [];
  let declining: FakePerson[] = [];
  let dbUrl = '';

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dbUrl = dbArgOf(database.target);
    fake = await startFakeUnipile();
    ctx = await createContext(loadConfig({ db: dbUrl, demo: false, secret: SECRET }, {}), { clock: new ManualClock(MONDAY), logger: createLogger('silent') });
    ws = await unipileWorkspace(ctx, fake, { members: 2 });
    declining = [fake.addPerson('Dee', 'Clines'), fake.addPerson('Dan', 'Declines')];
    accepting = Array.from({ length: 10 }, (_, i) => fake.addPerson(`Acc${i}`, 'Epts'));
    campaignId = await unipileCampaign(ctx, ws, [...declining, ...accepting], { follow_up_template: 'Thanks {{first_name}}!', follow_up_delay_hours: 0 }, LIMITS);
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
    await database?.drop();
  });

  const db = () => ctx.database.db;
  const campaignStatus = async () => (await db().selectFrom('campaigns').select('status').where('id', '=', campaignId).executeTakeFirstOrThrow()).status;
  const actedCount = () => fake.invitations.length + fake.messages.filter((m) => m.fromAccount).length;
  async function untilUnipileActs(limitMs: number) {
    const before = actedCount();
    for (let waited = 0; waited < limitMs && actedCount() === before; waited += 5) await sleep(5);
  }
  /** Sends Unipile holds that the service has not recorded as sent: a kill landed between the two. */
  const actedUnrecorded = async () => {
    const sent = (await db().selectFrom('network_actions').select('id').where('workspace_id', '=', ws.id).where('status', '=', 'SENT').execute()).length;
    return actedCount() - sent;
  };

  it('invites everyone once and follows up every acceptance once, over kills between acting and recording', { timeout: 400_000 }, async () => {
    const env: Record<string, string> = { ...acceleratedClock(MONDAY, RATE), WARMLINE_SECRET: SECRET, WARMLINE_PROVIDER_TIMEOUT_MS: '5000' };
    fake.clock = (() => {
      const clock = new ScaledClock(MONDAY, Number(env.WARMLINE_CLOCK_ANCHOR), RATE);
      return () => clock.now();
    })();
    fake.answerDelayMs = 400;
    // the accepting people accept whichever sender invites them, soon after
    const acceptingIds = new Set(accepting.map((p) => p.providerId));
    const accepter = setInterval(() => {
      for (const i of fake.pending()) if (acceptingIds.has(i.to)) fake.accept(i.accountId, i.to);
    }, 50);
    try {
      let killedMidSend = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const worker = spawnWorker(dbUrl, env);
        await worker.started;
        // Every other round is killed the moment Unipile acted (its answer still on the way);
        // the others at a seeded random moment (a started worker first loads the SDK, then acts).
        if (round % 2 === 0) await untilUnipileActs(20_000);
        else await sleep(prng.int(300, 2_999));
        expect(await ended(worker.child, 'SIGKILL')).toBeNull();
        if ((await actedUnrecorded()) > 0) killedMidSend++;
      }
      expect(killedMidSend).toBeGreaterThan(0);
      const last = spawnWorker(dbUrl, env);
      await last.started;
      for (let waited = 0; (await campaignStatus()) !== 'COMPLETED' && waited < 150_000; waited += 250) await sleep(250);
      expect(await ended(last.child, 'SIGTERM'), last.stderr()).toBe(0);
    } finally {
      clearInterval(accepter);
    }
    expect(fake.drift).toEqual([]);
    expect(await campaignStatus()).toBe('COMPLETED');

    // The fake's own record: one invitation per person, one follow-up per acceptance.
    const senders = new Set(ws.members.map((m) => m.account.id));
    const invitations = fake.invitations.filter((i) => senders.has(i.accountId));
    expect(invitations.map((i) => i.to).sort()).toEqual([...declining, ...accepting].map((p) => p.providerId).sort());
    expect(invitations.filter((i) => i.acceptedAt !== null).map((i) => i.to).sort()).toEqual(accepting.map((p) => p.providerId).sort());
    expect(invitations.filter((i) => i.withdrawnAt !== null).map((i) => i.to).sort()).toEqual(declining.map((p) => p.providerId).sort());
    const followUps = fake.messages.filter((m) => m.fromAccount);
    expect(followUps.map((m) => fake.chats.find((c) => c.id === m.chatId)!.attendee).sort()).toEqual(accepting.map((p) => p.providerId).sort());
    for (const m of followUps) expect(m.text).toMatch(/^Thanks Acc\d!$/);

    const actions = await db().selectFrom('network_actions').select('status').where('workspace_id', '=', ws.id).execute();
    expect(actions.map((a) => a.status)).toEqual(actions.map(() => 'SENT'));
    expect(actions).toHaveLength(invitations.length + followUps.length);
    const ledger = await db().selectFrom('unipile_send_ledger').select(['ref']).where('workspace_id', '=', ws.id).execute();
    expect(ledger).toHaveLength(actions.length);
    expect(ledger.every((l) => l.ref !== null)).toBe(true);
  });
});
