// The console's Feeds, Team and Settings endpoints (/app/api) over HTTP on each dialect: the v2
// feeds' answers, tracking, the team and its usage, link/unlink, the credit ledger, ICP rules, the
// suppression CSV, the network binding; members against admins, CSRF, another workspace's ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLimits } from '../src/outreach/limits.js';
import { ManualClock } from '../src/shared/clock.js';
import { addTeamMember, grantCredits } from '../src/workspace/workspace.service.js';
import { consoleSession } from './helpers/console-session.js';
import { describeEachDialect } from './helpers/dialects.js';
import { insertPosts, trackContact } from './helpers/leads-fixture.js';
import { addContact } from './helpers/networking-fixtures.js';
import { startFakeUnipile } from './helpers/fake-unipile/fake-unipile.js';
import { startServer, type TestServer } from './helpers/server.js';
import { unipileWorkspace } from './helpers/unipile-fixtures.js';

const NOW = Date.parse('2026-03-04T10:00:00Z');

/** A signed-in browser's cookie and CSRF token. */
type ConsoleHeaders = { cookie: string; 'x-csrf-token': string };
const signedIn = async (...args: Parameters<typeof consoleSession>): Promise<ConsoleHeaders> => (await consoleSession(...args)).headers;
const H = 3_600_000;

