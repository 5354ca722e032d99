// Replies stop sequences: a contact who writes back is REPLIED, gets no follow-up (also when the
// reply lands while a follow-up is being sent), shows in the lead's history and in the
// campaign's reply rate; the simulated network with activity produces replies itself.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { configureCampaign } from '../src/outreach/campaign-settings.js';
import { campaignStats } from '../src/outreach/stats.js';
import { SandboxNetwork } from '../src/network/sandbox/sandbox.network.js';
import { ensureSandboxSchema } from '../src/network/sandbox/sandbox.schema.js';
import { sandboxDb } from '../src/network/sandbox/sandbox.table.js';
import { ManualClock } from '../src/shared/clock.js';
import { runCli } from './helpers/cli.js';
import { dbArgOf, describeEachDialect } from './helpers/dialects.js';
import { addContact, addLead, networkWorldOf, sandboxOf } from './helpers/networking-fixtures.js';
import { sandboxWorldOf } from './contract/sandbox-world.js';
import { MONDAY_0800_UTC, outreachWorld, runUntil } from './helpers/outreach-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeEachDialect('replies', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(MONDAY_0800_UTC);
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());
  const db = () => server.ctx.database.db;

  /** One sender, one contact who accepts, a follow-up 24 hours after acceptance; a lead for the contact. */
  async function acceptingCampaign(prefix: string, activity = false) {
    clock.set(MONDAY_0800_UTC);
    const { ws, senders, campaignId } = await outreachWorld(server, { senders: 1, contacts: 0, urnPrefix: prefix, activity });
    const sender = senders[0]!;
    const account = { workspaceId: ws.id, teamMemberId: sender };
    const urn = Array.from({ length: 200 }, (_, i) => `ACo${prefix}${i}`).find((u) => sandboxOf(server).accepts(account, u))!;
    await addContact(server, ws.id, urn);
    const lead = await addLead(server, ws.id, urn);
    await configureCampaign(db(), clock, ws.id, campaignId, { follow_up_template: 'Thanks!', follow_up_delay_hours: 24 });
    expect((await ws.client.put(`/v2/networking/campaigns/${campaignId}`, { json: { profiles: [{ username: `p-${prefix}`, network_urn: urn }] } })).status).toBe(200);
    return { ws, sender, account, urn, lead, campaignId };
  }
  const messagesOf = async (ws: string) => (await networkWorldOf(server).received(ws)).messages;
  const contactOf = async (ws: string) => db().selectFrom('campaign_contacts').selectAll().where('workspace_id', '=', ws).executeTakeFirstOrThrow();

  it('a reply after acceptance stops the follow-up, shows in the lead history and the reply rate', async () => {
    const { ws, account, urn, lead, campaignId } = await acceptingCampaign('Rep');
    // Until the acceptance is seen (invitation sent, accepted 6 hours later, polled).
    await runUntil(server, clock, MONDAY_0800_UTC + 12 * HOUR);
    expect((await contactOf(ws.id)).status).toBe('CONNECTED');
    await sandboxOf(server).receiveReply(account, urn, 'Happy to talk');
    await runUntil(server, clock, MONDAY_0800_UTC + 4 * DAY);
    expect(await messagesOf(ws.id)).toEqual([]);
    const contact = await contactOf(ws.id);
    expect([contact.status, contact.follow_up_at, contact.follow_up_sent_at]).toEqual(['REPLIED', null, null]);
    const history = await db().selectFrom('lead_history').select('description').where('workspace_id', '=', ws.id).where('lead_id', '=', lead).execute();
    expect(history.map((h) => h.description)).toContain('Replied to a message');
    const stats = await campaignStats(db(), clock, ws.id, campaignId);
    expect([stats.contacts.REPLIED, stats.acceptance_rate, stats.reply_rate]).toEqual([1, 1, 1]);
    // The operator sees both rates side by side in `warmline campaign stats`.
    const env = { WARMLINE_DB: dbArgOf(server.config.db) };
    const shown = await runCli(['campaign', 'stats', campaignId, '--workspace', ws.id], { env });
    expect(shown.stdout).toContain('acceptance rate 100.0%, reply rate 100.0%');
    const json = JSON.parse((await runCli(['campaign', 'stats', campaignId, '--workspace', ws.id, '--json'], { env })).stdout);
    expect([json.contacts.REPLIED, json.acceptance_rate, json.reply_rate]).toEqual([1, 1, 1]);
    expect((await ws.client.get(`/v2/networking/campaigns/${campaignId}`)).body.contacts[0].status).toBe('REPLIED');
  });

  it('a reply landing while the follow-up is being sent: that one message only, and the contact ends REPLIED', async () => {
    const { ws, account, urn } = await acceptingCampaign('Race');
    const send = SandboxNetwork.prototype.sendMessage;
    let sends = 0;
    const spy = vi.spyOn(SandboxNetwork.prototype, 'sendMessage').mockImplementation(async function (this: SandboxNetwork, ...args) {
      sends++;
      await sandboxOf(server).receiveReply(account, urn, 'Already on it');
      const { recordReply } = await import('../src/connections/replies.js');
      const [reply] = await this.listReplies(account, 0);
      await recordReply(db(), clock.now(), account, reply!); // recorded as a webhook would, mid-send
      return send.apply(this, args);
    });
    try {
      await runUntil(server, clock, MONDAY_0800_UTC + 4 * DAY);
    } finally {
      spy.mockRestore();
    }
    expect(sends).toBe(1);
    expect((await messagesOf(ws.id)).map((m) => m.text)).toEqual(['Thanks!']);
    const contact = await contactOf(ws.id);
    expect([contact.status, contact.follow_up_at]).toEqual(['REPLIED', null]);
    clock.advance(3 * DAY);
    await runUntil(server, clock, clock.now() + DAY);
    expect(await messagesOf(ws.id)).toHaveLength(1);
  });

  it('a follow-up picked before a reply was recorded is not sent (the reservation reads the contact again)', async () => {
    const { ws, account, urn } = await acceptingCampaign('Stale');
    // The reply is recorded between the step's pick of the due follow-up and its reservation:
    // listReplies (just before the send) answers nothing, then the reply lands.
    const list = SandboxNetwork.prototype.listReplies;
    let armed = false;
    let looks = 0;
    const spy = vi.spyOn(SandboxNetwork.prototype, 'listReplies').mockImplementation(async function (this: SandboxNetwork, ...args) {
      const replies = await list.apply(this, args);
      const contact = await contactOf(ws.id);
      // The step that sends looks twice once the follow-up is due: its periodic poll, then just
      // before the send. The reply lands right after that second look.
      if (contact.follow_up_at != null && Number(contact.follow_up_at) <= clock.now()) looks++;
      if (!armed && looks === 2) {
        armed = true;
        const { recordReply } = await import('../src/connections/replies.js');
        await recordReply(db(), clock.now(), account, { id: 'late-reply', contactUrn: urn, text: 'Hi', at: clock.now() });
        return [];
      }
      return replies;
    });
    try {
      await runUntil(server, clock, MONDAY_0800_UTC + 4 * DAY);
    } finally {
      spy.mockRestore();
    }
    expect(armed).toBe(true);
    expect(await messagesOf(ws.id)).toEqual([]);
    expect((await contactOf(ws.id)).status).toBe('REPLIED');
  });

  it('with activity, the simulated network replies to a seeded share of accepted invitations, always the same', async () => {
    clock.set(MONDAY_0800_UTC);
    const account = { workspaceId: 'ws_seeded_replies', teamMemberId: 'tm_seeded' };
    await ensureSandboxSchema(db());
    const world = (activity: boolean) => new SandboxNetwork(sandboxDb(db()), clock, { seed: 'replies', acceptDelayMs: HOUR, dailyInvitationLimit: 1000, activity });
    await world(true).connectAccount(account);
    for (let i = 0; i < 200; i++) await world(true).sendInvitation(account, `ACoSeeded${i}`, null, `seeded-replies-${i}`);
    clock.advance(5 * DAY);
    const accepted = (await sandboxWorldOf(world(true), db(), clock).received(account.workspaceId)).invitations.filter((i) => i.acceptedAt !== null);
    const replies = await world(true).listReplies(account, 0);
    expect(replies.length / accepted.length).toBeGreaterThan(0.2);
    expect(replies.length / accepted.length).toBeLessThan(0.4);
    expect(replies.every((r) => accepted.some((a) => a.contactUrn === r.contactUrn))).toBe(true);
    expect(await world(true).listReplies(account, 0)).toEqual(replies);
    expect(await world(false).listReplies(account, 0)).toEqual([]);
  });

  it('the member sync records replies outside any campaign step', async () => {
    const ws = await server.newWorkspace(undefined, { enrichment: 'none', members: 1, connected: true });
    const member = ws.members[0];
    const urn = await addContact(server, ws.id);
    const lead = await addLead(server, ws.id, urn);
    await sandboxOf(server).receiveReply({ workspaceId: ws.id, teamMemberId: member }, urn, 'Saw your post');
    const { createWorker } = await import('../src/engine/worker-tasks.js');
    clock.advance(HOUR);
    await createWorker(server.ctx, ['ingestion']).drain();
    const recorded = await db().selectFrom('replies').select(['team_member_id', 'contact_urn', 'text']).where('workspace_id', '=', ws.id).execute();
    expect(recorded).toEqual([{ team_member_id: member, contact_urn: urn, text: 'Saw your post' }]);
    const history = await db().selectFrom('lead_history').select('description').where('workspace_id', '=', ws.id).where('lead_id', '=', lead).execute();
    expect(history.map((h) => h.description)).toEqual(['Replied to a message']);
  });
});
