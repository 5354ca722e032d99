// The console's campaign API (/app/api/campaigns…) as the browser uses it: create, configure with
// the domain's own rules (a refused field named in a 422, nothing saved), start/pause/archive,
// enrol leads with a report, and statistics that move when the engine runs on the manual clock.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../src/shared/clock.js';
import { consoleSession } from './helpers/console-session.js';
import { describeEachDialect } from './helpers/dialects.js';
import { insertLeads } from './helpers/leads-fixture.js';
import { MONDAY_0800_UTC, runUntil } from './helpers/outreach-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

const HOUR = 3_600_000;

describeEachDialect('console campaigns API', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(MONDAY_0800_UTC);
  let ws: Awaited<ReturnType<TestServer['newWorkspace']>>;
  let other: Awaited<ReturnType<TestServer['newWorkspace']>>;
  let admin: Awaited<ReturnType<typeof consoleSession>>;
  let member: Awaited<ReturnType<typeof consoleSession>>;

  beforeAll(async () => {
    server = await startServer(dialect, { clock });
    ws = await server.newWorkspace('Campaigns', { members: 2, connected: true, activity: false });
    other = await server.newWorkspace('Other', { members: 1 });
    const leads = Array.from({ length: 6 }, (_, i) => ({ id: `lead-${i}`, created_at: clock.now() - 1000, first_name: `Ada${i}`, username: `ada-${i}`, contact_urn: `ACoLead${i}` }));
    await insertLeads(server.ctx.database.db, ws.id, [...leads, { id: 'lead-nouser', created_at: clock.now() - 1000 }, { id: 'lead-twin', created_at: clock.now() - 1000, username: 'ADA-0' }]);
    await insertLeads(server.ctx.database.db, other.id, [{ id: 'lead-foreign', created_at: clock.now() - 1000, username: 'foreign' }]);
    admin = await consoleSession(server, ws.id, ws.members[0]!, 'admin');
    member = await consoleSession(server, ws.id, ws.members[1]!, 'member');
  });
  afterAll(() => server.close());

  const create = async (name = 'Spring') => (await admin.post('/app/api/campaigns', { name })).body;

  it('creates a DRAFT campaign with the signed-in member as creator and sender, listed like v2 lists it', async () => {
    const res = await admin.post('/app/api/campaigns', { name: 'Spring', description: 'Fair follow-up' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Spring', status: 'DRAFT', creator_id: ws.members[0], participant_ids: [ws.members[0]], contacts_total: 0, note_limit: 300,
      settings: { note_template: null, follow_up_template: null, follow_up_delay_hours: 24, sender_policy: 'WARM_FIRST' },
      limits: { daily_invitations: 20, weekly_invitations: 100, daily_messages: 30, work_start_hour: 9, work_end_hour: 18 },
    });
    expect(res.body.members.map((m: { id: string }) => m.id).sort()).toEqual([...ws.members].sort());
    const list = (await admin.get('/app/api/campaigns')).body;
    expect(list).toEqual((await ws.client.get('/v2/networking/campaigns')).body);
    expect(list.items.map((c: { id: string }) => c.id)).toContain(res.body.id);
    expect((await admin.post('/app/api/campaigns', { name: ' ' })).body.detail).toEqual([{ loc: ['body', 'name'], msg: 'the campaign needs a name', type: 'value_error', input: ' ' }]);
  });

  it('configures senders, note, follow-up and (admin) limits; v2 sees the senders', async () => {
    const { id } = await create();
    const res = await admin.patch(`/app/api/campaigns/${id}`, {
      participant_ids: ws.members, note_template: 'Hi {{first_name}}, glad we met.', follow_up_template: 'Thanks {{first_name}}!', follow_up_delay_hours: 48,
      sender_policy: 'CAPACITY', limits: { daily_invitations: 15, weekly_invitations: 60, work_start_hour: 8, work_end_hour: 17 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      settings: { note_template: 'Hi {{first_name}}, glad we met.', follow_up_template: 'Thanks {{first_name}}!', follow_up_delay_hours: 48, sender_policy: 'CAPACITY' },
      limits: { daily_invitations: 15, weekly_invitations: 60, daily_messages: 30, work_start_hour: 8, work_end_hour: 17 },
    });
    expect([...res.body.participant_ids].sort()).toEqual([...ws.members].sort());
    const v2 = (await ws.client.get(`/v2/networking/campaigns/${id}`)).body;
    expect(v2.participants.map((p: { id: string }) => p.id).sort()).toEqual([...ws.members].sort());
    await admin.patch(`/app/api/campaigns/${id}`, { limits: { daily_invitations: 20, weekly_invitations: 100, work_start_hour: 9, work_end_hour: 18 } });
    // Further follow-up steps: saved in order, read back, and kept when another field changes.
    const steps = [{ template: 'Still keen, {{first_name}}?', delay_hours: 72 }, { template: 'Last note', delay_hours: 168 }];
    expect((await admin.patch(`/app/api/campaigns/${id}`, { follow_ups: steps })).body.settings.follow_ups).toEqual(steps);
    await admin.patch(`/app/api/campaigns/${id}`, { note_template: 'Hi' });
    expect((await admin.get(`/app/api/campaigns/${id}`)).body.settings.follow_ups).toEqual(steps);
  });

  it('refuses a note over the limit, bad caps, bad hours and unknown senders next to the field, and saves nothing', async () => {
    const { id } = await create();
    const before = (await admin.get(`/app/api/campaigns/${id}`)).body;
    const refused = async (body: object, loc: (string | number)[], msg: RegExp) => {
      const res = await admin.patch(`/app/api/campaigns/${id}`, body);
      expect(res.status).toBe(422);
      expect(res.body.detail).toHaveLength(1);
      expect(res.body.detail[0].loc).toEqual(loc);
      expect(res.body.detail[0].msg).toMatch(msg);
      // The refused value itself, read from the request body where loc points (a step's field too).
      const sent = loc.slice(1).reduce<any>((value, key) => value?.[key], body);
      expect(res.body.detail[0].input).toEqual(sent ?? null);
      expect((await admin.get(`/app/api/campaigns/${id}`)).body).toEqual(before);
    };
    // A good note together with a bad cap: neither is saved.
    await refused({ note_template: 'Hello {{first_name}} ' + 'x'.repeat(300) }, ['body', 'note_template'], /without its placeholders; the network allows 300/);
    await refused({ note_template: 'x'.repeat(700) }, ['body', 'note_template'], /far beyond 300/);
    await refused({ note_template: 'Fine', limits: { daily_invitations: 1000 } }, ['body', 'limits', 'daily_invitations'], /^Must be a whole number from 0 to 200$/);
    await refused({ note_template: 'Fine', limits: { work_start_hour: 18, work_end_hour: 9 } }, ['body', 'limits', 'work_end_hour'], /working hours must start before they end/);
    await refused({ note_template: 'Fine', limits: { work_end_hour: 25 } }, ['body', 'limits', 'work_end_hour'], /from 1 to 24/);
    await refused({ note_template: 'Fine', follow_up_delay_hours: 5000 }, ['body', 'follow_up_delay_hours'], /0 to 2160/);
    await refused({ note_template: 'Fine', participant_ids: [other.members[0]] }, ['body', 'participant_ids'], /not team members/);
    await refused({ limits: { daily_invitations: 'many' } }, ['body', 'limits', 'daily_invitations'], /valid integer/);
    await refused({ follow_up_template: 'One', follow_ups: [{ template: '', delay_hours: 24 }] }, ['body', 'follow_ups', 0, 'template'], /template must be 1 to 5000 characters/);
    await refused({ follow_up_template: 'One', follow_ups: [{ template: 'Two', delay_hours: 24 }, { template: 'Three', delay_hours: 0 }] }, ['body', 'follow_ups', 1, 'delay_hours'], /from 1 to 2160/);
    await refused({ follow_up_template: 'One', follow_ups: [{ template: 'Two', delay_hours: 2161 }] }, ['body', 'follow_ups', 0, 'delay_hours'], /from 1 to 2160/);
    await refused({ follow_up_template: 'One', follow_ups: Array.from({ length: 5 }, () => ({ template: 'More', delay_hours: 24 })) }, ['body', 'follow_ups'], /at most 5 follow-up steps/);
    await refused({ follow_ups: [{ template: 'Two', delay_hours: 24 }] }, ['body', 'follow_up_template'], /first follow-up step needs a template/);
    // Placeholders do not count against the limit: each is filled in per lead, and a long one is skipped when it is sent.
    const note = 'Hi {{first_name}} {{company}}, ' + 'x'.repeat(280);
    expect((await admin.patch(`/app/api/campaigns/${id}`, { note_template: note })).body.settings.note_template).toBe(note);
  });

  it("lets a member send the limits back unchanged but not change them; another workspace's campaign is not found", async () => {
    const { id, limits } = await create();
    expect((await member.patch(`/app/api/campaigns/${id}`, { note_template: 'Hi', limits })).status).toBe(200);
    const res = await member.patch(`/app/api/campaigns/${id}`, { note_template: 'Changed', limits: { ...limits, daily_invitations: 5 } });
    expect(res).toMatchObject({ status: 403, body: { detail: "Only admins change the workspace's sending limits" } });
    expect((await member.get(`/app/api/campaigns/${id}`)).body).toMatchObject({ settings: { note_template: 'Hi' }, limits });
    const foreign = await consoleSession(server, other.id, other.members[0]!);
    expect((await foreign.get(`/app/api/campaigns/${id}`)).body).toEqual({ detail: 'Campaign not found' });
    expect((await foreign.patch(`/app/api/campaigns/${id}`, { note_template: 'x' })).status).toBe(404);
    expect((await foreign.post(`/app/api/campaigns/${id}/leads`, { lead_ids: ['lead-foreign'] })).status).toBe(404);
  });

  it('never takes an API key, and refuses a change without the CSRF token', async () => {
    const { id } = await create();
    expect((await server.client.get('/app/api/campaigns', { headers: { authorization: `Bearer ${ws.key}` } })).status).toBe(401);
    const noCsrf = await server.client.post(`/app/api/campaigns/${id}/status`, { json: { status: 'ACTIVE' }, headers: { cookie: admin.headers.cookie } });
    expect(noCsrf).toMatchObject({ status: 403, body: { detail: 'Missing or wrong CSRF token' } });
    expect((await admin.post(`/app/api/campaigns/${id}/status`, { status: 'COMPLETED' })).status).toBe(422); // the engine completes campaigns, not a person
    expect((await admin.get(`/app/api/campaigns/${id}`)).body.status).toBe('DRAFT');
  });

  it('enrols leads with a report of enrolled and skipped, idempotently; an archived campaign refuses', async () => {
    const { id } = await create();
    const res = await admin.post(`/app/api/campaigns/${id}/leads`, { lead_ids: ['lead-0', 'lead-1', 'lead-nouser', 'lead-twin', 'lead-foreign', 'nope', 'lead-0'] });
    expect(res.body).toEqual({
      enrolled: ['lead-0', 'lead-1'],
      skipped: [
        { lead_id: 'lead-nouser', reason: 'the lead has no network username' },
        { lead_id: 'lead-twin', reason: 'the same person as lead lead-0' },
        { lead_id: 'lead-foreign', reason: 'lead not found' },
        { lead_id: 'nope', reason: 'lead not found' },
      ],
    });
    const again = await admin.post(`/app/api/campaigns/${id}/leads`, { lead_ids: ['lead-1', 'lead-2'] });
    expect(again.body).toEqual({ enrolled: ['lead-2'], skipped: [{ lead_id: 'lead-1', reason: 'already enrolled' }] });
    const v2 = (await ws.client.get(`/v2/networking/campaigns/${id}`)).body;
    expect(v2.contacts.map((c: any) => [c.network_handle, c.network_urn, c.first_name]).sort()).toEqual([['ada-0', 'ACoLead0', 'Ada0'], ['ada-1', 'ACoLead1', 'Ada1'], ['ada-2', 'ACoLead2', 'Ada2']]);
    expect((await admin.post(`/app/api/campaigns/${id}/leads`, { lead_ids: [] })).status).toBe(422);
    expect((await admin.post(`/app/api/campaigns/${id}/status`, { status: 'ARCHIVED' })).body.status).toBe('ARCHIVED');
    expect((await admin.post(`/app/api/campaigns/${id}/leads`, { lead_ids: ['lead-3'] })).body).toEqual({ detail: 'Campaign is archived' });
  });

  it('starts, runs, pauses: the statistics show invitations per day and each sender against its caps', async () => {
    clock.set(MONDAY_0800_UTC);
    const { id } = await create('Run');
    await admin.patch(`/app/api/campaigns/${id}`, { participant_ids: ws.members, note_template: 'Hi {{first_name}}' });
    await admin.post(`/app/api/campaigns/${id}/leads`, { lead_ids: ['lead-0', 'lead-1', 'lead-2', 'lead-3', 'lead-4', 'lead-5'] });
    const idle = (await admin.get(`/app/api/campaigns/${id}/stats`)).body;
    expect(idle).toMatchObject({ status: 'DRAFT', contacts: { QUEUED: 6 }, acceptance_rate: null, reply_rate: null });
    expect(idle.days).toHaveLength(14);
    expect(idle.days.at(-1)).toEqual({ day: '2025-06-02', invitations: 0, acceptances: 0, replies: 0 });
    expect((await admin.post(`/app/api/campaigns/${id}/status`, { status: 'ACTIVE' })).body.status).toBe('ACTIVE');
    await runUntil(server, clock, MONDAY_0800_UTC + 4 * HOUR);
    const stats = (await admin.get(`/app/api/campaigns/${id}/stats`)).body;
    const invited = stats.days.reduce((n: number, d: { invitations: number }) => n + d.invitations, 0);
    expect(invited).toBeGreaterThan(0);
    expect(stats.days.at(-1).invitations).toBe(invited);
    expect(stats.senders).toHaveLength(2);
    const used = stats.senders.reduce((n: number, s: any) => n + s.invitations_today.used, 0);
    expect(used).toBe(invited);
    expect(stats.senders[0].invitations_today.limit).toBe(20);
    expect(stats.senders[0].invitations_7_days.limit).toBe(100);
    expect((await admin.post(`/app/api/campaigns/${id}/status`, { status: 'DRAFT' })).body.status).toBe('DRAFT');
    await runUntil(server, clock, MONDAY_0800_UTC + 8 * HOUR);
    const paused = (await admin.get(`/app/api/campaigns/${id}/stats`)).body;
    expect(paused.days.at(-1).invitations).toBe(stats.days.at(-1).invitations);
  });

  it('counts acceptances and replies on their own UTC days; one already connected is no acceptance; older days fall out', async () => {
    clock.set(MONDAY_0800_UTC);
    const { id } = await create('Days');
    await admin.post(`/app/api/campaigns/${id}/leads`, { lead_ids: ['lead-0', 'lead-1', 'lead-2', 'lead-3'] });
    const db = server.ctx.database.db;
    const set = (username: string, times: { invited_at?: number; connected_at?: number; replied_at?: number }) =>
      db.updateTable('campaign_contacts').set(times).where('campaign_id', '=', id).where('username', '=', username).execute();
    const DAY = 24 * HOUR;
    await set('ada-0', { invited_at: MONDAY_0800_UTC - 2 * DAY, connected_at: MONDAY_0800_UTC - DAY, replied_at: MONDAY_0800_UTC });
    await set('ada-1', { connected_at: MONDAY_0800_UTC - DAY }); // connected before the campaign: no acceptance
    await set('ada-2', { invited_at: MONDAY_0800_UTC - 20 * DAY, connected_at: MONDAY_0800_UTC - 19 * DAY }); // before the 14 days shown
    const { days } = (await admin.get(`/app/api/campaigns/${id}/stats`)).body;
    expect(days.slice(-3)).toEqual([
      { day: '2025-05-31', invitations: 1, acceptances: 0, replies: 0 },
      { day: '2025-06-01', invitations: 0, acceptances: 1, replies: 0 },
      { day: '2025-06-02', invitations: 0, acceptances: 0, replies: 1 },
    ]);
    expect(days[0].day).toBe('2025-05-20');
    expect(days.reduce((n: number, d: any) => n + d.invitations + d.acceptances + d.replies, 0)).toBe(3);
  });
});
