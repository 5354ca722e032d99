// Unipile's webhooks end to end, over HTTPS: registration through the SDK against the fake
// Unipile, deliveries POSTed by the fake as Unipile sends them, the inbox read back from the
// database, and the worker applying the events to campaigns, replies and members.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enrolProfiles } from '../src/campaigns/campaigns.service.js';
import { INBOX_RETENTION_MS, processInbox, pruneInbox } from '../src/inbound/inbox.processor.js';
import { ensureUnipileWebhooks, type HookDeps } from '../src/inbound/hooks.registration.js';
import { urnOf } from '../src/network/unipile/unipile.mapping.js';
import { configureCampaign } from '../src/outreach/campaign-settings.js';
import { setLimits } from '../src/outreach/limits.js';
import { ManualClock } from '../src/shared/clock.js';
import { UsageError } from '../src/shared/errors.js';
import { addTeamMember } from '../src/workspace/workspace.service.js';
import { describeEachDialect } from './helpers/dialects.js';
import type { FakeAccount, FakePerson } from './helpers/fake-unipile/fake-unipile.js';
import { startFakeUnipileHooks, type FakeUnipileHooks } from './helpers/fake-unipile/fake-unipile-hooks.js';
import { addCampaign } from './helpers/networking-fixtures.js';
import { MONDAY_0800_UTC, runUntil } from './helpers/outreach-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';
import { unipileDepsOf } from './helpers/unipile-fixtures.js';
import { networkStatus } from '../src/operator/network-status.operator.js';
import { toIso } from '../src/shared/time.js';
import { bindUnipile, linkMember } from '../src/operator/unipile.operator.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SECRET_HEADER = 'x-warmline-hook-secret';

