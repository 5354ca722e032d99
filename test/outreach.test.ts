// The outreach engine end to end: a real server, the sandbox network, a ManualClock.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setLimits } from '../src/outreach/limits.js';
import { ManualClock } from '../src/shared/clock.js';
import { describeEachDialect } from './helpers/dialects.js';
import { addContact, addLead, networkWorldOf, sandboxOf } from './helpers/networking-fixtures.js';
import { setCampaignStatus } from '../src/campaigns/campaigns.operator.js';
import { configureCampaign } from '../src/outreach/campaign-settings.js';
import { campaignStats } from '../src/outreach/stats.js';
import { addSuppression } from '../src/suppression/suppression.service.js';
import { MONDAY_0800_UTC, outreachWorld, runUntil } from './helpers/outreach-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Invitations per UTC calendar date (written as YYYY-MM-DD), read without the code under test. */
function perUtcDay(invitations: { sentAt: number }[]): Record<string, number> {
  const days: Record<string, number> = {};
  for (const { sentAt } of invitations) days[new Date(sentAt).toISOString().slice(0, 10)] = (days[new Date(sentAt).toISOString().slice(0, 10)] ?? 0) + 1;
  return days;
}

/** Whether `ms` falls on one of the UTC dates between the hours. */
function withinHours(ms: number, dates: string[], startHour: number, endHour: number): boolean {
  const iso = new Date(ms).toISOString();
  const hour = Number(iso.slice(11, 13));
  return dates.includes(iso.slice(0, 10)) && hour >= startHour && hour < endHour;
}

