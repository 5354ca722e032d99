// GET /v2/leads `total` from the counters (src/leads/lead-counts.ts): a date range is summed from
// day, 16-day and 256-day blocks and must equal a count of the leads for any range — edges inside
// blocks, ranges of one day, of years, open-ended, before 1970 — with status and email filters; a
// company or a post without dates from their own counters, with dates from their index. The
// counters a migration from the per-day table builds equal those the writes keep.
import { Migrator } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { ManualClock } from '../src/shared/clock.js';
import type { Client } from './helpers/client.js';
import { describeEachDialect } from './helpers/dialects.js';
import { countsKeptAndRebuilt } from './helpers/ingestion-fixtures.js';
import { DAY } from './helpers/leads-expect.js';
import { insertCompany, insertLeads, type LeadSeed } from './helpers/leads-fixture.js';
import { startServer, type TestServer } from './helpers/server.js';
import { useTestSeed } from './helpers/test-seed.js';

const { prng } = useTestSeed('lead-totals.test.ts');

const NOW = Date.parse('2025-05-01T12:00:00Z');
/** The leads' first day: 1969-06-24, so blocks before 1970 (negative day numbers) are counted too. */
const FIRST_DAY = -191;
const DAYS = 1300;
const STATUSES = ['NEW', 'QUALIFIED', 'DISQUALIFIED', 'DISCARDED'];
const iso = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

function seeds(): LeadSeed[] {
  // A post whose first and last leads are at midnight exactly: a range ending the day before its
  // last lead ends at that lead's creation time, and must not hold it.
  const edge = (id: string, day: number, status: string): LeadSeed => ({ id, created_at: day * DAY, status, contact_email: null, company_id: null, source_post_id: 'post_edge' });
  return [edge('ld_edge_1', 100, 'NEW'), edge('ld_edge_2', 150, 'QUALIFIED'), edge('ld_edge_3', 201, 'QUALIFIED'), ...Array.from({ length: 700 }, (_, i) => ({
    id: `ld_${String(i).padStart(4, '0')}`,
    // Clustered days (several leads on one day) and times of day, some at midnight exactly.
    created_at: (FIRST_DAY + prng.int(0, DAYS - 1)) * DAY + prng.pick([0, 1, 43_200_000, DAY - 1]),
    status: prng.pick(STATUSES),
    contact_email: prng.chance(0.35) ? `l${i}@mail.test` : null,
    company_id: prng.pick([77, 78, 78, null]),
    source_post_id: prng.pick(['post_a', 'post_b', null]),
  }))];
}

type Query = { start?: number; end?: number; status?: string; email?: boolean; company?: number; post?: string };
const expectedTotal = (data: LeadSeed[], q: Query) =>
  data.filter((l) =>
    l.status !== 'DISCARDED' &&
    (q.start === undefined || l.created_at >= q.start * DAY) &&
    (q.end === undefined || l.created_at < (q.end + 1) * DAY) &&
    (q.status === undefined || l.status === q.status) &&
    (q.email === undefined || (l.contact_email !== null) === q.email) &&
    (q.company === undefined || l.company_id === q.company) &&
    (q.post === undefined || l.source_post_id === q.post),
  ).length;

