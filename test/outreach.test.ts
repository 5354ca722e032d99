// The outreach engine end to end: a real server, the sandbox network, a ManualClock.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sandboxDb } from '../src/network/sandbox/sandbox.table.js';
import { setLimits } from '../src/outreach/limits.js';
import { isWorkingTime } from '../src/outreach/working-hours.js';
import { ManualClock } from '../src/shared/clock.js';
import { describeEachDialect } from './helpers/dialects.js';
import { addContact, addLead, sandboxOf } from './helpers/networking-fixtures.js';
import { setCampaignStatus } from '../src/campaigns/campaigns.operator.js';
import { configureCampaign } from '../src/outreach/campaign-settings.js';
import { campaignStats } from '../src/outreach/stats.js';
import { addSuppression } from '../src/suppression/suppression.service.js';
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
  const invitationsOf = (workspaceId: string) => sandboxDb(db()).selectFrom('sandbox_invitations').selectAll().where('workspace_id', '=', workspaceId).orderBy('sent_at').execute();
  const contactsOf = async (ws: { client: any }, campaignId: string) => (await ws.client.get(`/v2/networking/campaigns/${campaignId}`)).body;

  it('invites every contact once, in working hours, spaced, then tracks acceptance and completes', { timeout: 120_000 }, async () => {
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

  it('holds the daily and weekly caps per sender', { timeout: 60_000 }, async () => {
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
    const [invitation] = await sandboxDb(db()).selectFrom('sandbox_invitations').selectAll().where('workspace_id', '=', ws.id).execute();
    const messages = await sandboxDb(db()).selectFrom('sandbox_messages').selectAll().where('workspace_id', '=', ws.id).execute();
    expect(messages.map((m) => m.body)).toEqual(['Thanks Ada! How is Harbor Labs?']);
    expect(messages[0]!.sent_at - invitation!.accept_at!).toBeGreaterThanOrEqual(24 * HOUR);
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
    const earlier = await sandboxDb(db()).selectFrom('sandbox_invitations').selectAll().where('contact_urn', '=', urns[4]!).executeTakeFirstOrThrow();
    const acceptedEarlier = earlier.accept_at !== null && earlier.accept_at <= MONDAY_0800_UTC;
    expect(byUrn.get(urns[4])).toMatchObject(
      acceptedEarlier ? { status: 'CONNECTED', sender_id: b, status_reason: 'already connected' } : { status: 'INVITED', sender_id: b, status_reason: 'invitation already pending' },
    );
    expect(byUrn.get(urns[5])).toMatchObject({ status: 'SKIPPED', status_reason: 'note longer than 300 characters' });
    const invitations = await sandboxDb(db()).selectFrom('sandbox_invitations').selectAll().where('workspace_id', '=', ws.id).execute();
    expect(invitations.map((i) => [i.team_member_id, i.contact_urn]).sort()).toEqual([[a, urns[1]], [b, urns[4]]].sort());
    expect(invitations.find((i) => i.contact_urn === urns[1])!.note!.length).toBeLessThanOrEqual(300);
  });

  it('stops the step when the network cannot say who is connected: a restricted sender pauses and invites nobody', async () => {
    clock.set(MONDAY_0800_UTC);
    const { ws, campaignId } = await outreachWorld(server, { senders: 1, contacts: 3, urnPrefix: 'Look' });
    clock.set(MONDAY_0800_UTC + HOUR);
    sandboxOf(server).failNextLookup('account_restricted');
    await runUntil(server, clock, MONDAY_0800_UTC + HOUR + 30 * 60_000);
    const stats = await campaignStats(db(), clock, ws.id, campaignId);
    expect(stats.senders[0]!.paused!.reason).toContain('injected account_restricted');
    expect(await sandboxDb(db()).selectFrom('sandbox_invitations').selectAll().where('workspace_id', '=', ws.id).execute()).toEqual([]);
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
    const invitations = await sandboxDb(db()).selectFrom('sandbox_invitations').selectAll().where('workspace_id', '=', ws.id).execute();
    expect(invitations.every((i) => i.team_member_id === other)).toBe(true);
    expect(invitations).toHaveLength(8); // the other sender took every contact
    expect(stats.contacts).toMatchObject({ INVITED: 8, QUEUED: 0 });
    expect(stats.senders.find((s) => s.team_member_id === other)!.invitations_today).toEqual({ used: 8, limit: 20 });
  });
});
