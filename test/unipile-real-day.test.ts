// A real team's real fortnight on Unipile (issue 52), against the local fake at a real day's
// volume: 3 members whose posts draw 200 new engagers a day each, ICP rules that need full
// profiles, a campaign of 300, 14 simulated days, two worker processes' worth of engines (the
// server's and a second context on its own connections, as `warmline worker` is) spending one
// budget, the second restarted mid-day. Checked in the fake's own record of what each account was
// charged: profile views per account per day within the budget, invitations per sender at its cap
// while contacts wait, every engager a lead the same day, never a second invitation, no sync
// failing for budget reasons.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createContext, createLogger, type AppContext } from '../src/context.js';
import { createWorker } from '../src/engine/worker-tasks.js';
import { setIcpRules } from '../src/ingestion/settings.service.js';
import { urnOf } from '../src/network/unipile/unipile.mapping.js';
import { DEFAULT_BUDGET } from '../src/network/unipile/unipile.budget.js';
import { DEFAULT_LIMITS } from '../src/outreach/limits.js';
import { nextDueAt } from '../src/outreach/outreach.repository.js';
import { ManualClock } from '../src/shared/clock.js';
import { DAY_MS } from '../src/shared/time.js';
import { describeEachDialect } from './helpers/dialects.js';
import { startFakeUnipile, type FakePerson, type FakeUnipile } from './helpers/fake-unipile/fake-unipile.js';
import { MONDAY_0800_UTC } from './helpers/outreach-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';
import { unipileCampaign, unipileWorkspace, type UnipileWorkspace } from './helpers/unipile-fixtures.js';

const DAYS = Number(process.env.REALDAY_DAYS ?? 14);
const MEMBERS = 3;
const ENGAGERS_PER_DAY = 200;
const POSTS_PER_DAY = 2;
const CAMPAIGN = 300;
const CAP = 6;
const HOUR = 3_600_000;
const SYNC_EVERY = 3 * HOUR;
const START = MONDAY_0800_UTC - 2 * HOUR; // Monday 06:00 UTC
/** The most API calls an account may be charged in a day (every kind: lists, look-ups, sends). */
const CALLS_PER_ACCOUNT_DAY = 400;