describeEachDialect('GET /v2/leads: totals from the counters', (dialect) => {
  let server: TestServer;
  let client: Client;
  let workspaceId: string;
  const data = seeds();
  beforeAll(async () => {
    server = await startServer(dialect, { clock: new ManualClock(NOW), flags: { rateLimit: 100_000 } });
    const ws = await server.newWorkspace();
    client = ws.client;
    workspaceId = ws.id;
    await insertCompany(server.ctx.database.db, ws.id, { id: 77, slug: 'acme' });
    await insertCompany(server.ctx.database.db, ws.id, { id: 78, slug: 'globex' });
    await insertLeads(server.ctx.database.db, ws.id, data);
  });
  afterAll(() => server?.close());

  const params = (q: Query) => ({
    ...(q.start === undefined ? {} : { start_date: iso(q.start) }),
    ...(q.end === undefined ? {} : { end_date: iso(q.end) }),
    ...(q.status === undefined ? {} : { status: q.status }),
    ...(q.email === undefined ? {} : { email_enriched: String(q.email) }),
    ...(q.company === undefined ? {} : { company_public_id: q.company === 77 ? 'acme' : 'globex' }),
    ...(q.post === undefined ? {} : { post_id: q.post }),
  });
  async function totalOf(q: Query): Promise<number> {
    const res = await client.get(`/v2/leads?${new URLSearchParams({ ...params(q), limit: '1' })}`);
    expect(res.status, JSON.stringify(q)).toBe(200);
    return res.body.total;
  }
  async function expectTotals(queries: Query[]) {
    const got = await Promise.all(queries.map(async (q) => [JSON.stringify(q), await totalOf(q)]));
    expect(Object.fromEntries(got)).toEqual(Object.fromEntries(queries.map((q) => [JSON.stringify(q), expectedTotal(data, q)])));
  }

  it('equal a count of the leads for any date range, with status and email filters', async () => {
    const last = FIRST_DAY + DAYS - 1;
    const queries: Query[] = [
      { start: -100, end: -40 }, // before 1970 only
      { start: -5, end: 3 }, // across 1970-01-01
      { start: 0, end: 255 }, // one whole 256-day block
      { start: 16, end: 16 }, // one day on a block's edge
      { start: FIRST_DAY - 400, end: last + 400 }, // wider than the data
      { start: 300 },
      { end: 300 },
      { start: 255, end: 768, status: 'QUALIFIED', email: true },
    ];
    for (let i = 0; i < 60; i++) {
      const a = prng.int(FIRST_DAY - 20, last + 20);
      const b = prng.int(a, Math.min(a + prng.pick([3, 40, 400, 2000]), last + 20));
      queries.push({ start: a, end: b, ...prng.pick([{}, { status: prng.pick(['NEW', 'QUALIFIED', 'DISQUALIFIED']) }, { email: prng.chance(0.5) }]) });
    }
    await expectTotals(queries);
  });

  it('of a company or a post equal a count of its leads, with and without dates', async () => {
    await expectTotals([
      { company: 77 }, { company: 78, status: 'NEW' }, { company: 78, email: false }, { post: 'post_a' }, { post: 'post_b', status: 'QUALIFIED', email: true },
      { company: 77, start: 100, end: 600 }, { post: 'post_a', start: -50, end: 50 }, { company: 78, post: 'post_b' },
      // With dates and an email filter: counted over the count index's own email column on SQLite (migration 0088).
      { company: 78, start: 100, end: 600, email: false }, { company: 77, start: -50, email: true, status: 'NEW' },
      { post: 'post_a', start: -50, end: 50, email: true }, { post: 'post_b', end: 300, email: false }, { company: 77, post: 'post_a', email: true },
      // A company with a post: counted over the post's count index, which holds the company (migration 0091).
      { company: 78, post: 'post_b', start: 100, end: 600, status: 'NEW' }, { company: 77, post: 'post_b', end: 300, email: false }, { company: 78, post: 'post_a', start: -50 },
    ]);
  });

  // A range that holds all of a company's or a post's leads (discarded ones too) is answered from
  // its counters, one that leaves out its first or last day by counting its index: both sides of
  // each edge, day by day.
  it('of a company or a post whose range holds all its leads, or all but its first or last day', async () => {
    const dayOf = (l: LeadSeed) => Math.floor(l.created_at / DAY);
    const queries: Query[] = [];
    for (const group of [{ company: 77 }, { company: 78 }, { post: 'post_a' }, { post: 'post_b' }, { post: 'post_edge' }] as Query[]) {
      const days = data.filter((l) => (group.company === undefined || l.company_id === group.company) && (group.post === undefined || l.source_post_id === group.post)).map(dayOf);
      const first = Math.min(...days);
      const last = Math.max(...days);
      queries.push(
        { ...group, start: first }, { ...group, start: first + 1 }, { ...group, end: last }, { ...group, end: last - 1 },
        { ...group, start: first - 30, end: last + 30, status: 'QUALIFIED' }, { ...group, start: first, end: last, email: true }, { ...group, start: first + 1, end: last, email: false },
      );
    }
    await expectTotals(queries);
  });

  it('made by the migration from the per-day counters equal those the writes keep', async () => {
    const db = server.ctx.database.db;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0083_tracked_feed_counts')).results?.map((m) => [m.migrationName, m.status])).toEqual([['0106_post_engagement_reads', 'Success'], ['0104_console_saved_views', 'Success'], ['0103_lead_search', 'Success'], ['0101_do_not_process', 'Success'], ['0100_enrichment_results', 'Success'], ['0097_crm', 'Success'], ['0095_activity_log', 'Success'], ['0094_idempotency_keys', 'Success'], ['0093_network_budgets', 'Success'], ['0092_bucket_email_partial', 'Success'], ['0091_post_indexes_with_company', 'Success'], ['0090_group_count_email_partial', 'Success'], ['0089_filter_statistics', 'Success'], ['0088_group_count_email', 'Success'], ['0087_compact_company_json', 'Success'], ['0086_group_indexes_with_dates', 'Success'], ['0085_list_kept_json', 'Success'], ['0084_lead_count_levels', 'Success']]);
    await migrateToLatest(db);
    const { kept, rebuilt } = await countsKeptAndRebuilt(db, workspaceId);
    expect(kept).toEqual(rebuilt);
    await expectTotals([{}, { start: -5, end: 3 }, { start: 0, end: 1000, status: 'NEW' }, { company: 78 }, { post: 'post_b' }, { company: 78, post: 'post_b', email: true }]);
  });
});
