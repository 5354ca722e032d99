// Outbound webhooks end to end, over HTTPS as a client would: subscriptions through the API, the
// events written by the real write paths (fold, PATCH, the connection mirror, replies), delivered
// by the worker's step to a local receiver that verifies every signature with standardwebhooks.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { performAction } from '../src/connections/outbound.js';
import { recordReply } from '../src/connections/replies.js';
import { rescoreLeads } from '../src/ingestion/ingestion.engine.js';
import { HOT_SCORE } from '../src/leads/lead-events.js';
import { mirrorState } from '../src/connections/mirror.js';
import { invitationAccepted } from '../src/outreach/network-events.js';
import { webhookDeliveryDeps } from '../src/engine/worker-tasks.js';
import { deliverWebhooks, DISABLE_AFTER_MS } from '../src/webhooks/delivery.js';
import { isPrivateAddress } from '../src/webhooks/url-guard.js';
import { ManualClock } from '../src/shared/clock.js';
import { enrichWaitingLeads } from '../src/enrichment/enrichment.engine.js';
import { accountStatusChanged } from '../src/outreach/network-events.js';
import { completeFinishedCampaigns } from '../src/outreach/outreach.repository.js';
import { enrolProfiles } from '../src/campaigns/campaigns.service.js';
import { grantCredits } from '../src/workspace/workspace.service.js';
import { addCampaign } from './helpers/networking-fixtures.js';
import { describeEachDialect } from './helpers/dialects.js';
import { parsePrometheus, total } from './helpers/prometheus.js';
import { event, fold, person, postOf } from './helpers/ingestion-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.js';

const START = Date.UTC(2026, 0, 5, 9);
const CORE = ['lead.created', 'lead.updated', 'connection.accepted', 'message.replied'];

