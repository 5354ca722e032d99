// The console's own API (/app/api) as a browser would use it: invitation links, sign-in, the
// session cookie, CSRF, lock-out, sign-out everywhere, and the wall between sessions and API keys.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createInvite, CONSOLE_LIMITS } from '../src/console/console-auth.service.js';
import { ManualClock } from '../src/shared/clock.js';
import { describeEachDialect } from './helpers/dialects.js';
import { insertLeads } from './helpers/leads-fixture.js';
import { startServer, type TestServer } from './helpers/server.js';

const PASSWORD = 'correct horse battery';

describeEachDialect('console API', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(Date.parse('2026-03-02T10:00:00Z'));
  let ws: Awaited<ReturnType<TestServer['newWorkspace']>>;
  let other: Awaited<ReturnType<TestServer['newWorkspace']>>;
  let email: string;

  beforeAll(async () => {
    server = await startServer(dialect, { clock });
    ws = await server.newWorkspace('Console', { members: 2 });
    other = await server.newWorkspace('Other', { members: 1 });
    await insertLeads(server.ctx.database.db, ws.id, [{ id: 'lead-a', created_at: clock.now() - 1000, first_name: 'Ada' }]);
    await insertLeads(server.ctx.database.db, other.id, [{ id: 'lead-other', created_at: clock.now() - 1000 }]);
    email = (await server.ctx.database.db.selectFrom('team_members').select('email').where('id', '=', ws.members[0]).executeTakeFirstOrThrow()).email;
  });
  afterAll(() => server.close());

  const invite = async (workspace = ws.id, member = ws.members[0], role: 'admin' | 'member' = 'admin') => (await createInvite(server.ctx.database.db, clock, workspace, member, role)).token;
  const signIn = (password = PASSWORD) => server.client.post('/app/api/sign-in', { json: { email, password } });
  const cookieOf = (setCookie: string | string[]) => String(setCookie).split(';')[0];

  it('sets a password through a one-time link, refuses the spent, expired and short ones, and nothing changes', async () => {
    const token = await invite();
    expect((await server.client.post('/app/api/password', { json: { token, password: 'short' } })).body).toEqual({ detail: 'The password must have at least 10 characters' });
    expect((await server.client.post('/app/api/password', { json: { token, password: PASSWORD } })).status).toBe(204);
    const again = await server.client.post('/app/api/password', { json: { token, password: 'another long one' } });
    expect(again.status).toBe(400);
    const expired = await invite();
    clock.advance(CONSOLE_LIMITS.inviteTtlMs);
    expect((await server.client.post('/app/api/password', { json: { token: expired, password: 'another long one' } })).body.detail).toMatch(/expired/);
    expect((await signIn()).status).toBe(200); // the first password still holds
  });

  it('signs in with a Secure, HttpOnly, SameSite=Strict cookie; the session answers with a CSRF token', async () => {
    const res = await signIn();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ workspace_id: ws.id, member_id: ws.members[0], role: 'admin' });
    expect(String(res.headers['set-cookie'])).toMatch(/^wl_session=[\w-]{43}; Path=\/app; HttpOnly; Secure; SameSite=Strict; Max-Age=\d+$/);
    const session = await server.client.get('/app/api/session', { headers: { cookie: cookieOf(res.headers['set-cookie']) } });
    expect(session.body.csrf_token).toBe(res.body.csrf_token);
    const stored = await server.ctx.database.db.selectFrom('console_sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(cookieOf(res.headers['set-cookie']).split('=')[1]);
  });

  it('refuses a state-changing request without the CSRF token (403) and changes nothing', async () => {
    const res = await signIn();
    const cookie = cookieOf(res.headers['set-cookie']);
    const patch = await server.client.patch('/app/api/leads/lead-a', { json: { status: 'QUALIFIED' }, headers: { cookie } });
    expect(patch).toMatchObject({ status: 403, body: { detail: 'Missing or wrong CSRF token' } });
    expect((await server.client.get('/app/api/leads/lead-a', { headers: { cookie } })).body.status).toBe('NEW');
    const ok = await server.client.patch('/app/api/leads/lead-a', { json: { status: 'QUALIFIED', tags: ['hot'] }, headers: { cookie, 'x-csrf-token': res.body.csrf_token } });
    expect(ok.body).toMatchObject({ status: 'QUALIFIED', tags: ['hot'] });
    expect((await ws.client.get('/v2/leads/lead-a')).body.status).toBe('QUALIFIED'); // the same data v2 serves
  });

  it("never serves another workspace's lead, never takes an API key, and v2 never takes the cookie", async () => {
    const cookie = cookieOf((await signIn()).headers['set-cookie']);
    expect((await server.client.get('/app/api/leads/lead-other', { headers: { cookie } })).body).toEqual({ detail: 'Lead record not found' });
    expect((await server.client.get('/app/api/leads', { headers: { authorization: `Bearer ${ws.key}` } })).status).toBe(401);
    expect((await server.client.get('/v2/leads', { headers: { cookie } })).status).toBe(401);
  });

  it('creates a key shown once and revokes it; v2 refuses the revoked key at once; members may not', async () => {
    const res = await signIn();
    const headers = { cookie: cookieOf(res.headers['set-cookie']), 'x-csrf-token': res.body.csrf_token };
    const created = await server.client.post('/app/api/keys', { json: { name: 'zapier' }, headers });
    expect(created.status).toBe(201);
    expect((await server.client.get('/v2/leads', { headers: { authorization: `Bearer ${created.body.key}` } })).status).toBe(200);
    expect(JSON.stringify((await server.client.get('/app/api/keys', { headers })).body)).not.toContain(created.body.key);
    expect((await server.client.delete(`/app/api/keys/${created.body.id}`, { headers })).status).toBe(204);
    expect((await server.client.get('/v2/leads', { headers: { authorization: `Bearer ${created.body.key}` } })).status).toBe(401);
    const foreign = await server.client.get('/app/api/keys', { headers });
    expect(foreign.body.every((k: { id: string }) => k.id !== other.key)).toBe(true);
  });

  it('expires a session after the idle limit', async () => {
    const cookie = cookieOf((await signIn()).headers['set-cookie']);
    clock.advance(CONSOLE_LIMITS.sessionIdleMs + 1);
    expect((await server.client.get('/app/api/session', { headers: { cookie } })).status).toBe(401);
  });

  it('signs out everywhere: every session of the member ends', async () => {
    const a = await signIn();
    const b = await signIn();
    const out = await server.client.post('/app/api/sign-out', { headers: { cookie: cookieOf(a.headers['set-cookie']), 'x-csrf-token': a.body.csrf_token } });
    expect(out.status).toBe(204);
    expect((await server.client.get('/app/api/session', { headers: { cookie: cookieOf(b.headers['set-cookie']) } })).status).toBe(401);
  });

  it('locks the account after repeated failures (429, even with the right password) until the window passes', async () => {
    for (let i = 0; i < CONSOLE_LIMITS.accountFailures; i++) expect((await signIn('wrong password!')).body).toEqual({ detail: 'Wrong email or password' });
    const locked = await signIn();
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    clock.advance(CONSOLE_LIMITS.failureWindowMs + 1);
    expect((await signIn()).status).toBe(200);
  });
});
