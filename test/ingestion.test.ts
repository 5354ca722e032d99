// Ingestion: a sync folds the sandbox's engagement into leads, exactly once, with the fields,
// history, score and exact totals the API shows; expectations are computed from the sandbox's
// own answers, not copied from output.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { syncNextDueMember } from '../src/ingestion/ingestion.engine.js';
import { DEFAULT_SYNC_SCHEDULE } from '../src/ingestion/sync-schedule.js';
import { SYNC_WINDOW_MS } from '../src/ingestion/sync.js';
import { scoreEvents, type ScoredEvent } from '../src/ingestion/scoring.js';
import { createLogger } from '../src/context.js';
import { ManualClock } from '../src/shared/clock.js';
import { describeEachDialect } from './helpers/dialects.js';
import { sandboxOf } from './helpers/networking-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

const START = Date.parse('2025-06-01T09:00:00Z');
const log = createLogger('silent');

describeEachDialect('ingestion: engagement folded into leads', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(START);
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());

  const deps = () => ({ db: server.ctx.database.db, clock, networks: server.ctx.networks.resolve, schedule: DEFAULT_SYNC_SCHEDULE });
  const never = new AbortController().signal;

  /** What the sandbox says happened on the member's posts, per engager. */
  async function expectedEngagement(workspaceId: string, memberId: string) {
    const net = sandboxOf(server);
    const posts = await net.listMemberPosts({ workspaceId, teamMemberId: memberId }, clock.now() - SYNC_WINDOW_MS);
    const byPerson = new Map<string, (ScoredEvent & { postId: string; url: string })[]>();
    for (const p of posts) {
      for (const e of await net.listPostEngagement({ workspaceId, teamMemberId: memberId }, p.id)) {
        const list = byPerson.get(e.contactUrn) ?? [];
        list.push({ kind: e.kind, at: e.at, postId: p.id, url: p.url! });
        byPerson.set(e.contactUrn, list);
      }
    }
    for (const list of byPerson.values()) list.sort((a, b) => a.at - b.at);
    return byPerson;
  }

  async function allLeads(client: TestServer['client']) {
    const items: any[] = [];
    let cursor: string | null = null;
    let total = 0;
    do {
      const res: any = await client.get(`/v2/leads?limit=50${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      items.push(...res.body.items);
      total = res.body.total;
      cursor = res.body.cursor ?? null;
    } while (cursor);
    return { items, total };
  }

  it('creates one lead per engager with the fields, history and score of its events', async () => {
    // Fixed ids: the sandbox derives a member's posts and their engagers from them, and a random
    // member now and then had three engagers or fewer (seen once in CI), too few to compare.
    const ws = await server.newWorkspace(undefined, { id: 'ws_fold_fixture', connected: true, members: [{ id: 'tm_fold_seller', email: 'seller@acme.test' }] });
    const member = ws.members[0];
    const result = await syncNextDueMember(deps(), never, log, { workspaceId: ws.id });
    expect(result?.posts).toBeGreaterThan(0);
    const expected = await expectedEngagement(ws.id, member);
    expect(expected.size).toBeGreaterThan(3);

    const { items, total } = await allLeads(ws.client);
    expect(total).toBe(expected.size);
    expect(items).toHaveLength(expected.size);
    const rows = await server.ctx.database.db.selectFrom('leads').select(['id', 'contact_urn']).where('workspace_id', '=', ws.id).execute();
    const urnOf = new Map(rows.map((r) => [r.id, r.contact_urn!]));
    for (const lead of items) {
      const events = expected.get(urnOf.get(lead.id)!)!;
      expect(events).toBeDefined();
      const first = events[0]!;
      expect(lead.status).toBe('NEW');
      expect(lead.source).toBe({ LIKE: 'POST_LIKE', COMMENT: 'POST_COMMENT', SHARE: 'POST_REPOST' }[first.kind]);
      expect(lead.source_content_url).toBe(first.url);
      expect(lead.team_member_email).toBe('seller@acme.test');
      expect(lead.engagement_events_count).toBe(events.length);
      expect(lead.history).toHaveLength(events.length);
      expect(lead.history[0].description).toMatch(/^(Reacted to|Commented on|Reposted) "Notes on /);
      expect(Date.parse(lead.last_engagement_dt)).toBe(events[events.length - 1]!.at);
      expect(lead.engagement_score).toBe(scoreEvents(events, clock.now()));
      expect(lead.company).not.toBeNull();
      expect(lead.job_title).toEqual(expect.any(String));
    }
  });

  it("never makes leads of colleagues' engagement, even before a colleague's own first sync", async () => {
    // Fixed ids, as above: with random ones the synced member's posts now and then drew no
    // colleague's engagement at all (seen once in CI), and the test then proved nothing.
    const ids = ['tm_team_ana', 'tm_team_bo', 'tm_team_cy'];
    const ws = await server.newWorkspace(undefined, { id: 'ws_team_fixture', connected: true, members: ids.map((id) => ({ id, email: `${id}@acme.test` })) });
    const { members } = ws;
    await syncNextDueMember(deps(), never, log, { workspaceId: ws.id });
    const db = server.ctx.database.db;
    const synced = await db.selectFrom('member_syncs').select('team_member_id').where('workspace_id', '=', ws.id).where('last_synced_at', 'is not', null).execute();
    expect(synced).toHaveLength(1);
    const net = sandboxOf(server);
    const teamUrns = new Set(await Promise.all(members.map((teamMemberId) => net.findAccountUrn({ workspaceId: ws.id, teamMemberId }))));
    const engagers = [...(await expectedEngagement(ws.id, synced[0]!.team_member_id)).keys()];
    const colleagues = engagers.filter((urn) => teamUrns.has(urn));
    expect(colleagues.length).toBeGreaterThan(0); // the sandbox's colleagues did engage

    const { total } = await allLeads(ws.client);
    expect(total).toBe(engagers.length - colleagues.length);
    const leadUrns = await db.selectFrom('leads').select('contact_urn').where('workspace_id', '=', ws.id).execute();
    expect(leadUrns.filter((l) => teamUrns.has(l.contact_urn!))).toEqual([]);
  });

  it('folds the same events only once (a second sync changes no count)', async () => {
    const ws = await server.newWorkspace(undefined, { members: 1, connected: true });
    const member = ws.members[0];
    await syncNextDueMember(deps(), never, log, { workspaceId: ws.id });
    const first = await allLeads(ws.client);
    const db = server.ctx.database.db;
    const events = async () => (await db.selectFrom('engagement_events').select('id').where('workspace_id', '=', ws.id).execute()).length;
    const eventCount = await events();
    // Due again: the same engagement comes back from the network.
    await db.updateTable('member_syncs').set({ next_sync_at: 0 }).where('team_member_id', '=', member).execute();
    const again = await syncNextDueMember(deps(), never, log, { workspaceId: ws.id });
    expect(again?.events).toBe(0);
    const second = await allLeads(ws.client);
    expect(second.total).toBe(first.total);
    expect(await events()).toBe(eventCount);
    const counts = (items: any[]) => Object.fromEntries(items.map((l) => [l.id, [l.engagement_events_count, l.history.length]]));
    expect(counts(second.items)).toEqual(counts(first.items));
  });
});
