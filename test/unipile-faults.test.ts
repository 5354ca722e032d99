// Unipile's failures, injected by the local fake, as the service lives them: a disconnected
// account (401) disconnects the member and pauses its sender; a restriction (403) pauses it; an
// "already invited recently" (422) backs it off for a day; a 429 is retried no sooner than its
// Retry-After; a 500, a hanging call or a lost answer are transient and retried through the retry
// queue, never twice at Unipile. Over HTTPS, an outage answers the documented errors of
// docs/networking.md and reads answer from the store.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createWorker } from '../src/engine/worker-tasks.js';
import { urnOf } from '../src/network/unipile/unipile.mapping.js';
import { ManualClock } from '../src/shared/clock.js';
import { DAY_MS } from '../src/shared/time.js';
import { networkStatus } from '../src/operator/network-status.operator.js';
import { describeEachDialect } from './helpers/dialects.js';
import { startFakeUnipile, type Failure, type FakeUnipile } from './helpers/fake-unipile/fake-unipile.js';
import { addContact, addLead } from './helpers/networking-fixtures.js';
import { CAMPAIGN_ENGINES, MONDAY_0800_UTC, runUntil } from './helpers/outreach-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';
import { unipileCampaign, unipileWorkspace } from './helpers/unipile-fixtures.js';

const INVITE = /^POST \/api\/v1\/users\/invite$/;
const HOUR = 3_600_000;
const UNAVAILABLE = { detail: 'The network is temporarily unavailable; try again later' };

