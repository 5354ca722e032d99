// Query plans of both feeds, on each dialect, for every feed × filter × sort × walk step
// (src/content/feed-plans.ts): never a scan of posts; each page reads the one index its plan names
// (the team feed's or the tracked feed's partial index for the sort, a member's own, or the
// published_at index for a range small enough to sort) and sorts nothing else. Both databases get
// the same posts and fresh statistics first (plans on empty tables say little).
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { explainFeedQueries, type FeedPlanCase } from '../src/content/feed-plans.js';
import { RANGE_ROWS } from '../src/content/feed.repository.js';
import { connectDb, type DbHandle } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import { insertPosts, trackContact } from './helpers/leads-fixture.js';
import { planWords } from './helpers/plan-words.js';

const WORDS = planWords('posts');
/** PostgreSQL's sort of the rows an index gives in order of the leading key: it sorts only the ties of that key. */
const incremental = (l: string) => /Incremental Sort/.test(l);
const MEMBERS = 10;
/** A bound no sort step of a sort plan may exceed on PostgreSQL: a small share of the 10,000 team posts. */
const FEW_ROWS = 100;

describeEachDialect('feed query plans', (dialect) => {
  let database: TestDatabase;
  let handle: DbHandle;
  let cases: FeedPlanCase[];
  const words = WORDS[dialect];
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = connectDb(database.target);
    const db = handle.db;
    await migrateToLatest(db);
    await db.insertInto('workspaces').values({ id: 'ws_plan', name: 'plan', created_at: 0 }).execute();
    await db.insertInto('team_members').values(Array.from({ length: MEMBERS }, (_, m) => ({
      workspace_id: 'ws_plan', id: `tm_${m}`, email: `m${m}@plan.test`, first_name: null, last_name: null, is_active_seat: 1, integration_status: 'CONNECTED',
      network_username: null, profile_views_count: null, followers_count: null, last_network_update: null, profile_picture: null, time_zone: 'UTC', created_at: 0,
    }))).execute();
    for (let a = 0; a < 100; a++) await trackContact(db, 'ws_plan', `tm_${a % MEMBERS}`, `urn:a${a}`);
    // PostgreSQL costs a small table as one page and would scan it: it gets enough posts to plan as at scale.
    const n = dialect === 'postgres' ? 20_000 : 4000;
    for (let start = 0; start < n; start += 500) {
      await insertPosts(db, 'ws_plan', Array.from({ length: 500 }, (_, k) => {
        const i = start + k;
        return {
          id: `p_${i}`, published_at: Date.UTC(2025, 0, 1) + i * 1_800_000, impressions_num: i % 5 ? (i * 31) % 1000 : null,
          team_member_id: i % 2 ? `tm_${(i >> 1) % MEMBERS}` : null, author_urn: i % 2 ? null : `urn:a${(i >> 1) % 120}`,
        };
      }));
    }
    if (dialect === 'postgres') await sql`analyze`.execute(db);
    cases = await explainFeedQueries(db, dialect, 'ws_plan', 'tm_3');
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('never scans the posts table', () => {
    expect(cases.length).toBeGreaterThan(150);
    for (const c of cases) {
      const label = `${c.kind} ${c.sort} ${c.filter} ${c.step}: ${c.plan.join(' / ')}`;
      expect(c.plan.some(words.scansTable), label).toBe(false);
      expect(c.plan.some(words.usesAnIndex), label).toBe(true);
    }
  });

  it('reads each combination from the index its plan names', () => {
    expect([...new Set(cases.map((c) => c.plan_kind))].sort()).toEqual(['range', 'sort']);
    for (const c of cases) {
      // PostgreSQL plans by cost: a member's date range may be read from the team's range of those
      // dates (bounded by the range) when its statistics say that range is the smaller read; and a
      // plan with a (bounded, below) sort step may read another index of the same feed.
      const family = c.indexes[0]!.replace(/_(published|views|views_asc)$/, '_');
      let indexes = c.indexes;
      if (dialect === 'postgres' && c.kind === 'team' && c.filter.startsWith('member+')) indexes = [...indexes, 'posts_team_published'];
      if (dialect === 'postgres' && (words.sortedRows(c.plan) > 0 || c.plan.some(incremental))) indexes = [...indexes, family];
      expect(c.plan.some((l) => indexes.some((index) => words.usesIndex(l, index))), `${c.kind} ${c.sort} ${c.filter} ${c.step} wants ${indexes.join(' or ')}: ${c.plan.join(' / ')}`).toBe(true);
    }
  });

  // A sort plan reads its index in order and sorts nothing; a range plan sorts its range, which the
  // counters said holds at most RANGE_ROWS posts. PostgreSQL plans by cost: where a cursor leaves
  // few rows (the end of a walk) it may read them as a bitmap and sort them (≤ FEW_ROWS by its
  // estimate), and it may sort the ties of the leading key (an incremental sort).
  it('sorts nothing but a small range', () => {
    for (const c of cases) {
      const label = `${c.kind} ${c.sort} ${c.filter} ${c.step}: ${c.plan.join(' / ')}`;
      const sorted = c.plan.some(incremental) ? 0 : words.sortedRows(c.plan);
      if (c.plan_kind === 'sort') expect(sorted, label).toBeLessThanOrEqual(dialect === 'postgres' ? FEW_ROWS : 0);
      else expect(dialect === 'sqlite' || sorted <= RANGE_ROWS, label).toBe(true);
    }
  });

  // A sort plan's page past a position seeks the index to it, by the row value of its keys
  // (src/db/keyset.ts), also when the range's edge on that side is farther (a range walked newest
  // first). least_viewed_first turns (views asc, then newest): only its views bound the index read.
  it('starts a sort plan\'s page after a position at that position in the index', () => {
    const after = cases.filter((c) => c.plan_kind === 'sort' && c.step === 'after a key' && c.sort !== 'least_viewed_first');
    expect(after.length).toBeGreaterThan(20);
    for (const c of after) {
      const label = `${c.kind} ${c.sort} ${c.filter}: ${c.plan.join(' / ')}`;
      // PostgreSQL's few rows read as a bitmap and sorted (above): no seek to speak of.
      if (dialect === 'postgres' && (words.sortedRows(c.plan) > 0 || c.plan.some(incremental))) continue;
      expect(c.plan.some((l) => c.indexes.some((index) => words.seeksPosition(l, index))), label).toBe(true);
    }
  });
});
