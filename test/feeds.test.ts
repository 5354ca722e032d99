import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../src/shared/clock.js';
import type { Client } from './helpers/client.js';
import { describeEachDialect } from './helpers/dialects.js';
import { walk } from './helpers/leads-expect.js';
import { insertPosts, trackContact, type PostSeed } from './helpers/leads-fixture.js';
import { startServer, type TestServer } from './helpers/server.js';

const BASE = Date.parse('2025-06-01T00:00:00Z');
const H = 3_600_000;
const POST_KEYS = ['id', 'activity_urn', 'type', 'content', 'parent_content', 'author', 'post_url', 'image', 'parent_image', 'shares_num', 'likes_num', 'impressions_num', 'comments_num', 'published_at', 'team_member_id'];

type Sort = 'newest_first' | 'oldest_first' | 'most_viewed_first' | 'least_viewed_first';
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function expected(posts: PostSeed[], sort: Sort, keep: (p: PostSeed) => boolean): string[] {
  const newest = (a: PostSeed, b: PostSeed) => b.published_at - a.published_at || -cmp(a.id, b.id);
  return posts
    .filter(keep)
    .sort((a, b) => {
      if (sort === 'newest_first') return newest(a, b);
      if (sort === 'oldest_first') return a.published_at - b.published_at || cmp(a.id, b.id);
      const x = a.impressions_num ?? null;
      const y = b.impressions_num ?? null;
      if ((x === null) !== (y === null)) return x === null ? 1 : -1;
      if (x !== null && y !== null && x !== y) return sort === 'most_viewed_first' ? y - x : x - y;
      return newest(a, b);
    })
    .map((p) => p.id);
}

