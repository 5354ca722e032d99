// Follow-up sequences: each step sent its delay after the one before (the first after
// acceptance), each exactly once however often and however concurrently the worker runs; a
// reply at any point ends the sequence.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../src/context.js';
import { createWorker } from '../src/engine/worker-tasks.js';
import { sendFollowUp } from '../src/outreach/follow-up.js';
import { loadLimits } from '../src/outreach/limits.js';
import { activeCampaignsOf } from '../src/outreach/participants.repository.js';
import type { StepContext } from '../src/outreach/step-context.js';
import { seededRandom } from '../src/shared/random.js';
import { findTeamMember } from '../src/workspace/workspace.repository.js';
import { configureCampaign } from '../src/outreach/campaign-settings.js';
import { campaignStats } from '../src/outreach/stats.js';
import { ManualClock } from '../src/shared/clock.js';
import { describeEachDialect } from './helpers/dialects.js';
import { addContact, networkWorldOf, sandboxOf } from './helpers/networking-fixtures.js';
import { CAMPAIGN_ENGINES, MONDAY_0800_UTC, outreachWorld, runUntil } from './helpers/outreach-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STEPS = { follow_up_template: 'One {{first_name}}', follow_up_delay_hours: 24, follow_ups: [{ template: 'Two', delay_hours: 48 }, { template: 'Three', delay_hours: 72 }] };

describeEachDialect('follow-up sequences', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(MONDAY_0800_UTC);
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());
  const db = () => server.ctx.database.db;
  const messagesOf = async (ws: string) => (await networkWorldOf(server).received(ws)).messages;
  const contactOf = async (ws: string) => db().selectFrom('campaign_contacts').selectAll().where('workspace_id', '=', ws).executeTakeFirstOrThrow();

  // The tests that run days of simulated time walk every 15-minute step of an idle sender (1,400-1,600
  // worker turns): 23-29 s on PostgreSQL on a slow 2-core machine (2026-11-27), so they get 120 s.

  /** One sender, one contact who accepts, the three-step sequence. */
  async function sequenceCampaign(prefix: string) {
    clock.set(MONDAY_0800_UTC);
    const { ws, senders, campaignId } = await outreachWorld(server, { senders: 1, contacts: 0, urnPrefix: prefix });
    const account = { workspaceId: ws.id, teamMemberId: senders[0]! };
    const urn = Array.from({ length: 200 }, (_, i) => `ACo${prefix}${i}`).find((u) => sandboxOf(server).accepts(account, u))!;
    await addContact(server, ws.id, urn);
    await configureCampaign(db(), clock, ws.id, campaignId, STEPS);
    expect((await ws.client.put(`/v2/networking/campaigns/${campaignId}`, { json: { profiles: [{ username: `p-${prefix}`, network_urn: urn, first_name: 'Ada' }] } })).status).toBe(200);
    return { ws, account, urn, campaignId };
  }

  it('sends each step its delay after the one before, once each, with the worker run again and twice at once', { timeout: 120_000 }, async () => {
    const { ws, campaignId } = await sequenceCampaign('Seq');
    const a = createWorker(server.ctx, CAMPAIGN_ENGINES);
    const b = createWorker(server.ctx, CAMPAIGN_ENGINES);
    await runUntil(server, clock, MONDAY_0800_UTC + 20 * DAY, { beforeRound: async () => void (await Promise.all([a.drain(), b.drain()])) });
    await Promise.all([a.drain(), b.drain()]);
    const [invitation] = (await networkWorldOf(server).received(ws.id)).invitations;
    const messages = await messagesOf(ws.id);
    expect(messages.map((m) => m.text)).toEqual(['One Ada', 'Two', 'Three']);
    const [one, two, three] = messages.map((m) => m.sentAt) as [number, number, number];
    expect(one - invitation!.acceptedAt!).toBeGreaterThanOrEqual(24 * HOUR);
    expect(two - one).toBeGreaterThanOrEqual(48 * HOUR);
    expect(three - two).toBeGreaterThanOrEqual(72 * HOUR);
    const contact = await contactOf(ws.id);
    expect([contact.status, contact.follow_up_step, contact.follow_up_at]).toEqual(['CONNECTED', 3, null]);
    expect(contact.finished_at).not.toBeNull();
    // Step 1 keeps the key it had before sequences; the later steps carry their number.
    const keys = (await db().selectFrom('network_actions').select(['idempotency_key as key', 'status', 'attempts']).where('workspace_id', '=', ws.id).where('kind', '=', 'MESSAGE').execute()) as any[];
    const base = `outreach:follow-up:${ws.id}:${campaignId}:${contact.id}:${contact.sender_id}`;
    expect(keys.map((k) => k.key).sort()).toEqual([base, `${base}:step2`, `${base}:step3`]);
    expect(keys.every((k) => k.status === 'SENT' && k.attempts === 1)).toBe(true);
    const stats = await campaignStats(db(), clock, ws.id, campaignId);
    expect(stats.contacts.CONNECTED).toBe(1);
  });

  it('a reply after step 1 ends the sequence: steps 2 and 3 are never sent', { timeout: 120_000 }, async () => {
    const { ws, account, urn } = await sequenceCampaign('SeqRep');
    await runUntil(server, clock, MONDAY_0800_UTC + 3 * DAY);
    expect((await messagesOf(ws.id)).map((m) => m.text)).toEqual(['One Ada']);
    expect((await contactOf(ws.id)).follow_up_step).toBe(1);
    await sandboxOf(server).receiveReply(account, urn, 'Thanks, not now');
    await runUntil(server, clock, MONDAY_0800_UTC + 20 * DAY);
    expect((await messagesOf(ws.id)).map((m) => m.text)).toEqual(['One Ada']);
    const contact = await contactOf(ws.id);
    expect([contact.status, contact.follow_up_at, contact.follow_up_step]).toEqual(['REPLIED', null, 1]);
  });

  it("a worker that read the contact before another sent the step leaves the next step's time as that one set it", async () => {
    const { ws, account } = await sequenceCampaign('SeqStale');
    await runUntil(server, clock, MONDAY_0800_UTC + 3 * DAY);
    expect((await messagesOf(ws.id)).map((m) => m.text)).toEqual(['One Ada']);
    const stale = await contactOf(ws.id); // read at step 1, as a slow worker would hold it
    await runUntil(server, clock, MONDAY_0800_UTC + 6 * DAY);
    expect((await messagesOf(ws.id)).map((m) => m.text)).toEqual(['One Ada', 'Two']);
    const current = await contactOf(ws.id);
    expect(current.follow_up_step).toBe(2);

    // The slow worker now finishes its step, an hour later: it finds step 2 already sent.
    clock.advance(HOUR);
    const network = (await server.ctx.networks.resolve(ws.id))!;
    const sender = await db().selectFrom('outreach_senders').selectAll().where('workspace_id', '=', ws.id).where('team_member_id', '=', account.teamMemberId).executeTakeFirstOrThrow();
    const c: StepContext = {
      deps: { db: db(), clock, network, random: seededRandom('stale-worker'), logger: createLogger('silent') },
      sender,
      member: (await findTeamMember(db(), ws.id, account.teamMemberId))!,
      limits: await loadLimits(db(), ws.id),
      campaigns: await activeCampaignsOf(db(), ws.id, account.teamMemberId),
      now: clock.now(),
    };
    expect(await sendFollowUp(c, stale)).toBe('next');
    expect(await contactOf(ws.id)).toEqual(current);
    expect((await messagesOf(ws.id)).map((m) => m.text)).toEqual(['One Ada', 'Two']);
  });
});