describeEachDialect('a real account, a real fortnight on Unipile', (dialect) => {
  const clock = new ManualClock(START);
  let fake: FakeUnipile;
  let server: TestServer;
  let ws: UnipileWorkspace;
  let second: AppContext;
  const engagers = new Set<string>();

  beforeAll(async () => {
    fake = await startFakeUnipile();
    fake.clock = () => clock.now();
    // Syncs every SYNC_EVERY (the default is 15 minutes): the budget is per day whatever the pace of
    // syncs, and each sync reads every post of 30 days, which at this volume is the test's whole time.
    server = await startServer(dialect, { clock, env: { WARMLINE_SYNC_INTERVAL_MS: String(SYNC_EVERY) } });
    ws = await unipileWorkspace(server.ctx, fake, { members: MEMBERS, serverUrl: server.url });
    await setIcpRules(server.ctx.database.db, clock, ws.id, { job_title_keywords: ['head'] });
    const prospects = Array.from({ length: CAMPAIGN }, (_, i) => fake.addPerson(`Prospect${i}`, `Of${dialect}`));
    await unipileCampaign(server.ctx, ws, prospects, {}, { ...DEFAULT_LIMITS, dailyInvitations: CAP, weeklyInvitations: 100 });
    second = await createContext(server.config, { clock, logger: createLogger('silent'), migrate: false });
  }, 120_000);

  afterAll(async () => {
    await second?.close();
    await server?.close();
    await fake?.close();
  });

  /** The day's new engagement: each member's posts of the morning, each drawing new people. */
  function publishDay(day: number) {
    for (const member of ws.members) {
      for (let p = 0; p < POSTS_PER_DAY; p++) {
        const post = fake.addPost(member.account.owner, `Day ${day} post ${p} of ${member.account.owner.firstName}`, clock.now());
        for (let i = 0; i < ENGAGERS_PER_DAY / POSTS_PER_DAY; i++) {
          const person: FakePerson = fake.addPerson(`E${day}x${p}x${i}`, member.account.owner.firstName, i % 2 === 0 ? 'Head of Sales' : 'Engineer');
          if (i % 3 === 0) fake.comment(post, person, 'Great post');
          else fake.react(post, person);
          engagers.add(urnOf(person.providerId));
        }
      }
    }
  }

  /** Both processes' engines, in turn, until the day is over: every SYNC_EVERY, and whenever a sender is due. */
  async function runDay(dayStart: number, onNoon?: () => Promise<void>) {
    const end = dayStart + DAY_MS;
    let noonDone = false;
    while (clock.now() < end) {
      if (onNoon && !noonDone && clock.now() >= dayStart + 6 * HOUR) {
        await onNoon();
        noonDone = true;
      }
      await createWorker(server.ctx).drain();
      await createWorker(second).drain();
      const due = await nextDueAt(server.ctx.database.db);
      clock.set(Math.min(end, clock.now() + SYNC_EVERY, Math.max(due ?? Infinity, clock.now() + 1)));
    }
  }

  it('keeps every account within its budget, invites at the cap, makes every engager a lead the same day, never twice', async () => {
    const db = server.ctx.database.db;
    const accounts = ws.members.map((m) => m.account.id);
    let weekdays = 0;
    for (let day = 0; day < DAYS; day++) {
      const dayStart = START + day * DAY_MS;
      publishDay(day);
      // Day 3: the second process is restarted at noon (its budget is the database's, so it carries over).
      await runDay(dayStart, day === 3 ? async () => {
        await second.close();
        second = await createContext(server.config, { clock, logger: createLogger('silent'), migrate: false });
      } : undefined);
      const date = new Date(dayStart).toISOString().slice(0, 10);
      const views = fake.profileViewsByDay();
      for (const account of accounts) expect(views.get(`${account} ${date}`) ?? 0, `${date} ${account} profile views`).toBeLessThanOrEqual(DEFAULT_BUDGET.dailyProfileLookups);
      const weekday = new Date(dayStart).getUTCDay() % 6 !== 0;
      if (weekday) weekdays++;
      const invited = (account: string) => fake.invitations.filter((i) => i.accountId === account && new Date(i.at).toISOString().slice(0, 10) === date).length;
      for (const account of accounts) expect(invited(account), `${date} ${account} invitations`).toBe(weekday ? CAP : 0);
      // every engager is a lead the same day (made from the engagement; the profile may follow)
      const leads = await db.selectFrom('leads').select('contact_urn').where('workspace_id', '=', ws.id).execute();
      expect(new Set(leads.map((l) => l.contact_urn)), `${date} leads`).toEqual(engagers);
      const failing = await db.selectFrom('member_syncs').select(['team_member_id', 'last_error']).where('workspace_id', '=', ws.id).where('failures', '>', 0).execute();
      expect(failing, `${date} failing syncs`).toEqual([]);
    }
    // never a second invitation to anyone, from any account
    const to = fake.invitations.map((i) => i.to);
    expect(new Set(to).size).toBe(to.length);
    expect(to.length).toBe(weekdays * MEMBERS * CAP);
    // The profiles the rules need came within the budget: more people wait than the ingestion's
    // share allows, so each account spent exactly that share on every UTC day the run touched
    // (the run's days start at 06:00: DAYS + 1 UTC days), and never the reserve.
    const looked = await db.selectFrom('profile_lookups').select(({ fn }) => fn.countAll<number>().as('n')).where('workspace_id', '=', ws.id).where('outcome', '=', 'FOUND').executeTakeFirstOrThrow();
    expect(Number(looked.n)).toBe((DAYS + 1) * MEMBERS * (DEFAULT_BUDGET.dailyProfileLookups - DEFAULT_BUDGET.ingestionReserve));
    expect(fake.drift).toEqual([]);
    // The API calls each account is charged a day stay those of a careful tool, not a crawler: 8 syncs
    // a day over 30 days of posts read every post's engagement every sync before 2026-12-02 (over
    // 1,000 calls a day per account by the second week); a post whose counts have not moved is read
    // once a day now.
    const calls = [...fake.chargedByDay().values()];
    console.log(`real day: API calls per account per day: max ${Math.max(...calls)}, mean ${Math.round(calls.reduce((a, b) => a + b, 0) / calls.length)}`);
    expect(Math.max(...calls)).toBeLessThanOrEqual(CALLS_PER_ACCOUNT_DAY);
  }, 900_000);
});