describeEachDialect('content feeds', (dialect) => {
  let server: TestServer;
  let client: Client;
  let other: Client;
  let ana: string;
  let bob: string;
  let outsider: string;
  const posts: PostSeed[] = [];
  beforeAll(async () => {
    server = await startServer(dialect, { clock: new ManualClock(Date.parse('2025-06-10T15:00:00Z')), flags: { rateLimit: 100_000 } });
    const db = server.ctx.database.db;
    const ws = await server.newWorkspace(undefined, { members: [{ email: 'ana@acme.test' }, { email: 'bob@acme.test' }] });
    client = ws.client;
    [ana, bob] = ws.members;
    for (let i = 0; i < 60; i++) {
      const mine = i % 3 !== 0;
      posts.push({
        id: `po_${String(i).padStart(3, '0')}`,
        published_at: BASE + (i % 20) * 6 * H, // ties
        impressions_num: i % 4 === 0 ? null : (i * 13) % 7,
        team_member_id: mine ? (i % 2 ? ana : bob) : null,
        author_urn: mine ? null : `urn:c${i % 4}`,
      });
    }
    posts.push({ id: 'po_edge1', published_at: Date.parse('2025-06-03T00:00:00Z'), team_member_id: ana });
    posts.push({ id: 'po_edge2', published_at: Date.parse('2025-06-03T23:59:59Z'), team_member_id: ana });
    await insertPosts(db, ws.id, posts);
    await trackContact(db, ws.id, ana, 'urn:c0');
    await trackContact(db, ws.id, bob, 'urn:c0');
    await trackContact(db, ws.id, bob, 'urn:c2');
    const ws2 = await server.newWorkspace(undefined, { members: [{ email: 'eve@other.test' }] });
    other = ws2.client;
    outsider = ws2.members[0];
    await insertPosts(db, ws2.id, [{ id: 'po_000', published_at: BASE, team_member_id: outsider }]);
  });
  afterAll(() => server.close());

  const team = (p: PostSeed) => p.team_member_id != null;
  const tracked = (urns: string[]) => (p: PostSeed) => p.author_urn != null && urns.includes(p.author_urn);

  it('walks both feeds in every order, exactly once, default page size 15', async () => {
    for (const sort_by of ['newest_first', 'oldest_first', 'most_viewed_first', 'least_viewed_first'] as const) {
      const t = await walk(client, '/v2/content/team/feed', { sort_by });
      expect(t.ids, sort_by).toEqual(expected(posts, sort_by, team));
      expect(t.pages).toBe(Math.ceil(t.ids.length / 15));
      expect(t.totals.every((n) => n === t.ids.length)).toBe(true);
      const tr = await walk(client, '/v2/content/tracked-contacts/feed', { sort_by, limit: '4' });
      expect(tr.ids, sort_by).toEqual(expected(posts, sort_by, tracked(['urn:c0', 'urn:c2'])));
    }
    const first = await client.get('/v2/content/team/feed?limit=1');
    expect(Object.keys(first.body)).toEqual(['total', 'items', 'has_more', 'cursor']);
    expect(Object.keys(first.body.items[0])).toEqual(POST_KEYS);
  });

  it('filters by team member and by dates (inclusive), days overriding dates', async () => {
    const mine = await walk(client, '/v2/content/team/feed', { team_member_id: ana, limit: '5' });
    expect(mine.ids).toEqual(expected(posts, 'newest_first', (p) => p.team_member_id === ana));
    const anaTracks = await walk(client, '/v2/content/tracked-contacts/feed', { team_member_id: ana });
    expect(anaTracks.ids).toEqual(expected(posts, 'newest_first', tracked(['urn:c0'])));
    const day = await walk(client, '/v2/content/team/feed', { start_date: '2025-06-03', end_date: '2025-06-03' });
    const from = Date.parse('2025-06-03T00:00:00Z');
    expect(day.ids).toEqual(expected(posts, 'newest_first', (p) => team(p) && p.published_at >= from && p.published_at < from + 86_400_000));
    expect(day.ids).toEqual(expect.arrayContaining(['po_edge1', 'po_edge2']));
    // now = 2025-06-10T15:00Z, days=5 -> from 2025-06-05T00:00Z.
    const days = await walk(client, '/v2/content/team/feed', { days: '5', end_date: '2025-06-01' });
    expect(days.ids).toEqual(expected(posts, 'newest_first', (p) => team(p) && p.published_at >= Date.parse('2025-06-05T00:00:00Z')));
  });

  // A date range under a views sort is read as a range and sorted (docs/leads-cold.md, feeds), its
  // total from the per-day counters; a range that can match nothing reads no page at all.
  it('walks date ranges in both views orders, with and without a member; empty ranges answer 0', async () => {
    const from = Date.parse('2025-06-02T00:00:00Z');
    const to = Date.parse('2025-06-04T00:00:00Z');
    const inRange = (p: PostSeed) => p.published_at >= from && p.published_at < to;
    for (const sort_by of ['most_viewed_first', 'least_viewed_first'] as const) {
      const query = { sort_by, start_date: '2025-06-02', end_date: '2025-06-03', limit: '3' };
      const t = await walk(client, '/v2/content/team/feed', query);
      expect(t.ids, sort_by).toEqual(expected(posts, sort_by, (p) => team(p) && inRange(p)));
      expect(t.totals.every((n) => n === t.ids.length)).toBe(true);
      const mine = await walk(client, '/v2/content/team/feed', { ...query, team_member_id: bob });
      expect(mine.ids, sort_by).toEqual(expected(posts, sort_by, (p) => p.team_member_id === bob && inRange(p)));
      const tr = await walk(client, '/v2/content/tracked-contacts/feed', { ...query, team_member_id: bob });
      expect(tr.ids, sort_by).toEqual(expected(posts, sort_by, (p) => tracked(['urn:c0', 'urn:c2'])(p) && inRange(p)));
      expect(tr.totals.every((n) => n === tr.ids.length)).toBe(true);
    }
    for (const path of ['/v2/content/team/feed', '/v2/content/tracked-contacts/feed']) {
      for (const q of ['start_date=2025-06-04&end_date=2025-06-02', 'start_date=2026-01-01&sort_by=most_viewed_first']) {
        const res = await client.get(`${path}?${q}`);
        expect(res.status, q).toBe(200);
        expect(res.body, q).toEqual({ total: 0, items: [], has_more: false, cursor: null });
      }
    }
  });

  it('rejects an unknown or foreign team_member_id with 400, and bad input with 422', async () => {
    for (const id of ['tm_nope', outsider]) {
      for (const path of ['/v2/content/team/feed', '/v2/content/tracked-contacts/feed']) {
        const res = await client.get(`${path}?team_member_id=${id}`);
        expect(res.status).toBe(400);
        expect(res.text).toBe('{"detail":"Invalid team_member_id"}');
      }
    }
    const foreign = await other.get('/v2/content/team/feed');
    expect(foreign.body.items.map((p: any) => p.id)).toEqual(['po_000']);
    expect((await client.get('/v2/content/team/feed?limit=51')).body.detail[0]).toMatchObject({ type: 'less_than_equal', loc: ['query', 'limit'] });
    expect((await client.get('/v2/content/team/feed?sort_by=newest')).body.detail[0]).toMatchObject({ type: 'enum', loc: ['query', 'sort_by'] });
  });

  it('binds cursors to feed, sort, filters and workspace', async () => {
    const first = await client.get('/v2/content/team/feed?limit=2');
    const cursor = first.body.cursor as string;
    expect((await client.get(`/v2/content/team/feed?limit=2&cursor=${cursor}`)).status).toBe(200);
    for (const res of [
      await client.get(`/v2/content/tracked-contacts/feed?limit=2&cursor=${cursor}`),
      await client.get(`/v2/content/team/feed?sort_by=oldest_first&cursor=${cursor}`),
      await client.get(`/v2/content/team/feed?team_member_id=${ana}&cursor=${cursor}`),
      await client.get(`/v2/leads?cursor=${cursor}`),
      await other.get(`/v2/content/team/feed?cursor=${cursor}`),
      await client.get('/v2/content/team/feed?cursor=garbage'),
    ]) {
      expect(res.status).toBe(400);
      expect(res.text).toBe('{"detail":"Invalid cursor"}');
    }
  });
});
