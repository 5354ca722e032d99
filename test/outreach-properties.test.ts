// Property-based: random enrolments, limits, time zones, acceptance seeds, provider failures and
// worker restarts under a ManualClock. Checked against the sandbox's own record: per-sender
// daily and rolling-7-day caps, working hours, no duplicate invitation, every contact final.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setLimits } from '../src/outreach/limits.js';
import { ManualClock } from '../src/shared/clock.js';
import { describeEachDialect } from './helpers/dialects.js';
import { networkWorldOf, sandboxOf } from './helpers/networking-fixtures.js';
import { MONDAY_0800_UTC, outreachWorld, runUntil } from './helpers/outreach-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';
import { useTestSeed } from './helpers/test-seed.js';

const DAY = 86_400_000;
const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo'];
useTestSeed('outreach-properties');

/** The sender's wall clock, read with Intl directly rather than with the code under test. */
function wallClock(ms: number, zone: string): { date: string; weekday: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday: parts.weekday!, hour: Number(parts.hour) };
}
const WORKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];

describeEachDialect('outreach properties', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(MONDAY_0800_UTC);
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());
  const db = () => server.ctx.database.db;
  let run = 0;

  it('never exceeds a cap, acts only in working hours, never invites twice, and finishes every contact', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          senders: fc.integer({ min: 1, max: 3 }),
          contacts: fc.integer({ min: 1, max: 15 }),
          daily: fc.integer({ min: 1, max: 6 }),
          weekly: fc.integer({ min: 2, max: 15 }),
          zones: fc.array(fc.constantFrom(...ZONES), { minLength: 3, maxLength: 3 }),
          failures: fc.array(fc.record({ round: fc.integer({ min: 0, max: 200 }), kind: fc.constantFrom('transient' as const, 'limit_reached' as const) }), { maxLength: 6 }),
          restartEvery: fc.integer({ min: 1, max: 30 }),
        }),
        async (p) => {
          const start = MONDAY_0800_UTC + run++ * 70 * DAY; // each run starts on a Monday, after the last
          clock.set(start);
          const world = await outreachWorld(server, { senders: p.senders, contacts: p.contacts, urnPrefix: `R${run}x` });
          const zoneOf = new Map(world.senders.map((s, i) => [s, p.zones[i]!]));
          for (const [s, zone] of zoneOf) await db().updateTable('team_members').set({ time_zone: zone }).where('id', '=', s).execute();
          await setLimits(db(), clock, world.ws.id, { dailyInvitations: p.daily, weeklyInvitations: p.weekly });
          let round = 0;
          const failures = [...p.failures];
          // Restarts: a fresh Worker every `restartEvery` clock jumps (runUntil builds one per call).
          const end = start + 60 * DAY;
          while (clock.now() < end) {
            const chunkEnd = Math.min(end, clock.now() + p.restartEvery * 3_600_000);
            await runUntil(server, clock, chunkEnd, {
              beforeRound() {
                for (const f of failures.filter((f) => f.round === round)) sandboxOf(server).failNext(f.kind);
                round++;
              },
            });
            const open = await db().selectFrom('campaign_contacts').select('id').where('campaign_id', '=', world.campaignId).where('status', 'in', ['QUEUED', 'INVITED']).execute();
            if (open.length === 0) break;
          }
          const { invitations } = await networkWorldOf(server).received(world.ws.id);
          const pairs = invitations.map((i) => `${i.teamMemberId}|${i.contactUrn}`);
          expect(new Set(pairs).size).toBe(pairs.length);
          expect(new Set(invitations.map((i) => i.contactUrn)).size).toBe(invitations.length); // 21-day rule across senders
          for (const inv of invitations) {
            const zone = zoneOf.get(inv.teamMemberId)!;
            const mine = invitations.filter((i) => i.teamMemberId === inv.teamMemberId);
            const day = wallClock(inv.sentAt, zone).date;
            expect(mine.filter((i) => wallClock(i.sentAt, zone).date === day).length).toBeLessThanOrEqual(p.daily);
            expect(mine.filter((i) => i.sentAt > inv.sentAt - 7 * DAY && i.sentAt <= inv.sentAt).length).toBeLessThanOrEqual(p.weekly);
          }
          const actions = await db().selectFrom('network_actions').selectAll().where('workspace_id', '=', world.ws.id).execute();
          for (const a of actions) {
            const local = wallClock(a.created_at, zoneOf.get(a.team_member_id)!);
            expect(WORKDAYS.includes(local.weekday) && local.hour >= 9 && local.hour < 18, `${local.date} ${local.weekday} ${local.hour}h`).toBe(true);
          }
          const contacts = await db().selectFrom('campaign_contacts').select('status').where('campaign_id', '=', world.campaignId).execute();
          expect(contacts.filter((c) => !['CONNECTED', 'FAILED', 'SKIPPED', 'WITHDRAWN'].includes(c.status))).toEqual([]);
          const campaign = await db().selectFrom('campaigns').select('status').where('id', '=', world.campaignId).executeTakeFirstOrThrow();
          expect(campaign.status).toBe('COMPLETED');
        },
      ),
      // Each run is a whole campaign through simulated weeks; PostgreSQL (slower per statement)
      // runs fewer of the same seeded sequence, so the suite stays within minutes.
      { numRuns: dialect === 'postgres' ? 2 : 5, endOnFailure: true },
    );
  });
});
