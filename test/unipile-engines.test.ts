// The engines on Unipile, end to end through the local fake (HTTPS on 127.0.0.1): a member sync
// turns real comments and reactions into leads (seen through GET /v2/leads), and a campaign runs
// from enrolment to invitation, acceptance (found by polling: the path without a public URL),
// follow-up and a reply that stops the sequence. Everything is checked in the fake's own state.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../src/context.js';
import { syncNextDueMember } from '../src/ingestion/ingestion.engine.js';
import { DEFAULT_SYNC_SCHEDULE } from '../src/ingestion/sync-schedule.js';
import { urnOf } from '../src/network/unipile/unipile.mapping.js';
import { ManualClock } from '../src/shared/clock.js';
import { describeEachDialect } from './helpers/dialects.js';
import { startFakeUnipile, type FakeUnipile } from './helpers/fake-unipile/fake-unipile.js';
import { MONDAY_0800_UTC, runUntil } from './helpers/outreach-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';
import { unipileCampaign, unipileWorkspace } from './helpers/unipile-fixtures.js';

const HOUR = 3_600_000;

describeEachDialect('engines on Unipile through the fake', (dialect) => {
  let server: TestServer;
  let fake: FakeUnipile;
  const clock = new ManualClock(MONDAY_0800_UTC);
  const db = () => server.ctx.database.db;

  beforeAll(async () => {
    fake = await startFakeUnipile();
    fake.clock = () => clock.now();
    server = await startServer(dialect, { clock });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  afterEach(() => expect(fake.drift).toEqual([]));

  it('a sync turns real comments and reactions on a member post into leads', async () => {
    const ws = await unipileWorkspace(server.ctx, fake, { members: 1, serverUrl: server.url });
    const owner = [...fake.people.values()].find((p) => p.providerId === ws.members[0]!.account.owner.providerId)!;
    const ada = fake.addPerson('Ada', 'Lovelace', 'VP Sales');
    const bob = fake.addPerson('Bob', 'Builder', 'CTO');
    const post = fake.addPost(owner, 'We ship real outreach', clock.now() - HOUR);
    fake.comment(post, ada, 'Great post');
    fake.react(post, bob);
    const result = await syncNextDueMember({ db: db(), clock, networks: server.ctx.networks.resolve, schedule: DEFAULT_SYNC_SCHEDULE }, new AbortController().signal, createLogger('silent'), { workspaceId: ws.id });
    expect(result).toMatchObject({ posts: 1, events: 2 });
    const leads = await ws.client!.get('/v2/leads');
    expect(leads.status).toBe(200);
    const seen = leads.body.items.map((l: Record<string, unknown>) => ({ username: l.username, first_name: l.first_name, headline: l.headline, network_url: l.network_url })).sort((a: { username: string }, b: { username: string }) => a.username.localeCompare(b.username));
    expect(seen).toEqual([
      { username: ada.publicId, first_name: 'Ada', headline: 'VP Sales', network_url: `https://www.linkedin.com/in/${ada.publicId}` },
      { username: bob.publicId, first_name: 'Bob', headline: 'CTO', network_url: `https://www.linkedin.com/in/${bob.publicId}` },
    ]);
    const urns = await db().selectFrom('leads').select('contact_urn').where('workspace_id', '=', ws.id).orderBy('contact_urn').execute();
    expect(urns.map((l) => l.contact_urn)).toEqual([urnOf(ada.providerId), urnOf(bob.providerId)].sort());
    // a second sync finds the same engagement and makes nothing twice
    clock.advance(DEFAULT_SYNC_SCHEDULE.intervalMs);
    await syncNextDueMember({ db: db(), clock, networks: server.ctx.networks.resolve, schedule: DEFAULT_SYNC_SCHEDULE }, new AbortController().signal, createLogger('silent'), { workspaceId: ws.id });
    expect((await ws.client!.get('/v2/leads')).body.items).toHaveLength(2);
  });

  it("a sync reads a post's engagement again only when the post's counts moved, and once a day all the same", async () => {
    const ws = await unipileWorkspace(server.ctx, fake, { members: 1, serverUrl: server.url });
    const owner = [...fake.people.values()].find((p) => p.providerId === ws.members[0]!.account.owner.providerId)!;
    const posts = [1, 2, 3].map((i) => fake.addPost(owner, `Post ${i}`, clock.now() - i * HOUR));
    for (const [i, post] of posts.entries()) fake.react(post, fake.addPerson(`Early${i}`, 'Reader'));
    const engagementCalls = () => fake.calls.filter((c) => /\/posts\/[^/]+\/(comments|reactions)/.test(c));
    const sync = async () => {
      const before = engagementCalls().length;
      await syncNextDueMember({ db: db(), clock, networks: server.ctx.networks.resolve, schedule: DEFAULT_SYNC_SCHEDULE }, new AbortController().signal, createLogger('silent'), { workspaceId: ws.id });
      clock.advance(DEFAULT_SYNC_SCHEDULE.intervalMs);
      return engagementCalls().slice(before);
    };
    const readPosts = (calls: string[]) => new Set(calls.map((c) => /\/posts\/([^/]+)\//.exec(c)![1])).size;
    expect(readPosts(await sync())).toBe(3);
    // nothing moved: no post is read again
    expect(await sync()).toEqual([]);
    // one new comment: that post alone is read, and its commenter becomes a lead
    const late = fake.addPerson('Late', 'Commenter');
    fake.comment(posts[1]!, late, 'Now I see it');
    const third = await sync();
    expect(readPosts(third)).toBe(1);
    expect(third.every((c) => c.includes(posts[1]!.id))).toBe(true);
    const leads = await db().selectFrom('leads').select('contact_urn').where('workspace_id', '=', ws.id).execute();
    expect(leads.map((l) => l.contact_urn)).toContain(urnOf(late.providerId));
    // a day later every post is read again, moved or not
    clock.advance(24 * HOUR);
    expect(readPosts(await sync())).toBe(3);
  });

  it('a campaign: invitation, acceptance by polling, follow-up, and replies that stop the sequence', { timeout: 120_000 }, async () => {
    const ws = await unipileWorkspace(server.ctx, fake, { members: 1 });
    const sender = ws.members[0]!;
    const ada = fake.addPerson('Ada', 'Accepts');
    const bob = fake.addPerson('Bob', 'Answers');
    const cy = fake.addPerson('Cy', 'Silent');
    const campaignId = await unipileCampaign(server.ctx, ws, [ada, bob, cy], { follow_up_template: 'Thanks {{first_name}}!', follow_up_delay_hours: 1, note_template: 'Hello {{first_name}}' });
    const status = async () => Object.fromEntries((await db().selectFrom('campaign_contacts').select(['network_urn', 'status']).where('campaign_id', '=', campaignId).execute()).map((c) => [c.network_urn, c.status]));

    await runUntil(server, clock, clock.now() + HOUR);
    const invited = fake.invitations.filter((i) => i.accountId === sender.account.id).map((i) => i.to).sort();
    expect(invited).toEqual([ada.providerId, bob.providerId, cy.providerId].sort());
    expect(await status()).toEqual({ [urnOf(ada.providerId)]: 'INVITED', [urnOf(bob.providerId)]: 'INVITED', [urnOf(cy.providerId)]: 'INVITED' });

    // Ada and Bob accept; Bob writes back before his follow-up is due
    fake.accept(sender.account.id, ada.providerId);
    fake.accept(sender.account.id, bob.providerId);
    await runUntil(server, clock, clock.now() + 2.5 * HOUR, {
      beforeRound: async () => {
        const bobState = (await status())[urnOf(bob.providerId)];
        if (bobState === 'CONNECTED' && fake.messages.every((m) => m.senderId !== bob.providerId)) fake.reply(sender.account.id, bob.providerId, 'Happy to talk');
      },
    });
    expect(fake.messagesTo(sender.account.id, ada.providerId).map((m) => m.text)).toEqual(['Thanks Ada!']);
    expect(fake.messagesTo(sender.account.id, bob.providerId)).toEqual([]);
    expect((await status())[urnOf(bob.providerId)]).toBe('REPLIED');

    // Ada answers the follow-up: the next poll of the chats records it
    fake.reply(sender.account.id, ada.providerId, 'Thanks to you');
    await runUntil(server, clock, clock.now() + 3 * HOUR);
    expect(await status()).toMatchObject({ [urnOf(ada.providerId)]: 'REPLIED', [urnOf(bob.providerId)]: 'REPLIED', [urnOf(cy.providerId)]: 'INVITED' });
    // each person got one invitation and at most one message
    expect(fake.invitations.filter((i) => i.accountId === sender.account.id)).toHaveLength(3);
    expect(fake.messages.filter((m) => m.fromAccount && m.senderId === sender.account.owner.providerId)).toHaveLength(1);
    const replies = await db().selectFrom('replies').select(['contact_urn', 'text']).where('workspace_id', '=', ws.id).orderBy('received_at').execute();
    expect(replies).toEqual([{ contact_urn: urnOf(bob.providerId), text: 'Happy to talk' }, { contact_urn: urnOf(ada.providerId), text: 'Thanks to you' }]);
  });
});
