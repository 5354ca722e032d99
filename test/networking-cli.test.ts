// Operator commands for campaigns and network links, checked through the API as a client sees them.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { dbArgOf, describeEachDialect } from './helpers/dialects.js';
import { addContact, sandboxOf } from './helpers/networking-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

describeEachDialect('campaign and network commands', (dialect) => {
  let server: TestServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startServer(dialect);
    env = { WARMLINE_DB: dbArgOf(server.config.db) };
  });
  afterAll(() => server.close());

  const cli = async (args: string[]) => {
    const res = await runCli([...args, '--json'], { env });
    if (res.code !== 0) throw new Error(`warmline ${args.join(' ')} failed: ${res.stderr}`);
    return JSON.parse(res.stdout);
  };

  it('creates a campaign with participants, moves its status, and the API shows both', async () => {
    const ws = await server.newWorkspace();
    const creator = (await cli(['member', 'add', '--workspace', ws.id, '--email', 'cara@acme.test'])).id;
    const helper = (await cli(['member', 'add', '--workspace', ws.id, '--email', 'dan@acme.test'])).id;
    const { id } = await cli(['campaign', 'create', '--workspace', ws.id, '--name', 'Launch', '--creator', creator, '--participant', helper, '--description', 'EU SaaS']);
    const shown = (await ws.client.get(`/v2/networking/campaigns/${id}`)).body;
    expect(shown).toMatchObject({ id, name: 'Launch', status: 'DRAFT', description: 'EU SaaS', creator: { id: creator }, participants: [{ id: helper }], contacts: [] });
    expect(await cli(['campaign', 'set-status', id, '--workspace', ws.id, '--status', 'ARCHIVED'])).toEqual({ id, status: 'ARCHIVED', previous_status: 'DRAFT' });
    expect((await ws.client.get(`/v2/networking/campaigns/${id}`)).body.status).toBe('ARCHIVED');

    const stranger = await runCli(['campaign', 'create', '--workspace', ws.id, '--name', 'X', '--creator', 'tm_nobody'], { env });
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toContain('not team members of workspace');
    const badStatus = await runCli(['campaign', 'set-status', id, '--workspace', ws.id, '--status', 'PAUSED'], { env });
    expect(badStatus.code).not.toBe(0);
    expect(badStatus.stderr).toContain('Allowed choices are DRAFT, ACTIVE, COMPLETED, ARCHIVED');
  });

  it('connects and disconnects a member account: the API follows', async () => {
    const ws = await server.newWorkspace();
    const member = (await cli(['member', 'add', '--workspace', ws.id, '--email', 'eve@acme.test'])).id;
    const urn = await addContact(server, ws.id);
    const body = { team_member_id: member, contact_urn: urn };
    expect((await ws.client.post('/v2/networking/connections/send', { json: body })).status).toBe(403);
    expect(await cli(['network', 'connect', '--workspace', ws.id, '--member', member])).toEqual({ id: member, integration_status: 'CONNECTED' });
    expect((await ws.client.post('/v2/networking/connections/send', { json: body })).status).toBe(200);
    expect(await sandboxOf(server).listPendingInvitations({ workspaceId: ws.id, teamMemberId: member })).toHaveLength(1);
    await cli(['network', 'disconnect', '--workspace', ws.id, '--member', member]);
    const users = (await ws.client.get('/v2/workspace/users')).body;
    expect(users[0].integration_status).toBe('DISCONNECTED');
    const check = await ws.client.patch('/v2/networking/connections/check', { json: body });
    expect([check.status, check.body]).toEqual([403, { detail: "Team member's network account is not connected" }]);
    const unknown = await runCli(['network', 'connect', '--workspace', ws.id, '--member', 'tm_nobody'], { env });
    expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringContaining('no team member tm_nobody')]);
  });

  it('documents every new command in --help', async () => {
    for (const args of [['campaign', 'create', '--help'], ['campaign', 'set-status', '--help'], ['network', 'disconnect', '--help']]) {
      const res = await runCli(args);
      expect(res.code).toBe(0);
      expect(res.stdout).toContain('Usage: warmline');
    }
  });
});