describeEachDialect('outbound webhooks', (dialect) => {
  let server: TestServer;
  let receiver: Receiver;
  const clock = new ManualClock(START);
  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startServer(dialect, { clock, flags: { webhooksAllowPrivate: true, webhookTimeoutMs: 300 } });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.received = [];
    receiver.script = [];
    receiver.fallback = 'ok';
  });
  const deliver = () => deliverWebhooks(webhookDeliveryDeps(server.ctx));
  /** Runs delivery steps until one delivers nothing. */
  async function drain() {
    while ((await deliver()) > 0);
  }

  async function subscribed(eventTypes = CORE, enrichment: 'none' | 'sandbox' = 'none') {
    const ws = await server.newWorkspace('Hooks', { members: 1, enrichment, connected: true });
    const created = await ws.client.post('/v2/webhooks', { json: { url: receiver.url, event_types: eventTypes } });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    receiver.secret = created.body.secret;
    return { ws, sub: created.body };
  }

  it('signs and delivers the core events in the order of their changes, each once', async () => {
    const { ws, sub } = await subscribed();
    const member = ws.members[0]!;
    // Never shown again, never stored in clear.
    const got = await ws.client.get(`/v2/webhooks/${sub.id}`);
    expect(got.status).toBe(200);
    expect(got.body.secret).toBeUndefined();
    expect((await ws.client.get('/v2/webhooks')).text).not.toContain(sub.secret);
    const stored = await server.ctx.database.db.selectFrom('webhook_subscriptions').select('secret').where('id', '=', sub.id).executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(sub.secret.slice(6));

    const who = person('URN-WH1');
    await fold(server.ctx.database.db, ws.id, clock.now(), [event(postOf(member), who, 'LIKE', clock.now() - 1000)]);
    const lead = await server.ctx.database.db.selectFrom('leads').select('id').where('workspace_id', '=', ws.id).executeTakeFirstOrThrow();
    expect((await ws.client.patch(`/v2/leads/${lead.id}`, { json: { status: 'QUALIFIED', tags: ['hot'] } })).status).toBe(200);
    const account = { workspaceId: ws.id, teamMemberId: member };
    await mirrorState(server.ctx.database.db, account, who.urn, 'PENDING', clock.now()); // connection.requested: not subscribed
    await invitationAccepted(server.ctx.database.db, account, who.urn, clock.now());
    await invitationAccepted(server.ctx.database.db, account, who.urn, clock.now()); // the same acceptance again: no event
    await recordReply(server.ctx.database.db, clock.now(), account, { id: 'msg-1', contactUrn: who.urn, text: 'Hello back', at: clock.now() });

    await drain();
    expect(receiver.received.map((r) => r.type)).toEqual(CORE);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(4);
    const [created, updated, accepted, replied] = receiver.received;
    expect(created!.data).toMatchObject({ lead_id: lead.id, status: 'NEW', contact_urn: who.urn });
    expect(updated!.data).toMatchObject({ lead_id: lead.id, status: 'QUALIFIED', tags: ['hot'], changed: ['status', 'tags'], previous: { status: 'NEW', tags: [] } });
    expect(accepted!.data).toEqual({ team_member_id: member, contact_urn: who.urn });
    expect(replied!.data).toMatchObject({ message_id: 'msg-1', contact_urn: who.urn, text: 'Hello back' });
    // Nothing left to send.
    expect(await deliver()).toBe(0);
    expect(receiver.received).toHaveLength(4);
  });

  it('sends lead.enriched, member.disconnected and campaign.completed from their write paths', async () => {
    const { ws } = await subscribed(['lead.enriched', 'member.disconnected', 'campaign.completed'], 'sandbox');
    const member = ws.members[0]!;
    const db = server.ctx.database.db;
    await fold(db, ws.id, clock.now(), [event(postOf(member), person('URN-E2'), 'LIKE', clock.now() - 1000)]);
    await grantCredits(db, clock, ws.id, 5, 'test');
    const vendor = { name: 'test', find: async () => ({ email: 'pat@acme.test', phone: null }) };
    expect(await enrichWaitingLeads({ db, clock, enrichments: async () => vendor }, 50, ws.id)).toBe(1);
    await accountStatusChanged(db, { workspaceId: ws.id, teamMemberId: member }, false, clock.now());
    await accountStatusChanged(db, { workspaceId: ws.id, teamMemberId: member }, false, clock.now()); // still disconnected: no second event
    const campaign = await addCampaign(server, ws.id, { name: 'Done', creatorId: member, status: 'ACTIVE' });
    await enrolProfiles(db, clock, ws.id, campaign.id, [{ username: 'pat-e2' }] as never);
    // Every contact final: the engine's completion pass completes it.
    await db.updateTable('campaign_contacts').set({ status: 'REPLIED', finished_at: clock.now() }).where('campaign_id', '=', campaign.id).execute();
    expect(await completeFinishedCampaigns(db, clock.now())).toBe(1);
    await drain();
    expect(receiver.received.map((r) => r.type)).toEqual(['lead.enriched', 'member.disconnected', 'campaign.completed']);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(receiver.received[0]!.data).toMatchObject({ contact_urn: 'URN-E2', enrichment_status: 'ENRICHED' });
    expect(JSON.stringify(receiver.received[0]!.data)).not.toContain('pat@acme.test');
    expect(receiver.received[1]!.data).toEqual({ team_member_id: member, previous_status: 'CONNECTED' });
    expect(receiver.received[2]!.data).toEqual({ campaign_id: campaign.id, name: 'Done' });
  });

  it('sends message.sent once when a message reaches the network; repeating the action emits nothing', async () => {
    const { ws } = await subscribed(['message.sent']);
    const member = ws.members[0]!;
    const network = (await server.ctx.networks.resolve(ws.id))!;
    const deps = { db: server.ctx.database.db, clock: server.ctx.clock, network };
    const message = { kind: 'MESSAGE' as const, workspaceId: ws.id, teamMemberId: member, contactUrn: 'ACoMsgSent1', key: `msg-sent-${ws.id}`, text: 'Hello there' };
    await performAction(deps, message);
    await performAction(deps, message); // the same key again: nothing sent, nothing emitted
    const [row] = await server.ctx.database.db.selectFrom('network_actions').select(['id', 'status']).where('workspace_id', '=', ws.id).execute();
    expect(row!.status).toBe('SENT');
    await drain();
    expect(receiver.received.map((r) => [r.type, r.verified])).toEqual([['message.sent', true]]);
    expect(receiver.received[0]!.data).toEqual({ action_id: row!.id, team_member_id: member, contact_urn: 'ACoMsgSent1', text: 'Hello there' });
  });

  it('sends lead.updated when a score crosses the hot line: up with new engagement, down as it decays', async () => {
    const { ws } = await subscribed(['lead.updated']);
    const member = ws.members[0]!;
    const db = server.ctx.database.db;
    const who = person('URN-HOT1');
    await fold(db, ws.id, clock.now(), [event(postOf(member), who, 'LIKE', clock.now() - 2000)]); // score 22: created, not hot
    await fold(db, ws.id, clock.now(), [event(postOf(member), who, 'COMMENT', clock.now() - 1000)]); // score 63: hot
    await fold(db, ws.id, clock.now(), [event(postOf(member), who, 'LIKE', clock.now() - 500)]); // hotter: no crossing
    const lead = await db.selectFrom('leads').select(['id', 'engagement_score']).where('workspace_id', '=', ws.id).executeTakeFirstOrThrow();
    expect(Number(lead.engagement_score)).toBeGreaterThanOrEqual(HOT_SCORE);
    expect(await rescoreLeads(db, clock.now() + 60 * 86_400_000, ws.id)).toBe(1); // two months of decay: cold again
    await drain();
    expect(receiver.received.map((r) => [r.type, r.verified, r.data.changed, r.data.previous.engagement_score >= HOT_SCORE, r.data.engagement_score >= HOT_SCORE])).toEqual([
      ['lead.updated', true, ['engagement_score'], false, true],
      ['lead.updated', true, ['engagement_score'], true, false],
    ]);
    expect(receiver.received.every((r) => r.data.lead_id === lead.id)).toBe(true);
  });

  it('stores no event for a workspace without a subscription wanting it', async () => {
    const { ws } = await subscribed(['message.replied']);
    const other = await server.newWorkspace('Quiet', { members: 1, enrichment: 'none' });
    for (const w of [ws, other]) await fold(server.ctx.database.db, w.id, clock.now(), [event(postOf(w.members[0]!), person(`URN-Q-${w.id}`), 'LIKE', clock.now() - 1000)]);
    const rows = await server.ctx.database.db.selectFrom('webhook_outbox').select('id').where('workspace_id', 'in', [ws.id, other.id]).execute();
    expect(rows).toEqual([]);
  });

  it('retries after a 500 and a time-out with the same webhook-id, holding later events back, and logs every attempt', async () => {
    const { ws, sub } = await subscribed(['lead.updated']);
    const seeds = [person('URN-R1'), person('URN-R2')];
    await fold(server.ctx.database.db, ws.id, clock.now(), seeds.map((p) => event(postOf(ws.members[0]!), p, 'LIKE', clock.now() - 1000)));
    const leads = await server.ctx.database.db.selectFrom('leads').select(['id', 'contact_urn']).where('workspace_id', '=', ws.id).execute();
    const byUrn = (urn: string) => leads.find((l) => l.contact_urn === urn)!.id;
    await ws.client.patch(`/v2/leads/${byUrn('URN-R1')}`, { json: { status: 'QUALIFIED' } });
    await ws.client.patch(`/v2/leads/${byUrn('URN-R2')}`, { json: { status: 'QUALIFIED' } });

    const scrape = async () => parsePrometheus(await server.ctx.metrics.registry.metrics());
    const before = await scrape();
    expect(total(before, 'warmline_webhook_outbox_depth')).toBeGreaterThanOrEqual(2);
    receiver.script = [500, 'hang'];
    expect(await deliver()).toBe(0); // 500
    expect(await deliver()).toBe(0); // not due yet: the back-off holds it
    expect(receiver.received).toHaveLength(1);
    clock.advance(10_000);
    expect(await deliver()).toBe(0); // the time-out
    clock.advance(20_000);
    await drain();
    expect(receiver.received.map((r) => r.data.lead_id)).toEqual([byUrn('URN-R1'), byUrn('URN-R1'), byUrn('URN-R1'), byUrn('URN-R2')]);
    const ids = receiver.received.map((r) => r.id);
    expect(new Set(ids.slice(0, 3)).size).toBe(1);
    expect(ids[3]).not.toBe(ids[0]);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    const after = await scrape();
    const moved = (result: string) => total(after, 'warmline_webhook_deliveries_total', { result }) - total(before, 'warmline_webhook_deliveries_total', { result });
    expect([moved('delivered'), moved('failed')]).toEqual([2, 2]);
    expect(total(after, 'warmline_webhook_outbox_depth')).toBe(total(before, 'warmline_webhook_outbox_depth') - 2);

    const page1 = await ws.client.get(`/v2/webhooks/${sub.id}/deliveries?limit=2`);
    expect(page1.status).toBe(200);
    expect(page1.body.total).toBe(4);
    expect(page1.body.has_more).toBe(true);
    const page2 = await ws.client.get(`/v2/webhooks/${sub.id}/deliveries?limit=2&cursor=${encodeURIComponent(page1.body.cursor)}`);
    const log = [...page2.body.items].reverse().concat([...page1.body.items].reverse());
    expect(log.map((d: any) => [d.event_id, d.attempt, d.status_code])).toEqual([
      [ids[0], 1, 500], [ids[0], 2, null], [ids[0], 3, 204], [ids[3], 1, 204],
    ]);
    expect(log[1].error).toMatch(/timed out/);
    expect(page2.body.has_more).toBe(false);
    expect((await ws.client.get(`/v2/webhooks/${sub.id}/deliveries?cursor=forged`)).status).toBe(400);
  });

  it('disables a subscription failing for 24 hours; the user enables it again and the waiting events go out', async () => {
    const { ws, sub } = await subscribed(['lead.created']);
    receiver.fallback = 500;
    await fold(server.ctx.database.db, ws.id, clock.now(), [event(postOf(ws.members[0]!), person('URN-D1'), 'LIKE', clock.now() - 1000)]);
    const startedAt = clock.now();
    while (clock.now() - startedAt <= DISABLE_AFTER_MS + 3_600_000) {
      await deliver();
      clock.advance(30 * 60_000);
    }
    const disabled = await ws.client.get(`/v2/webhooks/${sub.id}`);
    expect(disabled.body.enabled).toBe(false);
    expect(disabled.body.disabled_reason).toMatch(/24 hours/);
    const attempts = receiver.received.length;
    expect(attempts).toBeGreaterThan(5);
    await deliver();
    expect(receiver.received).toHaveLength(attempts); // disabled: nothing sent

    receiver.fallback = 'ok';
    const enabled = await ws.client.patch(`/v2/webhooks/${sub.id}`, { json: { enabled: true } });
    expect(enabled.body).toMatchObject({ enabled: true, disabled_reason: null });
    await drain();
    expect(receiver.received).toHaveLength(attempts + 1);
    expect(receiver.received.at(-1)!.id).toBe(receiver.received[0]!.id);
  });

  it('sends a test event, updates and deletes a subscription', async () => {
    const { ws, sub } = await subscribed(['lead.created']);
    const test = await ws.client.post(`/v2/webhooks/${sub.id}/test`);
    expect(test.status).toBe(202);
    await drain();
    expect(receiver.received).toMatchObject([{ id: test.body.event_id, type: 'webhook.test', verified: true }]);
    const updated = await ws.client.patch(`/v2/webhooks/${sub.id}`, { json: { event_types: ['lead.updated', 'message.replied'] } });
    expect(updated.body.event_types).toEqual(['lead.updated', 'message.replied']);
    expect((await ws.client.delete(`/v2/webhooks/${sub.id}`)).status).toBe(204);
    expect((await ws.client.get(`/v2/webhooks/${sub.id}`)).status).toBe(404);
    expect((await ws.client.delete(`/v2/webhooks/${sub.id}`)).status).toBe(404);
    // Another workspace never sees it.
    const { sub: mine } = await subscribed(['lead.created']);
    const stranger = await server.newWorkspace('Stranger');
    expect((await stranger.client.get(`/v2/webhooks/${mine.id}`)).status).toBe(404);
  });

  it('refuses bad input with a detail and changes nothing', async () => {
    const ws = await server.newWorkspace('Bad');
    const bad = [
      { url: receiver.url, event_types: ['lead.exploded'] },
      { url: receiver.url, event_types: [] },
      { url: 'not a url', event_types: ['lead.created'] },
      { event_types: ['lead.created'] },
      { url: 'ftp://example.com/x', event_types: ['lead.created'] },
    ];
    for (const json of bad) {
      const res = await ws.client.post('/v2/webhooks', { json });
      expect([400, 422]).toContain(res.status);
      expect(res.body.detail).toBeDefined();
    }
    expect((await ws.client.get('/v2/webhooks')).body.items).toEqual([]);
  });

  describe('without --webhooks-allow-private', () => {
    let guarded: TestServer;
    beforeAll(async () => {
      guarded = await startServer(dialect, { clock });
    });
    afterAll(async () => {
      await guarded?.close();
    });

    it('refuses URLs on loopback, private and link-local addresses, and plain http', async () => {
      const ws = await guarded.newWorkspace('Guarded');
      for (const url of ['https://127.0.0.1/x', 'https://localhost/x', 'https://10.1.2.3/x', 'https://192.168.0.9/x', 'https://169.254.169.254/latest', 'https://[::1]/x', 'https://[fe80::1]/x', 'https://[::ffff:127.0.0.1]/x', 'https://[fd00::5]/x', receiver.url]) {
        const res = await ws.client.post('/v2/webhooks', { json: { url, event_types: ['lead.created'] } });
        expect(res.status, url).toBe(422);
        expect(res.body.detail).toMatch(/refused/);
      }
      expect((await ws.client.get('/v2/webhooks')).body.items).toEqual([]);
    });

    it('says a host that does not resolve does not resolve (not that it must be public)', async () => {
      const ws = await guarded.newWorkspace('Unresolvable');
      const res = await ws.client.post('/v2/webhooks', { json: { url: 'https://nosuchhost.invalid/hook', event_types: ['lead.created'] } });
      expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: { detail: 'The webhook URL is refused: its host does not resolve' } });
      expect((await ws.client.get('/v2/webhooks')).body.items).toEqual([]);
    });

    it('re-checks the address at delivery time', async () => {
      const { ws, sub } = await subscribed(['lead.created']);
      await fold(server.ctx.database.db, ws.id, clock.now(), [event(postOf(ws.members[0]!), person('URN-G1'), 'LIKE', clock.now() - 1000)]);
      // The same step as an operator who no longer allows private addresses runs it.
      await deliverWebhooks({ ...webhookDeliveryDeps(server.ctx), allowPrivate: false });
      expect(receiver.received).toEqual([]);
      const log = await ws.client.get(`/v2/webhooks/${sub.id}/deliveries`);
      expect(log.body.items[0]).toMatchObject({ status_code: null });
      expect(log.body.items[0].error).toMatch(/^refused/);
    });
  });
});

describe('isPrivateAddress', () => {
  it('tells private, loopback and link-local addresses from public ones', () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::1', '::', 'fe80::1', 'fc00::1', '::ffff:10.0.0.1', '100.64.0.1']) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '172.32.0.1']) expect(isPrivateAddress(a), a).toBe(false);
  });
});
