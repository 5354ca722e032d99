import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../src/shared/clock.js';
import { describeEachDialect } from './helpers/dialects.js';
import { addContact, addLead, addMember, receivedFrom, sandboxOf } from './helpers/networking-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

const CHECK = '/v2/networking/connections/check';
const SEND = '/v2/networking/connections/send';
const DM = '/v2/networking/connections/direct-message';
const FORBIDDEN_MEMBER = { detail: 'Invalid team_member_id' };
const NOT_CONNECTED_ACCOUNT = { detail: "Team member's network account is not connected" };
const CONTACT_NOT_FOUND = { detail: 'Contact not found' };
const NOT_CONNECTED = { detail: 'Contact is not connected with the team member; send a connection request first' };

describeEachDialect('networking connections', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(Date.parse('2025-06-01T09:00:00Z'));
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());

  const db = () => server.ctx.database.db;
  const invitations = async (teamMemberId: string) => (await receivedFrom(server, teamMemberId)).invitations;
  const messages = async (teamMemberId: string) => (await receivedFrom(server, teamMemberId)).messages;

  /** A workspace with a connected member and a contact, on a fresh footing. */
  async function setup() {
    const ws = await server.newWorkspace(undefined, { members: 1, connected: true });
    const member = ws.members[0];
    const urn = await addContact(server, ws.id);
    return { ws, member, urn, account: { workspaceId: ws.id, teamMemberId: member } };
  }

  it('answers 422 value_error at ["body"] when both or neither of contact_urn and lead_id are given', async () => {
    const { ws, member, urn } = await setup();
    const bodies = [
      { team_member_id: member },
      { team_member_id: member, contact_urn: null, lead_id: null },
      { team_member_id: member, contact_urn: urn, lead_id: 'ld_x' },
    ];
    for (const [method, path, extra] of [['PATCH', CHECK, {}], ['POST', SEND, {}], ['POST', DM, { message: 'hi' }]] as const) {
      for (const base of bodies) {
        const body = { ...base, ...extra };
        const res = await ws.client.call(method, path, { json: body });
        expect(res.status).toBe(422);
        expect(res.body).toEqual({
          detail: [{ type: 'value_error', loc: ['body'], msg: 'Value error, exactly one of contact_urn and lead_id must be provided', input: body, ctx: { error: {} } }],
        });
      }
    }
  });

  it('validates the urn pattern and message lengths with Pydantic errors', async () => {
    const { ws, member } = await setup();
    const bad = await ws.client.patch(CHECK, { json: { team_member_id: member, contact_urn: 'urn:li:123' } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([
      { type: 'string_pattern_mismatch', loc: ['body', 'contact_urn'], msg: "String should match pattern '^ACo[A-Za-z0-9_-]+$'", input: 'urn:li:123', ctx: { pattern: '^ACo[A-Za-z0-9_-]+$' } },
    ]);
    const note = 'n'.repeat(301);
    const long = await ws.client.post(SEND, { json: { team_member_id: member, contact_urn: 'ACo1', message: note } });
    expect(long.status).toBe(422);
    expect(long.body.detail[0]).toMatchObject({ type: 'string_too_long', loc: ['body', 'message'], ctx: { max_length: 300 } });
    const empty = await ws.client.post(DM, { json: { team_member_id: member, contact_urn: 'ACo1', message: '' } });
    expect(empty.body.detail[0]).toMatchObject({ type: 'string_too_short', loc: ['body', 'message'], ctx: { min_length: 1 } });
    const huge = await ws.client.post(DM, { json: { team_member_id: member, contact_urn: 'ACo1', message: 'x'.repeat(8001) } });
    expect(huge.body.detail[0]).toMatchObject({ type: 'string_too_long', ctx: { max_length: 8000 } });
    const missing = await ws.client.post(DM, { json: { team_member_id: member, contact_urn: 'ACo1' } });
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0]).toMatchObject({ type: 'missing', loc: ['body', 'message'] });
  });

  it('gives 403 for a non-member or an unconnected account before 400 for an unknown contact', async () => {
    const { ws } = await setup();
    const other = await server.newWorkspace();
    const foreignMember = await addMember(server, other.id, { connected: true });
    const idle = await addMember(server, ws.id);
    const disconnected = await addMember(server, ws.id, { connected: true });
    await db().updateTable('team_members').set({ integration_status: 'DISCONNECTED' }).where('id', '=', disconnected).execute();
    for (const [method, path, extra] of [['PATCH', CHECK, {}], ['POST', SEND, {}], ['POST', DM, { message: 'hi' }]] as const) {
      for (const memberId of ['tm_nobody', foreignMember]) {
        const res = await ws.client.call(method, path, { json: { team_member_id: memberId, contact_urn: 'ACounknown', ...extra } });
        expect([res.status, res.body]).toEqual([403, FORBIDDEN_MEMBER]);
      }
      for (const memberId of [idle, disconnected]) {
        const res = await ws.client.call(method, path, { json: { team_member_id: memberId, lead_id: 'ld_unknown', ...extra } });
        expect([res.status, res.body]).toEqual([403, NOT_CONNECTED_ACCOUNT]);
      }
    }
  });

  it('treats unknown urns, urns and leads of other workspaces, discarded and contactless leads as 400 Contact not found', async () => {
    const { ws, member } = await setup();
    const other = await server.newWorkspace();
    const foreignUrn = await addContact(server, other.id);
    const foreignLead = await addLead(server, other.id, foreignUrn);
    const ownUrn = await addContact(server, ws.id);
    const discarded = await addLead(server, ws.id, ownUrn, 'DISCARDED');
    const contactless = await addLead(server, ws.id, null);
    const listed = (await ws.client.get('/v2/leads')).body;
    expect(listed.total, 'the fixture keeps the lead counters').toBe(listed.items.length);
    expect(listed.total).toBeGreaterThan(0);
    const targets = [{ contact_urn: 'ACoNoSuchPerson' }, { contact_urn: foreignUrn }, { lead_id: foreignLead }, { lead_id: discarded }, { lead_id: contactless }, { lead_id: 'ld_nope' }];
    for (const [method, path, extra] of [['PATCH', CHECK, {}], ['POST', SEND, {}], ['POST', DM, { message: 'hi' }]] as const) {
      for (const target of targets) {
        const res = await ws.client.call(method, path, { json: { team_member_id: member, ...target, ...extra } });
        expect([res.status, res.body]).toEqual([400, CONTACT_NOT_FOUND]);
      }
    }
    expect(await invitations(member)).toEqual([]);
  });

  it('sends one invitation; repeats while pending or connected send nothing; check is true only once accepted', async () => {
    const { ws, member, account } = await setup();
    const sandbox = sandboxOf(server);
    // Pick a contact the seeded sandbox will accept, computed from its own rule.
    let urn = '';
    for (let i = 0; !urn; i++) {
      const candidate = `ACoAccepts${i}`;
      if (sandbox.fraction('accept', ws.id, member, candidate) < sandbox.options.acceptProbability) urn = candidate;
    }
    await addContact(server, ws.id, urn);
    const lead = await addLead(server, ws.id, urn);
    expect((await ws.client.patch(CHECK, { json: { team_member_id: member, contact_urn: urn } })).body).toEqual({ exists: false });
    const sent = await ws.client.post(SEND, { json: { team_member_id: member, contact_urn: urn, message: 'Hello there' } });
    expect([sent.status, sent.text]).toEqual([200, '{}']);
    const again = await ws.client.post(SEND, { json: { team_member_id: member, lead_id: lead } });
    expect([again.status, again.text]).toEqual([200, '{}']);
    const stored = await invitations(member);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ contactUrn: urn, note: 'Hello there', sentAt: clock.now() });
    expect((await ws.client.patch(CHECK, { json: { team_member_id: member, lead_id: lead } })).body).toEqual({ exists: false });
    expect((await sandbox.listPendingInvitations(account)).map((p) => p.contactUrn)).toEqual([urn]);
    const dmWhilePending = await ws.client.post(DM, { json: { team_member_id: member, contact_urn: urn, message: 'hi' } });
    expect([dmWhilePending.status, dmWhilePending.body]).toEqual([406, NOT_CONNECTED]);

    clock.advance(sandbox.options.acceptDelayMs);
    expect((await ws.client.patch(CHECK, { json: { team_member_id: member, contact_urn: urn } })).body).toEqual({ exists: true });
    expect((await ws.client.post(SEND, { json: { team_member_id: member, contact_urn: urn } })).status).toBe(200);
    expect(await invitations(member)).toHaveLength(1);
    const actions = await db().selectFrom('network_actions').selectAll().where('workspace_id', '=', ws.id).execute();
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ kind: 'INVITATION', status: 'SENT', provider_ref: stored[0]!.ref, attempts: 1 });
  });

  it('delivers one message per accepted call, once per Idempotency-Key, and 406 when not connected', async () => {
    const { ws, member, urn, account } = await setup();
    const body = { team_member_id: member, contact_urn: urn, message: 'Thanks for connecting!' };
    expect(await ws.client.post(DM, { json: body })).toMatchObject({ status: 406, body: NOT_CONNECTED });
    await sandboxOf(server).addConnection(account, urn);
    expect((await ws.client.patch(CHECK, { json: { team_member_id: member, contact_urn: urn } })).body).toEqual({ exists: true });
    for (let i = 0; i < 2; i++) expect((await ws.client.post(DM, { json: body })).text).toBe('{}');
    expect(await messages(member)).toHaveLength(2);
    for (let i = 0; i < 3; i++) expect((await ws.client.post(DM, { json: body, headers: { 'idempotency-key': 'retry-1' } })).status).toBe(200);
    // The same key with another text is another request: refused, nothing delivered (docs/operations.md "Retries").
    expect((await ws.client.post(DM, { json: { ...body, message: 'Other text' }, headers: { 'idempotency-key': 'retry-1' } })).status).toBe(422);
    expect((await ws.client.post(DM, { json: { ...body, message: 'Other text' }, headers: { 'idempotency-key': 'retry-2' } })).status).toBe(200);
    const delivered = await messages(member);
    expect(delivered).toHaveLength(4);
    expect(delivered.filter((m) => m.text === body.message)).toHaveLength(3);
    expect(delivered.every((m) => m.contactUrn === urn)).toBe(true);
    const lead = await addLead(server, ws.id, urn);
    expect((await ws.client.post(DM, { json: { team_member_id: member, lead_id: lead, message: 'via lead' } })).status).toBe(200);
    expect(await messages(member)).toHaveLength(5);
  });

  it('maps injected network failures and keeps a transiently failed invitation for exactly one later delivery', async () => {
    const { ws, member, urn, account } = await setup();
    const sandbox = sandboxOf(server);
    const body = { team_member_id: member, contact_urn: urn };
    sandbox.failNext('transient');
    const transient = await ws.client.post(SEND, { json: body });
    expect([transient.status, transient.body]).toEqual([503, { detail: 'The network is temporarily unavailable; try again later' }]);
    const pending = await db().selectFrom('network_actions').selectAll().where('workspace_id', '=', ws.id).execute();
    expect(pending.map((a) => a.status)).toEqual(['PENDING']);
    expect((await ws.client.post(SEND, { json: body })).status).toBe(200);
    expect((await ws.client.post(SEND, { json: body })).status).toBe(200);
    expect(await invitations(member)).toHaveLength(1);

    const urn2 = await addContact(server, ws.id);
    sandbox.failNext('limit_reached');
    const limited = await ws.client.post(SEND, { json: { ...body, contact_urn: urn2 } });
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/invitation limit/);
    const failed = await db().selectFrom('network_actions').select('status').where('contact_urn', '=', urn2).execute();
    expect(failed.map((a) => a.status)).toEqual(['FAILED']);

    await sandbox.disconnectAccount(account);
    for (const [method, path] of [['PATCH', CHECK], ['POST', SEND]] as const) {
      const res = await ws.client.call(method, path, { json: { ...body, contact_urn: urn2 } });
      expect([res.status, res.body]).toEqual([403, NOT_CONNECTED_ACCOUNT]);
    }
    await sandbox.connectAccount(account);
    expect((await ws.client.post(SEND, { json: { ...body, contact_urn: urn2 } })).status).toBe(200);
    expect((await invitations(member)).map((i) => i.contactUrn).sort()).toEqual([urn, urn2].sort());
  });
});
