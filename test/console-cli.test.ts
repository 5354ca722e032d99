// `warmline member invite` from the real CLI: the printed link works once against the service,
// and bad input is one line on stderr, exit 1, nothing written.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { dbArgOf, describeEachDialect } from './helpers/dialects.js';
import { startServer, type TestServer } from './helpers/server.js';

describeEachDialect('warmline member invite', (dialect) => {
  let server: TestServer;
  let ws: Awaited<ReturnType<TestServer['newWorkspace']>>;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startServer(dialect);
    ws = await server.newWorkspace('Invites', { members: 1 });
    const target = server.config.db;
    env = { WARMLINE_DB: dbArgOf(target) };
  });
  afterAll(() => server.close());

  it('prints a one-time link where the member sets a password and can then sign in', async () => {
    const run = await runCli(['member', 'invite', ws.id, ws.members[0], '--role', 'admin', '--base-url', 'https://console.example.test/', '--json'], { env });
    expect(run.stderr).toBe('');
    const { url, expires_at } = JSON.parse(run.stdout);
    expect(url).toMatch(/^https:\/\/console\.example\.test\/app\/#\/invite\/[\w-]{43}$/);
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(71 * 3_600_000);
    const token = url.split('/').pop();
    expect((await server.ctx.database.db.selectFrom('console_invites').select('token_hash').execute()).map((r) => r.token_hash)).not.toContain(token);
    expect((await server.client.post('/app/api/password', { json: { token, password: 'a long password' } })).status).toBe(204);
    expect((await server.client.post('/app/api/password', { json: { token, password: 'a long password' } })).status).toBe(400);
    const email = (await server.ctx.database.db.selectFrom('team_members').select('email').where('id', '=', ws.members[0]).executeTakeFirstOrThrow()).email;
    expect((await server.client.post('/app/api/sign-in', { json: { email, password: 'a long password' } })).body).toMatchObject({ role: 'admin', workspace_id: ws.id });
  }, 60_000);

  it('refuses an unknown member and a bad base URL with one line and exit 1, writing nothing', async () => {
    const before = await server.ctx.database.db.selectFrom('console_invites').selectAll().execute();
    const unknown = await runCli(['member', 'invite', ws.id, 'nobody', '--base-url', 'https://x.test'], { env });
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    expect(unknown.stderr).toMatch(/no team member nobody/);
    const badUrl = await runCli(['member', 'invite', ws.id, ws.members[0], '--base-url', 'console.example'], { env });
    expect(badUrl.code).toBe(1);
    expect(badUrl.stderr).toMatch(/--base-url must be an http\(s\) URL/);
    expect(await server.ctx.database.db.selectFrom('console_invites').selectAll().execute()).toEqual(before);
  }, 60_000);
});