describeEachDialect('Unipile webhooks', (dialect) => {
  let server: TestServer;
  let fake: FakeUnipileHooks;
  const clock = new ManualClock(MONDAY_0800_UTC);
  beforeAll(async () => {
    fake = await startFakeUnipileHooks();
    server = await startServer(dialect, { clock, flags: { hookRateLimit: 40 } });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  afterEach(() => {
    expect(fake.drift).toEqual([]);
  });
  const db = () => server.ctx.database.db;
  const hookDeps = (): HookDeps => ({ db: db(), clock: server.ctx.clock, networks: server.ctx.networks.resolve, secret: server.ctx.secret(), webhookFormat: server.ctx.webhookFormat });
  const inbox = (workspaceId: string) => db().selectFrom('unipile_inbox').selectAll().where('workspace_id', '=', workspaceId).orderBy('received_at').orderBy('id').execute();
  const apply = () => processInbox({ db: db(), clock: server.ctx.clock, networks: server.ctx.networks.resolve, logger: server.ctx.logger, webhookFormat: server.ctx.webhookFormat });

  /** A workspace bound to Unipile, with one CONNECTED member linked to a fresh Unipile account, and its webhooks registered. */
  async function unipileWorkspace() {
    const ws = await server.newWorkspace('Unipile', { network: 'none', enrichment: 'none' });
    // As an operator binds it, with no pause between acting calls (the scenarios run on a test clock).
    await bindUnipile(unipileDepsOf(server.ctx), ws.id, { dsn: fake.url, token: fake.token, ca: fake.ca, pacing: { actSpacingMinMs: 0, actSpacingMaxMs: 0, dailyProfileLookups: 1_000_000 } });
    const { id: member } = await addTeamMember(db(), server.ctx.clock, ws.id, { email: `seller-${ws.id}@acme.test`, integration_status: 'CONNECTED' });
    const account = fake.addAccount('Sam', 'Seller');
    await linkMember(unipileDepsOf(server.ctx), ws.id, member, account.id);
    const registration = await ensureUnipileWebhooks(hookDeps(), ws.id, server.url);
    return { ws, member, account, registration };
  }

  /** The fake's webhooks pointing at this workspace's hook. */
  const hooksOf = (hookId: string) => fake.webhooks.filter((w) => String(w.body.request_url).endsWith(`/hooks/unipile/${hookId}`));
  const secretOf = (w: { body: Record<string, unknown> }) => (w.body.headers as { key: string; value: string }[]).find((h) => h.key === SECRET_HEADER)!.value;

  describe('registration', () => {
    it('registers the three webhooks through the SDK once, with the secret in a header, sealed at rest', async () => {
      const { ws, registration } = await unipileWorkspace();
      expect(registration.created).toBe(3);
      expect(registration.url).toBe(`${server.url}/hooks/unipile/${registration.hookId}`);
      const hooks = hooksOf(registration.hookId);
      expect(hooks.map((w) => [w.body.source, w.body.events ?? null]).sort()).toEqual([
        ['account_status', null],
        ['messaging', ['message_received']],
        ['users', ['new_relation']],
      ]);
      const secret = secretOf(hooks[0]!);
      expect(secret.length).toBeGreaterThanOrEqual(32);
      for (const w of hooks) expect(secretOf(w)).toBe(secret);
      const row = await db().selectFrom('unipile_hooks').selectAll().where('workspace_id', '=', ws.id).executeTakeFirstOrThrow();
      expect(row.secret).not.toContain(secret);
      expect(JSON.parse(row.webhook_ids).sort()).toEqual(hooks.map((w) => w.id).sort());

      // binding again registers nothing
      const again = await ensureUnipileWebhooks(hookDeps(), ws.id, server.url);
      expect(again).toEqual({ ...registration, created: 0, removed: 0 });
      expect(hooksOf(registration.hookId)).toHaveLength(3);
    });

    it('rotating the secret replaces the webhooks; the old secret is refused from then on', async () => {
      const { ws, account, registration } = await unipileWorkspace();
      const before = hooksOf(registration.hookId);
      const oldSecret = secretOf(before[0]!);
      const rotated = await ensureUnipileWebhooks(hookDeps(), ws.id, server.url, { rotate: true });
      expect(rotated).toMatchObject({ hookId: registration.hookId, created: 3, removed: 3 });
      const after = hooksOf(registration.hookId);
      expect(after).toHaveLength(3);
      expect(after.every((w) => secretOf(w) !== oldSecret)).toBe(true);
      const stale = await server.client.post(`/hooks/unipile/${registration.hookId}`, { headers: { [SECRET_HEADER]: oldSecret }, raw: JSON.stringify(fake.accountStatusBody(account.id, 'OK')) });
      expect(stale.status).toBe(401);
      const [fresh] = await fake.deliver('account_status', fake.accountStatusBody(account.id, 'OK'));
      expect(fresh).toMatchObject({ status: 200 });
    });

    it('refuses a public URL that is not https, and a workspace not bound to Unipile', async () => {
      const { ws } = await unipileWorkspace();
      await expect(ensureUnipileWebhooks(hookDeps(), ws.id, 'http://warmline.example.com')).rejects.toThrow(UsageError);
      const sandboxed = await server.newWorkspace('Sandbox');
      await expect(ensureUnipileWebhooks(hookDeps(), sandboxed.id, server.url)).rejects.toThrow(/not bound to the unipile network/);
      expect(await db().selectFrom('unipile_hooks').select('workspace_id').where('workspace_id', '=', sandboxed.id).execute()).toEqual([]);
    });
  });

  describe('the endpoint', () => {
    it('answers 401 {detail} and stores nothing for a wrong, missing or other workspace’s secret, or an unknown hook', async () => {
      const a = await unipileWorkspace();
      const b = await unipileWorkspace();
      const person = fake.addPerson('Ada', 'Lovelace');
      const body = JSON.stringify(fake.newRelationBody(a.account.id, person));
      const secretA = secretOf(hooksOf(a.registration.hookId)[0]!);
      const secretB = secretOf(hooksOf(b.registration.hookId)[0]!);
      const attempts: { path: string; headers: Record<string, string> }[] = [
        { path: `/hooks/unipile/${a.registration.hookId}`, headers: { [SECRET_HEADER]: `${secretA}x` } },
        { path: `/hooks/unipile/${a.registration.hookId}`, headers: {} },
        { path: `/hooks/unipile/${a.registration.hookId}`, headers: { [SECRET_HEADER]: secretB } },
        { path: '/hooks/unipile/no-such-hook', headers: { [SECRET_HEADER]: secretA } },
        { path: `/hooks/unipile/${a.registration.hookId}`, headers: { authorization: `Bearer ${a.ws.key}` } },
      ];
      for (const { path, headers } of attempts) {
        const res = await server.client.post(path, { headers, raw: body });
        expect(res.status, path).toBe(401);
        expect(res.body).toEqual({ detail: 'Unknown hook or wrong hook secret' });
      }
      expect(await inbox(a.ws.id)).toEqual([]);
      expect(await inbox(b.ws.id)).toEqual([]);
    });

    it('stores a delivery once: a redelivery is a duplicate; bad JSON is 400 and unknown events are ignored, storing nothing', async () => {
      const { ws, account, registration } = await unipileWorkspace();
      const person = fake.addPerson('Grace', 'Hopper');
      const [first] = await fake.deliverNewRelation(account.id, person);
      const [second] = await fake.deliverNewRelation(account.id, person);
      expect([first!.status, JSON.parse(first!.answer)]).toEqual([200, { status: 'stored' }]);
      expect([second!.status, JSON.parse(second!.answer)]).toEqual([200, { status: 'duplicate' }]);
      const rows = await inbox(ws.id);
      expect(rows.map((r) => [r.kind, r.event_key, r.processed_at])).toEqual([['new_relation', `relation:${account.id}:${person.providerId}`, null]]);
      expect(JSON.parse(rows[0]!.payload)).toEqual(fake.newRelationBody(account.id, person));

      const headers = { [SECRET_HEADER]: secretOf(hooksOf(registration.hookId)[0]!) };
      const bad = await server.client.post(`/hooks/unipile/${registration.hookId}`, { headers, raw: '{"event": "new_relation", ' });
      expect([bad.status, bad.body]).toEqual([400, { detail: 'The delivery is not a JSON document' }]);
      const unknown = await server.client.post(`/hooks/unipile/${registration.hookId}`, { headers, json: { event: 'message_reaction', account_id: account.id } });
      expect([unknown.status, unknown.body]).toEqual([200, { status: 'ignored' }]);
      expect(await inbox(ws.id)).toHaveLength(1);
      // `network status` tells the operator when the last delivery came.
      expect((await networkStatus(db(), ws.id, clock.now())).last_webhook_at).toBe(toIso(Number(rows[0]!.received_at)));
    });

    it('has its own rate limit per hook and address, apart from the API’s', async () => {
      const { ws } = await unipileWorkspace();
      const statuses: number[] = [];
      for (let i = 0; i < 45; i++) statuses.push((await server.client.post('/hooks/unipile/flood', { raw: '{}' })).status);
      expect(statuses.slice(0, 40).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(40)).toEqual([429, 429, 429, 429, 429]);
      expect((await ws.client.get('/v2/workspace/users')).status).toBe(200);
    });

    it('is documented in the OpenAPI document, outside /v2 and without the API key', async () => {
      const doc = (await server.client.get('/openapi.json')).body;
      const op = doc.paths['/hooks/unipile/{hookId}'].post;
      expect(op.security).toEqual([{ UnipileHookSecret: [] }]);
      expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '429']);
      // The secret header is described by the security scheme (the document lists it there, not as a parameter).
      expect(op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(['path:hookId']);
      expect(doc.components.securitySchemes.UnipileHookSecret).toEqual({ type: 'apiKey', in: 'header', name: 'x-warmline-hook-secret' });
    });
  });

  describe('the worker applies deliveries', () => {
    /** An ACTIVE campaign of the member with a follow-up, the people enrolled and invited through Unipile. */
    async function invitedCampaign(member: string, workspaceId: string, account: FakeAccount, people: FakePerson[]) {
      const { id: campaignId } = await addCampaign(server, workspaceId, { name: 'Webhooks', creatorId: member, participantIds: [member], status: 'ACTIVE' });
      await configureCampaign(db(), server.ctx.clock, workspaceId, campaignId, { follow_up_template: 'Thanks for connecting, {{first_name}}', follow_up_delay_hours: 2 });
      await enrolProfiles(db(), server.ctx.clock, workspaceId, campaignId, people.map((p) => ({ username: p.publicId, network_urn: urnOf(p.providerId), first_name: p.firstName })));
      await runUntil(server, clock, clock.now() + 6 * HOUR);
      expect(fake.pending().filter((i) => i.accountId === account.id).map((i) => i.to).sort()).toEqual(people.map((p) => p.providerId).sort());
      return campaignId;
    }
    const contactOf = (workspaceId: string, person: FakePerson) =>
      db().selectFrom('campaign_contacts').selectAll().where('workspace_id', '=', workspaceId).where('network_urn', '=', urnOf(person.providerId)).executeTakeFirstOrThrow();
    const mirrorOf = (workspaceId: string, member: string, person: FakePerson) =>
      db().selectFrom('connections').select('state').where('workspace_id', '=', workspaceId).where('team_member_id', '=', member).where('contact_urn', '=', urnOf(person.providerId)).executeTakeFirst();

    it('an acceptance by webhook connects the contact and schedules its follow-up, sent once; a reply by webhook stops the sequence', { timeout: 120_000 }, async () => {
      clock.set(MONDAY_0800_UTC);
      const { ws, member, account } = await unipileWorkspace();
      const ada = fake.addPerson('Ada', 'Byron');
      const bob = fake.addPerson('Bob', 'Builder');
      await invitedCampaign(member, ws.id, account, [ada, bob]);

      // Ada accepts: the webhook alone makes her CONNECTED (no poll runs in between)
      fake.accept(account.id, ada.providerId);
      await fake.deliverNewRelation(account.id, ada);
      await apply();
      const accepted = await contactOf(ws.id, ada);
      expect(accepted).toMatchObject({ status: 'CONNECTED', connected_at: clock.now(), follow_up_at: clock.now() + 2 * HOUR });
      expect(await mirrorOf(ws.id, member, ada)).toEqual({ state: 'CONNECTED' });
      expect((await inbox(ws.id))[0]).toMatchObject({ outcome: 'connected; 1 campaign contact(s) accepted' });

      // Bob accepts, then answers before his follow-up is due: the reply stops it
      fake.accept(account.id, bob.providerId);
      await fake.deliverNewRelation(account.id, bob);
      const answer = fake.reply(account.id, bob.providerId, 'Not now, thanks');
      await fake.deliverMessage(answer);
      await fake.deliverMessage(answer); // Unipile retried
      await apply();
      expect(await contactOf(ws.id, bob)).toMatchObject({ status: 'REPLIED', follow_up_at: null, replied_at: answer.at });
      const replies = await db().selectFrom('replies').selectAll().where('workspace_id', '=', ws.id).execute();
      expect(replies.map((r) => [r.id, r.team_member_id, r.contact_urn, r.text])).toEqual([[answer.id, member, urnOf(bob.providerId), 'Not now, thanks']]);

      await runUntil(server, clock, clock.now() + 2 * DAY);
      expect(fake.messagesTo(account.id, ada.providerId).map((m) => m.text)).toEqual(['Thanks for connecting, Ada']);
      expect(fake.messagesTo(account.id, bob.providerId)).toEqual([]);
      expect(await contactOf(ws.id, ada)).toMatchObject({ status: 'CONNECTED', follow_up_at: null });
      // the account's own follow-up, delivered back by Unipile, is not a reply
      const [own] = fake.messagesTo(account.id, ada.providerId);
      await fake.deliverMessage(own!);
      await apply();
      expect(await db().selectFrom('replies').select('id').where('workspace_id', '=', ws.id).execute()).toHaveLength(1);
      expect((await inbox(ws.id)).at(-1)).toMatchObject({ kind: 'message_received', outcome: "ignored: the account's own message" });
    });

    it('out of order and twice: a reply before its relation, a relation after the withdrawal, a relation applied again change nothing more', { timeout: 120_000 }, async () => {
      clock.set(MONDAY_0800_UTC + 7 * DAY);
      const { ws, member, account } = await unipileWorkspace();
      await setLimits(db(), server.ctx.clock, ws.id, { withdrawAfterDays: 1 });
      const carol = fake.addPerson('Carol', 'Shaw');
      const dan = fake.addPerson('Dan', 'Brown');
      const erin = fake.addPerson('Erin', 'Hunt');
      await invitedCampaign(member, ws.id, account, [carol, dan, erin]);

      // Carol accepts and writes at once; the message arrives before the relation
      fake.accept(account.id, carol.providerId);
      const hello = fake.reply(account.id, carol.providerId, 'Hi Sam!');
      await fake.deliverMessage(hello);
      await apply();
      await fake.deliverNewRelation(account.id, carol);
      await apply();
      expect(await contactOf(ws.id, carol)).toMatchObject({ status: 'REPLIED', follow_up_at: null });
      expect(await mirrorOf(ws.id, member, carol)).toEqual({ state: 'CONNECTED' });

      // Erin accepts; the relation is applied, then delivered and applied again after her follow-up went out
      fake.accept(account.id, erin.providerId);
      await fake.deliverNewRelation(account.id, erin);
      await apply();
      const connectedAt = (await contactOf(ws.id, erin)).connected_at;

      // Dan never answers: his invitation is withdrawn a day later (the engine's own rule)
      await runUntil(server, clock, clock.now() + 3 * DAY);
      expect(await contactOf(ws.id, dan)).toMatchObject({ status: 'WITHDRAWN' });
      expect(fake.messagesTo(account.id, erin.providerId)).toHaveLength(1);
      const redelivered = await fake.deliverNewRelation(account.id, erin);
      expect(JSON.parse(redelivered[0]!.answer)).toEqual({ status: 'duplicate' });
      // Unipile reports, late, that Dan had accepted: the mirror follows, the contact stays withdrawn
      fake.connect(account.id, dan.providerId);
      await fake.deliverNewRelation(account.id, dan);
      await apply();
      expect(await contactOf(ws.id, dan)).toMatchObject({ status: 'WITHDRAWN', follow_up_at: null });
      expect(await mirrorOf(ws.id, member, dan)).toEqual({ state: 'CONNECTED' });
      expect((await inbox(ws.id)).at(-1)).toMatchObject({ outcome: 'connected; 0 campaign contact(s) accepted' });

      await runUntil(server, clock, clock.now() + 2 * DAY);
      expect(await contactOf(ws.id, erin)).toMatchObject({ status: 'CONNECTED', connected_at: connectedAt, follow_up_at: null });
      expect(fake.messagesTo(account.id, erin.providerId)).toHaveLength(1);
      expect(fake.messagesTo(account.id, carol.providerId)).toEqual([]);
      expect(fake.messagesTo(account.id, dan.providerId)).toEqual([]);
      expect(await db().selectFrom('replies').select('id').where('workspace_id', '=', ws.id).execute()).toHaveLength(1);
    });

    it('an account disconnected by webhook stops its sender; a stale status cannot undo it; reconnected, it invites again', { timeout: 120_000 }, async () => {
      clock.set(MONDAY_0800_UTC + 14 * DAY);
      const { ws, member, account } = await unipileWorkspace();
      const status = async () => (await ws.client.get('/v2/workspace/users')).body.find((u: { id: string }) => u.id === member).integration_status;
      const { id: campaignId } = await addCampaign(server, ws.id, { name: 'Paused by Unipile', creatorId: member, participantIds: [member], status: 'ACTIVE' });

      await fake.deliverAccountStatus(account.id, 'CREDENTIALS');
      await apply();
      expect(await status()).toBe('DISCONNECTED');
      // a late "OK" from before the disconnection: Unipile is asked, and says otherwise
      await fake.deliver('account_status', fake.accountStatusBody(account.id, 'OK'));
      await apply();
      expect(await status()).toBe('DISCONNECTED');
      expect((await inbox(ws.id)).map((r) => r.outcome)).toEqual(['DISCONNECTED', 'DISCONNECTED (unchanged)']);

      const frank = fake.addPerson('Frank', 'Lloyd');
      await enrolProfiles(db(), server.ctx.clock, ws.id, campaignId, [{ username: frank.publicId, network_urn: urnOf(frank.providerId), first_name: 'Frank' }]);
      await runUntil(server, clock, clock.now() + 6 * HOUR);
      expect(fake.invitations.filter((i) => i.to === frank.providerId)).toEqual([]);

      // the account is back: the same "OK" key is stored again and applied
      await fake.deliverAccountStatus(account.id, 'OK');
      await apply();
      expect(await status()).toBe('CONNECTED');
      await runUntil(server, clock, clock.now() + 6 * HOUR);
      expect(fake.invitations.filter((i) => i.to === frank.providerId)).toHaveLength(1);
    });

    it('ignores events of accounts linked to no member, and workspaces no longer bound to Unipile', async () => {
      const { ws, account } = await unipileWorkspace();
      const stranger = fake.addAccount('Someone', 'Else');
      const person = fake.addPerson('Ivy', 'Stone');
      await fake.deliverNewRelation(stranger.id, person);
      await apply();
      expect((await inbox(ws.id)).map((r) => r.outcome)).toEqual([`ignored: Unipile account ${stranger.id} is linked to no team member`]);
      await server.ctx.database.db.updateTable('workspace_bindings').set({ provider: 'sandbox', updated_at: clock.now() }).where('workspace_id', '=', ws.id).execute();
      await fake.deliverNewRelation(account.id, person);
      await apply();
      expect((await inbox(ws.id)).at(-1)).toMatchObject({ processed_at: null });

      // applied deliveries are forgotten after INBOX_RETENTION_MS; waiting ones stay
      clock.advance(INBOX_RETENTION_MS + 1);
      expect(await pruneInbox({ db: db(), clock: server.ctx.clock })).toBeGreaterThanOrEqual(1);
      expect((await inbox(ws.id)).map((r) => [r.kind, r.processed_at])).toEqual([['new_relation', null]]);
    });
  });
});
