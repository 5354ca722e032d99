// A workspace imported from a snapshot, first left at none (answered from its connections mirror,
// nothing sent), then bound to the sandbox, which adopts its members and connections: check,
// send and direct-message answer exactly as the snapshot says.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiKey } from '../src/auth/api-keys.service.js';
import { ManualClock } from '../src/shared/clock.js';
import { exportSnapshot } from '../src/snapshot/snapshot.export.js';
import { bind } from '../src/operator/bindings.operator.js';
import { importWorkspace } from '../src/operator/import.operator.js';
import { makeClient } from './helpers/client.js';
import { describeEachDialect } from './helpers/dialects.js';
import { networkWorldOf } from './helpers/networking-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';
import { adoptionSnapshot, member } from './helpers/adoption-snapshot.js';
import { toStream } from './helpers/snapshot-fixture.js';

const START = Date.parse('2025-06-02T09:00:00Z');
const CHECK = '/v2/networking/connections/check';
const SEND = '/v2/networking/connections/send';
const DM = '/v2/networking/connections/direct-message';

describeEachDialect('imported workspaces and their network', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(START);
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());
  const deps = () => ({ db: server.ctx.database.db, clock, networks: server.ctx.networks, enrichments: server.ctx.enrichments, sandbox: server.ctx.sandbox, dialect: server.ctx.database.dialect });
  const actions = (ws: string) => server.ctx.database.db.selectFrom('network_actions').selectAll().where('workspace_id', '=', ws).execute();
  const received = (ws: string) => networkWorldOf(server).received(ws);
  const invitations = async (ws: string) => (await received(ws)).invitations;

  const sandboxTables = async () => (await server.ctx.database.db.introspection.getTables()).map((t) => t.name).filter((n) => n.startsWith('sandbox_')).sort();

  async function imported(ws: string) {
    const result = await importWorkspace(deps(), toStream(adoptionSnapshot(ws)));
    expect(result.network).toEqual({ provider: 'none', options: {} });
    return makeClient(server.url, (await createApiKey(server.ctx.database.db, clock, ws, 't')).key);
  }

  it('at none: check answers from the imported connections; send and direct-message refuse with 409 and record nothing', async () => {
    const client = await imported('ws_none');
    const check = async (team_member_id: string, contact_urn: string) => (await client.patch(CHECK, { json: { team_member_id, contact_urn } })).body;
    expect(await check('tm_urn', 'ACoC1')).toEqual({ exists: true });
    expect(await check('tm_urn', 'ACoC2')).toEqual({ exists: false });
    expect(await check('tm_name', 'ACoC3')).toEqual({ exists: true });
    expect(await check('tm_name', 'ACoC1')).toEqual({ exists: false });
    for (const [path, json] of [[SEND, { team_member_id: 'tm_urn', contact_urn: 'ACoC3' }], [DM, { team_member_id: 'tm_urn', contact_urn: 'ACoC1', message: 'hi' }]] as const) {
      const res = await client.post(path, { json });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ detail: 'No network is bound to this workspace; nothing was sent' });
    }
    // The member rules still come first.
    expect((await client.patch(CHECK, { json: { team_member_id: 'tm_disc', contact_urn: 'ACoC1' } })).status).toBe(403);
    expect((await client.post(SEND, { json: { team_member_id: 'tm_not', contact_urn: 'ACoC1' } })).status).toBe(403);
    expect(await actions('ws_none')).toEqual([]);
    // No workspace of this database is bound to the simulation yet: its tables do not exist.
    expect(await sandboxTables()).toEqual([]);
  });

  it('bound to the sandbox: CONNECTED members link with their urns, connections and pending invitations answer as the snapshot says', async () => {
    const client = await imported('ws_adopted');
    await bind(deps(), 'ws_adopted', 'network', { provider: 'sandbox', options: { activity: false } });
    expect(await sandboxTables()).toEqual(['sandbox_accounts', 'sandbox_connections', 'sandbox_invitations', 'sandbox_messages', 'sandbox_migration', 'sandbox_migration_lock', 'sandbox_replies']);
    const adopted = await invitations('ws_adopted');
    expect(adopted.map((i) => [i.teamMemberId, i.contactUrn, i.sentAt])).toEqual([['tm_urn', 'ACoC2', Date.parse('2025-05-30T00:00:00Z')]]);

    const check = async (team_member_id: string, contact_urn: string) => {
      const res = await client.patch(CHECK, { json: { team_member_id, contact_urn } });
      return res.status === 200 ? res.body.exists : res.status;
    };
    // CONNECTED member with its own urn, and one whose urn the sandbox derives from its username.
    expect([await check('tm_urn', 'ACoC1'), await check('tm_urn', 'ACoC2'), await check('tm_urn', 'ACoC3')]).toEqual([true, false, false]);
    expect([await check('tm_name', 'ACoC1'), await check('tm_name', 'ACoC2'), await check('tm_name', 'ACoC3')]).toEqual([false, false, true]);
    // DISCONNECTED and NOT_CONNECTED members cannot act.
    expect([await check('tm_disc', 'ACoC1'), await check('tm_not', 'ACoC1')]).toEqual([403, 403]);

    // DISCONNECTED and NOT_CONNECTED members send nothing.
    for (const member of ['tm_disc', 'tm_not']) expect((await client.post(SEND, { json: { team_member_id: member, contact_urn: 'ACoC3' } })).status).toBe(403);
    // Pending: nothing new is sent. Connected: nothing is sent. No connection: one invitation.
    for (const urn of ['ACoC2', 'ACoC1', 'ACoC3']) expect((await client.post(SEND, { json: { team_member_id: 'tm_urn', contact_urn: urn } })).status).toBe(200);
    expect((await invitations('ws_adopted')).map((i) => i.contactUrn)).toEqual(['ACoC2', 'ACoC3']);
    // The mirror follows the provider: the new invitation is PENDING there too.
    const mirror = await server.ctx.database.db.selectFrom('connections').select(['team_member_id', 'contact_urn', 'state']).where('workspace_id', '=', 'ws_adopted').orderBy('team_member_id').orderBy('contact_urn').execute();
    expect(mirror).toEqual([
      { team_member_id: 'tm_name', contact_urn: 'ACoC3', state: 'CONNECTED' },
      { team_member_id: 'tm_urn', contact_urn: 'ACoC1', state: 'CONNECTED' },
      { team_member_id: 'tm_urn', contact_urn: 'ACoC2', state: 'PENDING' },
      { team_member_id: 'tm_urn', contact_urn: 'ACoC3', state: 'PENDING' },
    ]);

    const dm = async (team_member_id: string, contact_urn: string) => (await client.post(DM, { json: { team_member_id, contact_urn, message: 'Hello' } })).status;
    // Connected: delivered. Pending or no connection: 406. DISCONNECTED or NOT_CONNECTED member: 403.
    expect([await dm('tm_urn', 'ACoC1'), await dm('tm_name', 'ACoC3'), await dm('tm_urn', 'ACoC2'), await dm('tm_name', 'ACoC1'), await dm('tm_disc', 'ACoC1'), await dm('tm_not', 'ACoC1')])
      .toEqual([200, 200, 406, 406, 403, 403]);
    const messages = (await received('ws_adopted')).messages.map((m) => [m.teamMemberId, m.contactUrn]).sort();
    expect(messages).toEqual([['tm_name', 'ACoC3'], ['tm_urn', 'ACoC1']]);
    // The sandbox links the members with the urns the workspace holds (its own, or derived from the username).
    expect(await server.ctx.sandbox.findAccountUrn({ workspaceId: 'ws_adopted', teamMemberId: 'tm_urn' })).toBe('ACoOwnUrn');
    const derived = await server.ctx.sandbox.findProfile({ username: 'bo-chen' });
    expect(await server.ctx.sandbox.findAccountUrn({ workspaceId: 'ws_adopted', teamMemberId: 'tm_name' })).toBe(derived.urn);
  });

  it('exports a bound workspace with its binding, never its credentials', async () => {
    await imported('ws_secret');
    await bind(deps(), 'ws_secret', 'network', { provider: 'sandbox', options: { activity: false } });
    // Whatever a provider keeps there (a real one's sealed token) stays in the database.
    await server.ctx.database.db.updateTable('workspace_bindings').set({ credentials: 'sealed:SECRET-TOKEN' }).where('workspace_id', '=', 'ws_secret').execute();
    let text = '';
    await exportSnapshot(server.ctx.database.db, 'ws_secret', new Writable({ write: (chunk, _enc, done) => ((text += chunk), done()) }));
    expect(JSON.parse(text).workspace.network).toEqual({ provider: 'sandbox', activity: false });
    expect(text).not.toContain('SECRET-TOKEN');
    expect(text).not.toContain('credentials');
  });

  it('refuses, naming it, a CONNECTED member with neither urn nor username, and imports nothing', async () => {
    const doc = { ...adoptionSnapshot('ws_refused', [member('tm_ok', 'CONNECTED', 'ana-lee'), member('tm_blank', 'CONNECTED', null)]), connections: [] };
    const network = { provider: 'sandbox', options: { activity: true } };
    await expect(importWorkspace(deps(), toStream(doc), { network })).rejects.toThrow(/team member tm_blank \(tm_blank@acme.test\) is CONNECTED but has neither a network urn nor a usable network username/);
    expect(await server.ctx.database.db.selectFrom('workspaces').select('id').where('id', '=', 'ws_refused').execute()).toEqual([]);
    expect(await server.ctx.database.db.selectFrom('workspace_bindings').selectAll().where('workspace_id', '=', 'ws_refused').execute()).toEqual([]);
  });
});
