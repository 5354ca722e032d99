// The outreach engine end to end: a real server, the sandbox network, a ManualClock.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setLimits } from '../src/outreach/limits.js';
import { isWorkingTime } from '../src/outreach/working-hours.js';
import { ManualClock } from '../src/shared/clock.js';
import { describeEachDialect } from './helpers/dialects.js';
import { addContact } from './helpers/networking-fixtures.js';
import { MONDAY_0800_UTC, outreachWorld, runUntil } from './helpers/outreach-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeEachDialect('outreach engine', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(MONDAY_0800_UTC);
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());
  const db = () => server.ctx.database.db;
  const invitationsOf = (workspaceId: string) => db().selectFrom('sandbox_invitations').selectAll().where('workspace_id', '=', workspaceId).orderBy('sent_at').execute();
  const contactsOf = async (ws: { client: any }, campaignId: string) => (await ws.client.get(`/v2/networking/campaigns/${campaignId}`)).body;

  it('invites every contact once, in working hours, spaced, then tracks acceptance and completes', async () => {
    clock.set(MONDAY_0800_UTC);
    const { ws, senders, campaignId, urns } = await outreachWorld(server, { senders: 2, contacts: 12 });
    await runUntil(server, clock, MONDAY_0800_UTC + 2 * DAY);
    const invitations = await invitationsOf(ws.id);
    expect(invitations.map((i) => i.contact_urn).sort()).toEqual([...urns].sort());
    for (const inv of invitations) expect(isWorkingTime(inv.sent_at, 'UTC', 9, 18)).toBe(true);
    for (const sender of senders) {
      const times = invitations.filter((i) => i.team_member_id === sender).map((i) => i.sent_at);
      expect(times.length).toBeGreaterThan(0); // both senders take part
      for (let k = 1; k < times.length; k++) expect(times[k]! - times[k - 1]!).toBeGreaterThanOrEqual(120_000);
    }
    // Accepted invitations (the sandbox decided which) are CONNECTED after polling; none final otherwise.
    const accepted = new Set(invitations.filter((i) => i.accept_at !== null && i.accept_at <= clock.now()).map((i) => i.contact_urn));
    let campaign = await contactsOf(ws, campaignId);
    for (const contact of campaign.contacts) expect(contact.status).toBe(accepted.has(contact.network_urn) ? 'CONNECTED' : 'INVITED');
    expect(campaign.status).toBe('ACTIVE');
    const acceptedOne = invitations.find((i) => accepted.has(i.contact_urn))!;
    await addContact(server, ws.id, acceptedOne.contact_urn); // check needs a known contact
    const check = await ws.client.patch('/v2/networking/connections/check', {
      json: { team_member_id: acceptedOne.team_member_id, contact_urn: acceptedOne.contact_urn },
    });
    expect(check.body).toEqual({ exists: true });
    // 21 days later the rest is withdrawn and the campaign completes.
    await runUntil(server, clock, MONDAY_0800_UTC + 24 * DAY);
    campaign = await contactsOf(ws, campaignId);
    for (const contact of campaign.contacts) expect(contact.status).toBe(accepted.has(contact.network_urn) ? 'CONNECTED' : 'WITHDRAWN');
    expect(campaign.status).toBe('COMPLETED');
    const live = (await invitationsOf(ws.id)).filter((i) => i.withdrawn_at === null && (i.accept_at === null || i.accept_at > clock.now()));
    expect(live).toEqual([]);
    expect(await invitationsOf(ws.id)).toHaveLength(urns.length);
  });

  it('holds the daily and weekly caps per sender', async () => {
    clock.set(MONDAY_0800_UTC);
    const { ws } = await outreachWorld(server, { senders: 1, contacts: 60, urnPrefix: 'Cap' });
    await setLimits(db(), clock, ws.id, { dailyInvitations: 7, weeklyInvitations: 25 });
    await runUntil(server, clock, MONDAY_0800_UTC + 9 * DAY);
    const days = new Map<number, number>();
    for (const inv of await invitationsOf(ws.id)) days.set(Math.floor(inv.sent_at / DAY), (days.get(Math.floor(inv.sent_at / DAY)) ?? 0) + 1);
    // Mon–Thu 7 each would be 28 > 25: the week stops at 25; the next Monday the window has room again.
    const perDay = [...days.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
    expect(perDay).toEqual([7, 7, 7, 4, 7, 7]);
  });

  it('sends nothing for DRAFT campaigns and stops at once when paused', async () => {
    clock.set(MONDAY_0800_UTC);
    const { ws, campaignId } = await outreachWorld(server, { senders: 1, contacts: 5, status: 'DRAFT', urnPrefix: 'Draft' });
    await runUntil(server, clock, MONDAY_0800_UTC + 2 * DAY);
    expect(await invitationsOf(ws.id)).toHaveLength(0);
  });
});