describeEachDialect('outreach engine', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(MONDAY_0800_UTC);
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());
  const db = () => server.ctx.database.db;
  const invitationsOf = async (workspaceId: string) => (await networkWorldOf(server).received(workspaceId)).invitations;
  const contactsOf = async (ws: { client: any }, campaignId: string) => (await ws.client.get(`/v2/networking/campaigns/${campaignId}`)).body;

  it('invites every contact once, in working hours, spaced, then tracks acceptance and completes', { timeout: 120_000 }, async () => {
    clock.set(MONDAY_0800_UTC);
    const { ws, senders, campaignId, urns } = await outreachWorld(server, { senders: 2, contacts: 12 });
    await runUntil(server, clock, MONDAY_0800_UTC + 2 * DAY);
    const invitations = await invitationsOf(ws.id);
    expect(invitations.map((i) => i.contactUrn).sort()).toEqual([...urns].sort());
    // Monday 08:00 to Wednesday 08:00 UTC: working hours are 09:00-18:00 of those two days.
    for (const inv of invitations) expect(withinHours(inv.sentAt, ['2025-06-02', '2025-06-03'], 9, 18), new Date(inv.sentAt).toISOString()).toBe(true);
    for (const sender of senders) {
      const times = invitations.filter((i) => i.teamMemberId === sender).map((i) => i.sentAt);
      expect(times.length).toBeGreaterThan(0); // both senders take part
      for (let k = 1; k < times.length; k++) expect(times[k]! - times[k - 1]!).toBeGreaterThanOrEqual(120_000);
    }
    // Accepted invitations (the sandbox decided which) are CONNECTED after polling; none final otherwise.
    const accepted = new Set(invitations.filter((i) => i.acceptedAt !== null && i.acceptedAt <= clock.now()).map((i) => i.contactUrn));
    let campaign = await contactsOf(ws, campaignId);
    for (const contact of campaign.contacts) expect(contact.status).toBe(accepted.has(contact.network_urn) ? 'CONNECTED' : 'INVITED');
    expect(campaign.status).toBe('ACTIVE');
    const acceptedOne = invitations.find((i) => accepted.has(i.contactUrn))!;
    await addContact(server, ws.id, acceptedOne.contactUrn); // check needs a known contact
    const check = await ws.client.patch('/v2/networking/connections/check', {
      json: { team_member_id: acceptedOne.teamMemberId, contact_urn: acceptedOne.contactUrn },
    });
    expect(check.body).toEqual({ exists: true });
    // 21 days later the rest is withdrawn and the campaign completes.
    await runUntil(server, clock, MONDAY_0800_UTC + 24 * DAY);
    campaign = await contactsOf(ws, campaignId);
    for (const contact of campaign.contacts) expect(contact.status).toBe(accepted.has(contact.network_urn) ? 'CONNECTED' : 'WITHDRAWN');
    expect(campaign.status).toBe('COMPLETED');
    const live = (await invitationsOf(ws.id)).filter((i) => i.withdrawnAt === null && (i.acceptedAt === null || i.acceptedAt > clock.now()));
    expect(live).toEqual([]);
    expect(await invitationsOf(ws.id)).toHaveLength(urns.length);
  });

  it('holds the daily and weekly caps per sender', { timeout: 60_000 }, async () => {
    clock.set(MONDAY_0800_UTC);
    const { ws } = await outreachWorld(server, { senders: 1, contacts: 60, urnPrefix: 'Cap' });
    await setLimits(db(), clock, ws.id, { dailyInvitations: 7, weeklyInvitations: 25 });
    await runUntil(server, clock, MONDAY_0800_UTC + 9 * DAY);
    // Mon–Thu 7 each would be 28 > 25: the week stops at 25; the next Monday the window has room again.
    expect(perUtcDay(await invitationsOf(ws.id))).toEqual({ '2025-06-02': 7, '2025-06-03': 7, '2025-06-04': 7, '2025-06-05': 4, '2025-06-09': 7, '2025-06-10': 7 });
  });

  it("keeps to the sender's working week in its own zone: nothing on the weekend, hours moved by the DST change", { timeout: 60_000 }, async () => {
    // Friday 28 March 2025, 06:00 UTC (07:00 in Berlin); the clocks go forward on Sunday the 30th.
    clock.set(Date.parse('2025-03-28T06:00:00Z'));
    const { ws, senders } = await outreachWorld(server, { senders: 1, contacts: 8, urnPrefix: 'Week' });
    await db().updateTable('team_members').set({ time_zone: 'Europe/Berlin' }).where('id', '=', senders[0]!).execute();
    await setLimits(db(), clock, ws.id, { dailyInvitations: 5, weeklyInvitations: 100 });
    await runUntil(server, clock, Date.parse('2025-04-01T06:00:00Z'));
    const sent = (await invitationsOf(ws.id)).map((i) => i.sentAt);
    expect(perUtcDay(sent.map((sentAt) => ({ sentAt })))).toEqual({ '2025-03-28': 5, '2025-03-31': 3 });
    // Friday's day starts at 09:00 CET (08:00Z), Monday's at 09:00 CEST (07:00Z); spacing is minutes.
    for (const t of sent.slice(0, 5)) expect(t >= Date.parse('2025-03-28T08:00:00Z') && t < Date.parse('2025-03-28T09:00:00Z'), new Date(t).toISOString()).toBe(true);
    for (const t of sent.slice(5)) expect(t >= Date.parse('2025-03-31T07:00:00Z') && t < Date.parse('2025-03-31T08:00:00Z'), new Date(t).toISOString()).toBe(true);
  });

  it('sends nothing for DRAFT campaigns and stops at once when paused', { timeout: 60_000 }, async () => {
    clock.set(MONDAY_0800_UTC);
    const { ws, campaignId } = await outreachWorld(server, { senders: 1, contacts: 5, status: 'DRAFT', urnPrefix: 'Draft' });
    await runUntil(server, clock, MONDAY_0800_UTC + 2 * DAY);
    expect(await invitationsOf(ws.id)).toHaveLength(0);

    // Started, it sends; paused again mid-campaign, the next invitations never go out.
    await setCampaignStatus(server.ctx.database.db, clock, ws.id, campaignId, 'ACTIVE');
    clock.set(MONDAY_0800_UTC + 2 * DAY + HOUR); // Wednesday 09:00, the start of working hours
    await runUntil(server, clock, clock.now() + 7 * 60_000); // spacing is 2-6 minutes: not all five go out
    const sent = (await invitationsOf(ws.id)).length;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(5);
    await setCampaignStatus(server.ctx.database.db, clock, ws.id, campaignId, 'DRAFT');
    await runUntil(server, clock, clock.now() + 7 * DAY);
    expect(await invitationsOf(ws.id)).toHaveLength(sent);
  });
});