describeEachDialect('Unipile failures through the fake', (dialect) => {
  let server: TestServer;
  let fake: FakeUnipile;
  const clock = new ManualClock(MONDAY_0800_UTC);
  const db = () => server.ctx.database.db;

  beforeAll(async () => {
    fake = await startFakeUnipile();
    fake.clock = () => clock.now();
    // a hanging call gives up after a second
    server = await startServer(dialect, { clock, env: { WARMLINE_PROVIDER_TIMEOUT_MS: '1000' } });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  afterEach(() => {
    fake.clearFailures();
    expect(fake.drift).toEqual([]);
  });

  /** One sender, one person enrolled; the worker's first round meets `failure` on the invitation. */
  async function firstInvitationMeets(failure: Failure) {
    const ws = await unipileWorkspace(server.ctx, fake, { members: 1 });
    const sender = ws.members[0]!;
    const person = fake.addPerson('Pat', 'Prospect');
    await unipileCampaign(server.ctx, ws, [person], {});
    fake.fail(INVITE, failure);
    const at = clock.now();
    await createWorker(server.ctx, CAMPAIGN_ENGINES).drain();
    const state = {
      member: (await db().selectFrom('team_members').select('integration_status').where('id', '=', sender.id).executeTakeFirstOrThrow()).integration_status,
      pause: await db().selectFrom('outreach_senders').select(['paused_reason', 'paused_until']).where('team_member_id', '=', sender.id).executeTakeFirstOrThrow(),
      actions: await db().selectFrom('network_actions').select(['status', 'next_attempt_at']).where('workspace_id', '=', ws.id).execute(),
      invitations: () => fake.invitations.filter((i) => i.accountId === sender.account.id && i.to === person.providerId).length,
    };
    return { ws, sender, person, at, ...state };
  }

  it('401: the member becomes DISCONNECTED, its sender pauses, nothing is sent; status counts it', async () => {
    const r = await firstInvitationMeets({ status: 401, type: 'errors/disconnected_account' });
    expect(r.member).toBe('DISCONNECTED');
    expect(r.pause.paused_reason).toMatch(/^the network reported: Unipile answered 401/);
    expect(r.pause.paused_until).toBeNull();
    expect(r.actions.map((a) => a.status)).toEqual(['FAILED']);
    expect(r.invitations()).toBe(0);
    const status = await networkStatus(db(), r.ws.id, clock.now());
    expect(status.errors.account_disconnected?.calls).toBe(1);
    expect(status.members[0]).toMatchObject({ integration_status: 'DISCONNECTED', account_id: r.sender.account.id });
    // later rounds send nothing for a DISCONNECTED member
    await runUntil(server, clock, clock.now() + 4 * HOUR);
    expect(r.invitations()).toBe(0);
  });

  it('403 restriction: the sender pauses until resumed; the member stays CONNECTED', async () => {
    const r = await firstInvitationMeets({ status: 403, type: 'errors/account_restricted' });
    expect(r.member).toBe('CONNECTED');
    expect(r.pause.paused_reason).toMatch(/^the network reported: Unipile answered 403/);
    expect(r.pause.paused_until).toBeNull();
    expect(r.invitations()).toBe(0);
  });

  it('422 already invited recently: the sender backs off for a day', async () => {
    const r = await firstInvitationMeets({ status: 422, type: 'errors/cannot_resend_yet' });
    expect(r.pause).toEqual({ paused_reason: 'the account reached a limit: Unipile answered 422 errors/cannot_resend_yet', paused_until: r.at + DAY_MS });
    expect(r.invitations()).toBe(0);
  });

  it('429: neither the action nor the sender comes back before Retry-After; then it is sent once', async () => {
    const r = await firstInvitationMeets({ status: 429, retryAfterSeconds: 7_200 });
    expect(r.actions).toEqual([{ status: 'PENDING', next_attempt_at: r.at + 7_200_000 }]);
    expect(r.pause.paused_until).toBe(r.at + 7_200_000);
    expect(r.invitations()).toBe(0);
    await runUntil(server, clock, r.at + 7_199_000);
    expect(r.invitations()).toBe(0);
    await runUntil(server, clock, r.at + 3 * HOUR);
    expect(r.invitations()).toBe(1);
    expect((await db().selectFrom('network_actions').select('status').where('workspace_id', '=', r.ws.id).execute()).map((a) => a.status)).toEqual(['SENT']);
  });

  for (const [name, failure] of [
    ['500', { status: 500, type: 'errors/provider_error' }],
    ['a hanging call', { hang: true }],
    ['a call that acted and lost its answer', { actThenReset: true }],
  ] as [string, Failure][]) {
    it(`${name}: transient, retried by the retry queue, received once by Unipile`, async () => {
      const r = await firstInvitationMeets(failure);
      expect(r.member).toBe('CONNECTED');
      expect(r.actions.map((a) => a.status)).toEqual(['PENDING']);
      expect(r.actions[0]!.next_attempt_at).toBeGreaterThanOrEqual(r.at + 30_000);
      await runUntil(server, clock, clock.now() + 2 * HOUR);
      expect(r.invitations()).toBe(1);
      expect((await db().selectFrom('network_actions').select('status').where('workspace_id', '=', r.ws.id).execute()).map((a) => a.status)).toEqual(['SENT']);
      expect(fake.calls.filter((c) => INVITE.test(c)).length).toBeGreaterThanOrEqual(1);
    });
  }

  it('over HTTPS an outage answers the documented errors, never a 500, and reads answer from the store', async () => {
    const ws = await unipileWorkspace(server.ctx, fake, { members: 1, serverUrl: server.url });
    const member = ws.members[0]!.id;
    const person = fake.addPerson('Lin', 'Lead');
    const urn = urnOf(person.providerId);
    await addContact(server, ws.id, urn);
    await addLead(server, ws.id, urn);
    const target = { team_member_id: member, contact_urn: urn };
    const calls = () => [
      ws.client!.patch('/v2/networking/connections/check', { json: target }),
      ws.client!.post('/v2/networking/connections/send', { json: target }),
      ws.client!.post('/v2/networking/connections/direct-message', { json: { ...target, message: 'Hi' } }),
    ];
    for (const failure of [{ status: 500, type: 'errors/service_unavailable' }, { hang: true }, { status: 429, retryAfterSeconds: 30 }] as Failure[]) {
      fake.fail(/./, failure, 3);
      for (const res of await Promise.all(calls())) expect([res.status, res.body]).toEqual([503, UNAVAILABLE]);
      fake.clearFailures();
    }
    // Unipile's 429 asked for 30 s: honoured (nothing of the account reaches Unipile meanwhile).
    clock.advance(30_000);
    fake.fail(/./, { status: 500, type: 'errors/provider_error' }, 100);
    for (const path of ['/v2/leads', '/v2/networking/campaigns', '/v2/workspace/users', `/v2/leads/${(await ws.client!.get('/v2/leads')).body.items[0].id}`]) {
      expect((await ws.client!.get(path)).status, path).toBe(200);
    }
    fake.clearFailures();
    // a disconnected account: 403 as for an unconnected one, and the member is DISCONNECTED from then on
    fake.fail(/./, { status: 401, type: 'errors/disconnected_account' }, 1);
    const refused = await ws.client!.patch('/v2/networking/connections/check', { json: target });
    expect([refused.status, refused.body]).toEqual([403, { detail: "Team member's network account is not connected" }]);
    const users = await ws.client!.get('/v2/workspace/users');
    expect(users.body.find((u: { id: string }) => u.id === member).integration_status).toBe('DISCONNECTED');
    expect(fake.invitations.filter((i) => i.to === person.providerId)).toEqual([]);
  });

  it("budgets set at bind: an account's second acting call waits its spacing; checks cost no look-up; a spent look-up budget is a 429 that names it", async () => {
    const ws = await unipileWorkspace(server.ctx, fake, { members: 1, serverUrl: server.url, pacing: { actSpacingMinMs: 600_000, actSpacingMaxMs: 600_000, dailyProfileLookups: 3, ingestionReserve: 1 } });
    const member = ws.members[0]!;
    const [ann, ben] = [fake.addPerson('Ann', 'First'), fake.addPerson('Ben', 'Second')];
    for (const p of [ann, ben]) await addContact(server, ws.id, urnOf(p.providerId));
    const profileViews = () => fake.calls.filter((c) => /^GET \/api\/v1\/users\/(?!me|relations|invite)[^/]+$/.test(c)).length;
    const send = (p: typeof ann) => ws.client!.post('/v2/networking/connections/send', { json: { team_member_id: member.id, contact_urn: urnOf(p.providerId) } });
    expect((await send(ann)).status).toBe(200);
    expect([(await send(ben)).status, fake.invitations.filter((i) => i.accountId === member.account.id).length]).toEqual([503, 1]); // too early to act
    const pending = await db().selectFrom('network_actions').select(['status', 'next_attempt_at']).where('workspace_id', '=', ws.id).where('contact_urn', '=', urnOf(ben.providerId)).executeTakeFirstOrThrow();
    expect(pending).toEqual({ status: 'PENDING', next_attempt_at: clock.now() + 600_000 });
    expect((await ws.client!.patch('/v2/networking/connections/check', { json: { team_member_id: member.id, contact_urn: urnOf(ann.providerId) } })).body).toEqual({ exists: false });
    // the account's own lists answered every check and send: not one profile viewed
    expect(profileViews()).toBe(0);
    // ingestion may spend 2 of the 3 (1 kept for the API and outreach); then the API spends the last
    const network = (await server.ctx.networks.resolve(ws.id))!;
    const account = { workspaceId: ws.id, teamMemberId: member.id };
    for (const p of [ann, ben]) await network.findProfile({ urn: urnOf(p.providerId) }, { account, purpose: 'ingestion' });
    await expect(network.findProfile({ urn: urnOf(ann.providerId) }, { account, purpose: 'ingestion' })).rejects.toMatchObject({ kind: 'limit_reached', limit: 'profile_lookups' });
    await network.findProfile({ urn: urnOf(ann.providerId) }, { account, purpose: 'priority' });
    await expect(network.findProfile({ urn: urnOf(ben.providerId) }, { account })).rejects.toMatchObject({ kind: 'limit_reached', limit: 'profile_lookups', retryAfterMs: DAY_MS - (clock.now() % DAY_MS) });
    expect(profileViews()).toBe(3);
    const use = (await networkStatus(db(), ws.id, clock.now())).budgets;
    expect(use).toEqual([{ account_id: member.account.id, lookups: 3, invitations: 1, messages: 0, withdrawals: 0, refused: 2 }]);
    clock.advance(600_000);
    await createWorker(server.ctx, ['delivery']).drain();
    expect(fake.invitations.filter((i) => i.accountId === member.account.id).map((i) => i.to)).toEqual([ann.providerId, ben.providerId]);
  });
});