describeEachDialect('console Feeds, Team and Settings API', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(NOW);
  let ws: Awaited<ReturnType<TestServer['newWorkspace']>>;
  let other: Awaited<ReturnType<TestServer['newWorkspace']>>;
  let admin: ConsoleHeaders;
  let member: ConsoleHeaders;
  let ada: string;
  let grace: string;
  const db = () => server.ctx.database.db;
  const get = (path: string, headers: ConsoleHeaders = admin) => server.client.get(path, { headers: { ...headers } });
  const post = (path: string, json: unknown, headers: ConsoleHeaders = admin) => server.client.post(path, { json, headers: { ...headers } });

  beforeAll(async () => {
    server = await startServer(dialect, { clock });
    ws = await server.newWorkspace('Console', { members: 2 });
    other = await server.newWorkspace('Other', { members: 1 });
    admin = await signedIn(server, ws.id, ws.members[0]!, 'admin');
    member = await signedIn(server, ws.id, ws.members[1]!, 'member');
    ada = await addContact(server, ws.id, 'urn:ada');
    grace = await addContact(server, ws.id, 'urn:grace');
    await db().updateTable('contacts').set({ first_name: 'Ada', last_name: 'Lovelace', headline: 'Analyst' }).where('urn', '=', ada).execute();
    await db().updateTable('contacts').set({ first_name: 'Grace', last_name: 'Hopper', headline: 'Admiral' }).where('urn', '=', grace).execute();
    await addContact(server, other.id, 'urn:foreign');
    await insertPosts(db(), ws.id, [
      { id: 'p-team-1', published_at: NOW - 2 * H, team_member_id: ws.members[0] },
      { id: 'p-team-2', published_at: NOW - 30 * H, team_member_id: ws.members[1] },
      { id: 'p-ada', published_at: NOW - 3 * H, author_urn: ada },
      { id: 'p-grace', published_at: NOW - 4 * H, author_urn: grace },
    ]);
    await trackContact(db(), ws.id, ws.members[1]!, grace);
  });
  afterAll(() => server.close());

  describe('feeds', () => {
    it('answers the team feed with its filters exactly as the v2 feed does', async () => {
      for (const query of ['', '?sort_by=oldest_first&limit=1', `?team_member_id=${ws.members[1]}`, '?days=0']) {
        const mine = await get(`/app/api/feeds/team${query}`, member);
        expect(mine.status).toBe(200);
        expect(mine.body.items).toEqual((await ws.client.get(`/v2/content/team/feed${query}`)).body.items);
      }
      expect((await get('/app/api/feeds/team?limit=0')).status).toBe(422);
      expect((await get(`/app/api/feeds/team?team_member_id=${other.members[0]}`)).body).toEqual({ detail: 'Invalid team_member_id' });
    });

    it('tracks and untracks a contact: the tracked feed follows, the v2 feed agrees', async () => {
      const tracked = async () => (await get('/app/api/feeds/tracked', member)).body.items.map((p: { id: string }) => p.id);
      expect(await tracked()).toEqual(['p-grace']);
      expect((await get('/app/api/contacts?q=love', member)).body).toEqual([{ urn: ada, name: 'Ada Lovelace', headline: 'Analyst', username: null }]);
      expect((await post('/app/api/tracked-contacts', { contact_urn: ada }, member)).status).toBe(204);
      expect(await tracked()).toEqual(['p-ada', 'p-grace']);
      expect((await ws.client.get('/v2/content/tracked-contacts/feed')).body.items.map((p: { id: string }) => p.id)).toEqual(['p-ada', 'p-grace']);
      expect((await get(`/app/api/tracked-contacts?team_member_id=${ws.members[1]}`, member)).body.map((t: { contact_urn: string }) => t.contact_urn)).toEqual([ada, grace]);
      const untrack = await server.client.delete(`/app/api/tracked-contacts/${ws.members[1]}/${encodeURIComponent(ada)}`, { headers: { ...member } });
      expect(untrack.status).toBe(204);
      expect(await tracked()).toEqual(['p-grace']);
    });

    it("lets a member change only their own tracking; an admin anyone's", async () => {
      expect(await post('/app/api/tracked-contacts', { contact_urn: ada, team_member_id: ws.members[0] }, member)).toMatchObject({ status: 403 });
      expect((await post('/app/api/tracked-contacts', { contact_urn: ada, team_member_id: ws.members[1] }, admin)).status).toBe(204);
      expect((await server.client.delete(`/app/api/tracked-contacts/${ws.members[1]}/${encodeURIComponent(ada)}`, { headers: { ...admin } })).status).toBe(204);
    });

    it("refuses another workspace's contact and member as not found, and changes nothing", async () => {
      expect(await post('/app/api/tracked-contacts', { contact_urn: 'urn:foreign' }, member)).toMatchObject({ status: 404, body: { detail: 'Contact not found' } });
      expect(await post('/app/api/tracked-contacts', { contact_urn: ada, team_member_id: other.members[0] }, admin)).toMatchObject({ status: 404, body: { detail: 'Team member not found' } });
      expect((await get('/app/api/contacts?q=foreign')).body).toEqual([]);
      const none = await db().selectFrom('tracked_contacts').select('contact_urn').where('contact_urn', '=', 'urn:foreign').execute();
      expect(none).toEqual([]);
    });

    it('refuses tracking without the CSRF token (403) and with an API key (401)', async () => {
      expect((await server.client.post('/app/api/tracked-contacts', { json: { contact_urn: ada }, headers: { cookie: member.cookie } })).status).toBe(403);
      expect((await server.client.post('/app/api/tracked-contacts', { json: { contact_urn: ada }, key: ws.key })).status).toBe(401);
      expect((await get(`/app/api/tracked-contacts?team_member_id=${ws.members[1]}`, member)).body.map((t: { contact_urn: string }) => t.contact_urn)).toEqual([grace]);
    });
  });

  describe('team', () => {
    it('lists the members with their account and their use of the caps, counted as the engine counts', async () => {
      await setLimits(db(), clock, ws.id, { weeklyInvitations: 40 });
      await db().insertInto('network_actions').values({
        id: 'na-1', workspace_id: ws.id, idempotency_key: 'k1', kind: 'INVITATION', team_member_id: ws.members[0]!, contact_urn: ada, payload: '{}', provider: 'sandbox',
        status: 'SENT', provider_ref: null, attempts: 1, last_error: null, created_at: NOW - 2 * 24 * H, sent_at: NOW - 2 * 24 * H, next_attempt_at: null, claimed_until: null,
      }).execute();
      const team = await get('/app/api/team', member);
      expect(team.body.network_provider).toBe('sandbox');
      expect(team.body.members.map((m: { id: string }) => m.id).sort()).toEqual([...ws.members].sort());
      const first = team.body.members.find((m: { id: string }) => m.id === ws.members[0]);
      expect(first).toMatchObject({ linked: false, integration_status: 'NOT_CONNECTED', account_id: null });
      expect(first.usage).toEqual({ invitations_today: { used: 0, limit: 20 }, invitations_7_days: { used: 1, limit: 40 }, messages_today: { used: 0, limit: 30 } });
    });

    it('links and unlinks a member on the sandbox (admins only); v2 sees the status', async () => {
      const target = ws.members[1]!;
      expect(await post(`/app/api/team/${target}/link`, {}, member)).toMatchObject({ status: 403, body: { detail: 'Admins only' } });
      expect((await post(`/app/api/team/${target}/link`, {}, { ...admin, 'x-csrf-token': 'wrong' })).status).toBe(403);
      expect((await ws.client.get('/v2/workspace/users')).body.find((u: { id: string }) => u.id === target).integration_status).toBe('NOT_CONNECTED');
      expect(await post(`/app/api/team/${target}/link`, {}, admin)).toMatchObject({ status: 200, body: { id: target, integration_status: 'CONNECTED' } });
      expect((await ws.client.get('/v2/workspace/users')).body.find((u: { id: string }) => u.id === target).integration_status).toBe('CONNECTED');
      expect((await get('/app/api/team')).body.members.find((m: { id: string }) => m.id === target).linked).toBe(true);
      expect(await post(`/app/api/team/${target}/unlink`, {}, admin)).toMatchObject({ status: 200, body: { integration_status: 'DISCONNECTED' } });
      expect(await post(`/app/api/team/${other.members[0]}/link`, {}, admin)).toMatchObject({ status: 404, body: { detail: 'Team member not found' } });
    });

    it("links a member's own account on Unipile as `member link` does: the account id is needed and checked", async () => {
      const fake = await startFakeUnipile();
      try {
        const uws = await unipileWorkspace(server.ctx, fake, { members: 1 });
        const { id: newcomer } = await addTeamMember(db(), clock, uws.id, { email: 'new@acme.test', first_name: 'New' });
        const headers = await signedIn(server, uws.id, uws.members[0]!.id, 'admin');
        const account = fake.addAccount('New', 'Rep');
        expect(await post(`/app/api/team/${newcomer}/link`, {}, headers)).toMatchObject({ status: 409, body: { detail: "linking on Unipile needs the member's Unipile account id" } });
        expect(await post(`/app/api/team/${newcomer}/link`, { account_id: 'no-such-account' }, headers)).toMatchObject({ status: 409, body: { detail: 'Unipile knows no account no-such-account for this token' } });
        expect(await post(`/app/api/team/${newcomer}/link`, { account_id: account.id }, headers)).toMatchObject({ status: 200, body: { id: newcomer, account_id: account.id, integration_status: 'CONNECTED' } });
        const team = (await get('/app/api/team', headers)).body;
        expect(team.network_provider).toBe('unipile');
        expect(team.members.find((m: { id: string }) => m.id === newcomer)).toMatchObject({ linked: true, account_id: account.id });
        expect(await post(`/app/api/team/${newcomer}/unlink`, {}, headers)).toMatchObject({ status: 200, body: { integration_status: 'NOT_CONNECTED' } });
        expect((await get('/app/api/team', headers)).body.members.find((m: { id: string }) => m.id === newcomer)).toMatchObject({ linked: false, account_id: null });
      } finally {
        await fake.close();
      }
    });

    it("says why a workspace bound to no network cannot link, and links nothing", async () => {
      const unbound = await server.newWorkspace('Unbound', { members: 1, network: 'none' });
      const headers = await signedIn(server, unbound.id, unbound.members[0]!, 'admin');
      const res = await post(`/app/api/team/${unbound.members[0]}/link`, {}, headers);
      expect(res).toMatchObject({ status: 409, body: { detail: expect.stringMatching(/bound to no network/) } });
      expect((await get('/app/api/team', headers)).body.members[0].integration_status).toBe('NOT_CONNECTED');
    });
    it('a member sets their own time zone, an admin anyone\'s; an unknown zone is refused naming the field and changes nothing', async () => {
      const put = (memberId: string, time_zone: string, headers: ConsoleHeaders) => server.client.put(`/app/api/team/${memberId}/time-zone`, { json: { time_zone }, headers: { ...headers } });
      const zoneOf = async (id: string) => (await get('/app/api/team')).body.members.find((m: { id: string }) => m.id === id).time_zone;
      expect((await put(ws.members[1]!, 'America/New_York', member)).body).toEqual({ time_zone: 'America/New_York' });
      expect((await put(ws.members[1]!, 'Asia/Tokyo', admin)).status).toBe(200);
      expect(await zoneOf(ws.members[1]!)).toBe('Asia/Tokyo');
      const bad = await put(ws.members[1]!, 'Mars/Olympus', admin);
      expect([bad.status, bad.body.detail[0].loc]).toEqual([422, ['body', 'time_zone']]);
      expect((await put(ws.members[0]!, 'Europe/Paris', member)).status).toBe(403);
      expect((await put(other.members[0]!, 'Europe/Paris', admin)).status).toBe(404);
      expect((await server.client.put(`/app/api/team/${ws.members[1]}/time-zone`, { json: { time_zone: 'Europe/Paris' }, headers: { cookie: member.cookie } })).status).toBe(403); // no CSRF token
      expect(await zoneOf(ws.members[1]!)).toBe('Asia/Tokyo');
      expect(await zoneOf(ws.members[0]!)).toBe('UTC');
    });

    it('admins add members and make sign-in links with a role; the link signs the member in with it; bad input changes nothing', async () => {
      const before = (await ws.client.get('/v2/workspace/users')).body.length;
      const added = await post('/app/api/team/members', { email: 'lin@acme.test', first_name: 'Lin', time_zone: 'Europe/Berlin' });
      expect(added.status).toBe(201);
      const users = (await ws.client.get('/v2/workspace/users')).body;
      expect(users).toHaveLength(before + 1);
      expect(users.find((u: { id: string }) => u.id === added.body.id)).toMatchObject({ email: 'lin@acme.test', first_name: 'Lin' });

      const refusals = [
        [await post('/app/api/team/members', { email: 'not-an-email' }), 422, ['body', 'email']],
        [await post('/app/api/team/members', { email: 'zed@acme.test', time_zone: 'Mars/Olympus' }), 422, ['body', 'time_zone']],
        [await post('/app/api/team/members', { email: 'lin@acme.test' }), 409, null],
        [await post('/app/api/team/members', { email: 'zed@acme.test' }, member), 403, null],
      ] as const;
      for (const [res, status, loc] of refusals) {
        expect(res.status).toBe(status);
        if (loc) expect(res.body.detail[0].loc).toEqual(loc);
      }
      expect((await ws.client.get('/v2/workspace/users')).body).toHaveLength(before + 1);

      const link = await post(`/app/api/team/${added.body.id}/invite`, { role: 'member' });
      expect(link.status).toBe(201);
      expect(link.body.url).toMatch(new RegExp(`^${server.url}/app/#/invite/[\\w-]{20,}$`));
      expect(new Date(link.body.expires_at).getTime()).toBe(NOW + 72 * H);
      const listed = (await get('/app/api/team')).body.members.find((m: { id: string }) => m.id === added.body.id);
      expect(listed.console).toEqual({ role: 'member', signed_up: false });
      const token = link.body.url.split('#/invite/')[1];
      expect((await server.client.post('/app/api/password', { json: { token, password: 'a long enough secret' } })).status).toBe(204);
      const signIn = await server.client.post('/app/api/sign-in', { json: { email: 'lin@acme.test', password: 'a long enough secret' } });
      expect(signIn.status).toBe(200);
      expect(signIn.body).toMatchObject({ role: 'member', member_id: added.body.id });
      expect((await get('/app/api/team')).body.members.find((m: { id: string }) => m.id === added.body.id).console).toEqual({ role: 'member', signed_up: true });

      expect((await post(`/app/api/team/${ws.members[0]}/invite`, { role: 'member' })).status).toBe(409); // an admin's own role
      expect((await post(`/app/api/team/${other.members[0]}/invite`, { role: 'admin' })).status).toBe(404);
      expect((await post(`/app/api/team/${added.body.id}/invite`, { role: 'owner' })).status).toBe(422);
      expect((await post(`/app/api/team/${added.body.id}/invite`, { role: 'admin' }, member)).status).toBe(403);
      expect((await server.client.post(`/app/api/team/${added.body.id}/invite`, { json: { role: 'admin' }, headers: { cookie: admin.cookie } })).status).toBe(403); // no CSRF token
      expect((await get('/app/api/team')).body.members.find((m: { id: string }) => m.id === added.body.id).console.role).toBe('member');
    });
  });

  describe('settings', () => {
    it('refuses every settings endpoint to a member (403)', async () => {
      for (const path of ['/app/api/settings/credits', '/app/api/settings/icp', '/app/api/settings/target-accounts', '/app/api/settings/suppressions', '/app/api/settings/network']) {
        expect(await get(path, member)).toMatchObject({ status: 403, body: { detail: 'Admins only' } });
      }
      expect((await server.client.put('/app/api/settings/icp', { json: { icp_rules: {} }, headers: { ...member } })).status).toBe(403);
      expect((await post('/app/api/settings/suppressions/import', { csv: 'domain,rival.test' }, member)).status).toBe(403);
    });

    it('shows the credit ledger whose balance is the v2 balance', async () => {
      await grantCredits(db(), clock, ws.id, 100, 'welcome');
      clock.advance(1000);
      await grantCredits(db(), clock, ws.id, 25, 'top-up');
      const ledger = await get('/app/api/settings/credits');
      const v2 = (await ws.client.get('/v2/workspace/credits')).body;
      expect(ledger.body).toMatchObject({ current_balance: v2.current_balance, last_updated: v2.last_updated });
      expect(ledger.body.entries.map((e: { delta: number; reason: string }) => [e.delta, e.reason])).toEqual([[25, 'top-up'], [100, 'welcome']]);
    });

    it('edits the ICP rules; an invalid rule is answered with its field and nothing is saved', async () => {
      expect((await get('/app/api/settings/icp')).body).toEqual({ icp_rules: null });
      const put = (icp_rules: unknown, headers: ConsoleHeaders = admin) => server.client.put('/app/api/settings/icp', { json: { icp_rules }, headers: { ...headers } });
      const rules = { job_title_keywords: ['sales'], seniorities: ['vp'], company_size: { min: 10, max: 500 }, countries: ['DE'] };
      expect(await put(rules)).toMatchObject({ status: 200, body: { icp_rules: rules } });
      const bad = await put({ ...rules, company_size: { min: -5 } });
      expect(bad).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'icp_rules', 'company_size', 'min'], msg: 'must be a whole number of at least 0', type: 'value_error' }] } });
      expect((await put({ seniorities: ['intern'] })).body.detail[0]).toMatchObject({ loc: ['body', 'icp_rules', 'seniorities', 0] });
      expect((await put({ company_size: { min: 9, max: 1 } })).body.detail[0]).toMatchObject({ loc: ['body', 'icp_rules', 'company_size'], msg: 'min must not exceed max' });
      expect((await put({ colour: 'red' })).status).toBe(422);
      expect((await get('/app/api/settings/icp')).body).toEqual({ icp_rules: rules });
      expect((await server.client.put('/app/api/settings/icp', { json: { icp_rules: {} }, headers: { cookie: admin.cookie } })).status).toBe(403); // no CSRF token
      expect((await get('/app/api/settings/icp')).body).toEqual({ icp_rules: rules });
    });

    it('adds and removes target accounts; a bad value is answered with its field and nothing is saved', async () => {
      const add = (value: string, headers: ConsoleHeaders = admin) => post('/app/api/settings/target-accounts', { value }, headers);
      expect(await add('Acme-Corp')).toMatchObject({ status: 201, body: { value: 'acme-corp' } });
      expect(await add('not a slug!')).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'value'], msg: '"not a slug!" is not a company slug or numeric id' }] } });
      expect((await add('globex', member)).status).toBe(403);
      expect((await get('/app/api/settings/target-accounts')).body).toEqual(['acme-corp']);
      const remove = (value: string) => server.client.delete(`/app/api/settings/target-accounts/${value}`, { headers: { ...admin } });
      expect(await remove('globex')).toMatchObject({ status: 404, body: { detail: 'Not a target account of this workspace' } });
      expect((await remove('acme-corp')).status).toBe(204);
      expect((await get('/app/api/settings/target-accounts')).body).toEqual([]);
    });

    it('previews a suppression CSV row by row, refuses a file with broken rows whole, and adds a good one', async () => {
      const broken = 'kind,value\ndomain,rival.test\ncompany,acme-corp\ndomain,not a domain\nperson,bob\n"domain,unclosed\n\ndomain,@Rival.test';
      const preview = await post('/app/api/settings/suppressions/preview', { csv: broken });
      expect(preview.body).toEqual({
        committed: false,
        accepted: [{ line: 2, kind: 'domain', value: 'rival.test' }, { line: 3, kind: 'company', value: 'acme-corp' }],
        unchanged: [{ line: 8, kind: 'domain', value: 'rival.test' }],
        rejected: [
          { line: 4, text: 'domain,not a domain', reason: '"not a domain" is not an email domain' },
          { line: 5, text: 'person,bob', reason: 'kind must be one of company, domain' },
          { line: 6, text: '"domain,unclosed', reason: 'an opening quote is never closed' },
        ],
      });
      const refused = await post('/app/api/settings/suppressions/import', { csv: broken });
      expect(refused.body).toMatchObject({ committed: false, rejected: preview.body.rejected });
      expect((await get('/app/api/settings/suppressions')).body).toEqual([]);
      const good = await post('/app/api/settings/suppressions/import', { csv: 'domain,rival.test\ncompany,acme-corp\n' });
      expect(good.body).toMatchObject({ committed: true, rejected: [] });
      expect((await get('/app/api/settings/suppressions')).body.map((s: { kind: string; value: string }) => `${s.kind}:${s.value}`)).toEqual(['company:acme-corp', 'domain:rival.test']);
      const again = await post('/app/api/settings/suppressions/preview', { csv: 'domain,rival.test' });
      expect(again.body).toMatchObject({ accepted: [], unchanged: [{ line: 1, value: 'rival.test' }] });
    });

    it('keeps workspaces apart: the other workspace sees none of it', async () => {
      const headers = await signedIn(server, other.id, other.members[0]!, 'admin');
      expect((await get('/app/api/settings/suppressions', headers)).body).toEqual([]);
      expect((await get('/app/api/settings/icp', headers)).body).toEqual({ icp_rules: null });
      expect((await get('/app/api/settings/credits', headers)).body).toMatchObject({ current_balance: 0, entries: [] });
      expect((await get('/app/api/team', headers)).body.members.map((m: { id: string }) => m.id)).toEqual(other.members);
      expect((await get(`/app/api/tracked-contacts?team_member_id=${ws.members[1]}`, headers))).toMatchObject({ status: 404 });
    });

    it('shows the network binding read-only, never a secret', async () => {
      expect((await get('/app/api/settings/network')).body).toEqual({ provider: 'sandbox', dsn: null, activity: true, pace: 1 });
    });
  });
});