describeEachDialect('outreach rules', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(MONDAY_0800_UTC);
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());
  const db = () => server.ctx.database.db;

  it('sends the follow-up after acceptance and the delay, rendered with the name and company', async () => {
    clock.set(MONDAY_0800_UTC);
    const { ws, senders, campaignId } = await outreachWorld(server, { senders: 1, contacts: 0, urnPrefix: 'Fu' });
    const sandbox = sandboxOf(server);
    const urn = Array.from({ length: 200 }, (_, i) => `ACoFollow${i}`).find((u) => sandbox.accepts({ workspaceId: ws.id, teamMemberId: senders[0]! }, u))!;
    await addContact(server, ws.id, urn);
    await db().insertInto('companies').values({ workspace_id: ws.id, id: 4242, name: 'Harbor Labs', slug: 'harbor-labs', created_at: clock.now() } as any).execute();
    await db().updateTable('contacts').set({ company_id: 4242 }).where('workspace_id', '=', ws.id).where('urn', '=', urn).execute();
    await configureCampaign(db(), clock, ws.id, campaignId, { follow_up_template: 'Thanks {{first_name}}! How is {{company}}?', follow_up_delay_hours: 24 });
    expect((await ws.client.put(`/v2/networking/campaigns/${campaignId}`, { json: { profiles: [{ username: 'ada-follow', network_urn: urn, first_name: 'Ada' }] } })).status).toBe(200);
    await runUntil(server, clock, MONDAY_0800_UTC + 3 * DAY);
    const { invitations: [invitation], messages } = await networkWorldOf(server).received(ws.id);
    expect(messages.map((m) => m.text)).toEqual(['Thanks Ada! How is Harbor Labs?']);
    expect(messages[0]!.sentAt - invitation!.acceptedAt!).toBeGreaterThanOrEqual(24 * HOUR);
  });

  it('connects without invitation, follows the warm path, skips suppressed, team members, long notes and recent invitees', async () => {
    clock.set(MONDAY_0800_UTC);
    const { ws, senders, campaignId, urns } = await outreachWorld(server, { senders: 2, contacts: 6, status: 'DRAFT', urnPrefix: 'Rule' });
    const [a, b] = senders as [string, string];
    const sandbox = sandboxOf(server);
    await sandbox.addConnection({ workspaceId: ws.id, teamMemberId: b }, urns[0]!); // already connected to b
    const lead = await addLead(server, ws.id, urns[1]!); // engaged with a's content: a invites
    await db().updateTable('leads').set({ team_member_id: a }).where('id', '=', lead).execute();
    await addContact(server, ws.id, urns[2]!);
    await db().updateTable('contacts').set({ company_id: 77 }).where('urn', '=', urns[2]!).execute();
    await addSuppression(db(), clock, ws.id, 'company', '77');
    await db().updateTable('team_members').set({ network_username: `person-${urns[3]}` }).where('id', '=', a).execute();
    // urns[4] was invited by the workspace (through the API) a day ago.
    await addContact(server, ws.id, urns[4]!);
    clock.set(MONDAY_0800_UTC - 2 * DAY);
    expect((await ws.client.post('/v2/networking/connections/send', { json: { team_member_id: b, contact_urn: urns[4] } })).status).toBe(200);
    clock.set(MONDAY_0800_UTC);
    await configureCampaign(db(), clock, ws.id, campaignId, { note_template: 'Hi {{first_name}}, '.padEnd(290, 'x') + ' {{first_name}}{{first_name}}' });
    await db().updateTable('campaign_contacts').set({ first_name: 'Short' }).where('campaign_id', '=', campaignId).execute();
    await db().updateTable('campaign_contacts').set({ first_name: 'Maximilianus' }).where('network_urn', '=', urns[5]!).execute();
    await setCampaignStatus(db(), clock, ws.id, campaignId, 'ACTIVE');
    await runUntil(server, clock, MONDAY_0800_UTC + 4 * HOUR); // before any acceptance (6 h)
    const { contacts } = (await ws.client.get(`/v2/networking/campaigns/${campaignId}`)).body;
    const byUrn = new Map(contacts.map((c: any) => [c.network_urn, c]));
    expect(byUrn.get(urns[0])).toMatchObject({ status: 'CONNECTED', sender_id: b, status_reason: 'already connected' });
    expect(byUrn.get(urns[1])).toMatchObject({ status: 'INVITED', sender_id: a });
    expect(byUrn.get(urns[2])).toMatchObject({ status: 'SKIPPED', status_reason: 'suppressed' });
    expect(byUrn.get(urns[3])).toMatchObject({ status: 'SKIPPED', status_reason: 'a team member of the workspace' });
    // The API invitation of two days ago: accepted or still pending, as the sandbox decided.
    const received = await networkWorldOf(server).received(ws.id);
    const earlier = received.invitations.find((i) => i.contactUrn === urns[4])!;
    const acceptedEarlier = earlier.acceptedAt !== null && earlier.acceptedAt <= MONDAY_0800_UTC;
    expect(byUrn.get(urns[4])).toMatchObject(
      acceptedEarlier ? { status: 'CONNECTED', sender_id: b, status_reason: 'already connected' } : { status: 'INVITED', sender_id: b, status_reason: 'invitation already pending' },
    );
    expect(byUrn.get(urns[5])).toMatchObject({ status: 'SKIPPED', status_reason: 'note longer than 300 characters' });
    expect(received.invitations.map((i) => [i.teamMemberId, i.contactUrn]).sort()).toEqual([[a, urns[1]], [b, urns[4]]].sort());
    expect(received.invitations.find((i) => i.contactUrn === urns[1])!.note!.length).toBeLessThanOrEqual(300);
  });

  it('stops the step when the network cannot say who is connected: a restricted sender pauses and invites nobody', async () => {
    clock.set(MONDAY_0800_UTC);
    const { ws, campaignId } = await outreachWorld(server, { senders: 1, contacts: 3, urnPrefix: 'Look' });
    clock.set(MONDAY_0800_UTC + HOUR);
    sandboxOf(server).failNextLookup('account_restricted');
    await runUntil(server, clock, MONDAY_0800_UTC + HOUR + 30 * 60_000);
    const stats = await campaignStats(db(), clock, ws.id, campaignId);
    expect(stats.senders[0]!.paused!.reason).toContain('injected account_restricted');
    expect((await networkWorldOf(server).received(ws.id)).invitations).toEqual([]);
    expect(stats.contacts).toMatchObject({ QUEUED: 3 });
  });

  it('pauses a sender the network limits for a day while the other sender carries on; stats show it', async () => {
    clock.set(MONDAY_0800_UTC);
    const { ws, senders, campaignId } = await outreachWorld(server, { senders: 2, contacts: 8, urnPrefix: 'Lim' });
    const sandbox = sandboxOf(server);
    clock.set(MONDAY_0800_UTC + HOUR);
    sandbox.failNext('limit_reached');
    await runUntil(server, clock, MONDAY_0800_UTC + 2 * HOUR);
    const stats = await campaignStats(db(), clock, ws.id, campaignId);
    const paused = stats.senders.filter((s) => s.paused !== null);
    expect(paused).toHaveLength(1);
    expect(paused[0]!.paused!.reason).toContain('limit');
    const other = senders.find((s) => s !== paused[0]!.team_member_id)!;
    const { invitations } = await networkWorldOf(server).received(ws.id);
    expect(invitations.every((i) => i.teamMemberId === other)).toBe(true);
    expect(invitations).toHaveLength(8); // the other sender took every contact
    expect(stats.contacts).toMatchObject({ INVITED: 8, QUEUED: 0 });
    expect(stats.senders.find((s) => s.team_member_id === other)!.invitations_today).toEqual({ used: 8, limit: 20 });
  });
});
