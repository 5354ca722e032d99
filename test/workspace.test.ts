import { afterAll, beforeAll, expect, it } from 'vitest';
import { addTeamMember, grantCredits } from '../src/workspace/workspace.service.js';
import { describeEachDialect } from './helpers/dialects.js';
import { startServer, type TestServer } from './helpers/server.js';

const USER_KEYS = [
  'id', 'email', 'first_name', 'last_name', 'is_active_seat', 'integration_status', 'network_username',
  'profile_views_count', 'followers_count', 'last_network_update', 'profile_picture',
];

describeEachDialect('workspace endpoints', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  it('lists team members, active seats first then by email, every field present', async () => {
    const ws = await server.newWorkspace();
    const { db } = server.ctx.database;
    await addTeamMember(db, server.ctx.clock, ws.id, { email: 'zed@acme.test', first_name: 'Zed' });
    await addTeamMember(db, server.ctx.clock, ws.id, { email: 'amy@acme.test', is_active_seat: false });
    await addTeamMember(db, server.ctx.clock, ws.id, {
      id: 'tm_ana', email: 'ana@acme.test', first_name: 'Ana', last_name: 'Lee', integration_status: 'CONNECTED',
      network_username: 'ana-lee', profile_views_count: 120, followers_count: 900,
      last_network_update: Date.parse('2025-03-01T10:00:00Z'), profile_picture: 'https://img.test/ana.png',
    });
    const res = await ws.client.get('/v2/workspace/users');
    expect(res.status).toBe(200);
    expect(res.body.map((u: any) => u.email)).toEqual(['ana@acme.test', 'zed@acme.test', 'amy@acme.test']);
    for (const user of res.body) expect(Object.keys(user)).toEqual(USER_KEYS);
    expect(res.body[0]).toEqual({
      id: 'tm_ana', email: 'ana@acme.test', first_name: 'Ana', last_name: 'Lee', is_active_seat: true,
      integration_status: 'CONNECTED', network_username: 'ana-lee', profile_views_count: 120, followers_count: 900,
      last_network_update: '2025-03-01T10:00:00Z', profile_picture: 'https://img.test/ana.png',
    });
    const zed = res.body[1];
    expect(zed).toMatchObject({ first_name: 'Zed', last_name: null, is_active_seat: true, integration_status: 'NOT_CONNECTED', last_network_update: null });
    expect(zed.profile_picture).toBe(`${server.url}/static/placeholder-avatar.svg`);
    const picture = await server.client.get(new URL(zed.profile_picture).pathname);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
  });

  it('reports the credit balance as the ledger sum and its last entry time', async () => {
    const ws = await server.newWorkspace();
    expect((await ws.client.get('/v2/workspace/credits')).body).toEqual({ current_balance: 0, last_updated: null });
    await grantCredits(server.ctx.database.db, { now: () => Date.parse('2025-01-01T00:00:00Z') }, ws.id, 500, null);
    await grantCredits(server.ctx.database.db, { now: () => Date.parse('2025-02-01T12:30:00Z') }, ws.id, 25, 'top-up');
    const res = await ws.client.get('/v2/workspace/credits');
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"current_balance":525,"last_updated":"2025-02-01T12:30:00Z"}');
  });

  it('never shows one workspace the members or credits of another', async () => {
    const a = await server.newWorkspace('A');
    const b = await server.newWorkspace('B');
    await addTeamMember(server.ctx.database.db, server.ctx.clock, a.id, { email: 'only-a@acme.test' });
    await grantCredits(server.ctx.database.db, server.ctx.clock, a.id, 7, null);
    expect((await b.client.get('/v2/workspace/users')).body).toEqual([]);
    expect((await b.client.get('/v2/workspace/credits')).body.current_balance).toBe(0);
    expect((await a.client.get('/v2/workspace/users')).body.map((u: any) => u.email)).toEqual(['only-a@acme.test']);
  });
});
