// A date range sorted by touch or engagement is read from 16-day created_at buckets and merged
// (src/leads/leads-page.query.ts): walks over ranges that start and end inside buckets, span many
// buckets, or fall outside every lead give each matching lead exactly once, in order, nulls last,
// with exact totals; reversed and future ranges are empty. The touch dates follow the creation
// dates (as in real data), so a walk that skipped leads outside the range would also be slow.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../src/shared/clock.js';
import type { Client } from './helpers/client.js';
import { describeEachDialect } from './helpers/dialects.js';
import { DAY, expectedIds, walk, type ExpectQuery } from './helpers/leads-expect.js';
import { insertCompany, insertLeads, type LeadSeed } from './helpers/leads-fixture.js';
import { startServer, type TestServer } from './helpers/server.js';
import { StatementCounter } from './helpers/statement-counter.js';

const BASE = Date.parse('2025-01-01T00:00:00Z');
const NOW = Date.parse('2025-05-01T12:00:00Z');
const STATUSES = ['NEW', 'QUALIFIED', 'DISQUALIFIED', 'NEW', 'DISCARDED'];
const SORTS = ['last_touch_first', 'last_touch_last', 'most_engaged_first', 'least_engaged_first'];
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function seeds(): LeadSeed[] {
  // 300 leads over 110 days (7 or 8 buckets), touched 0–9 days after creation, scores with ties and nulls.
  return Array.from({ length: 300 }, (_, i) => {
    const created = BASE + Math.floor((i * 37) % 110) * DAY + (i % 24) * 3_600_000;
    return {
      id: `ld_${String(i).padStart(4, '0')}`,
      created_at: created,
      status: STATUSES[i % 5]!,
      engagement_score: i % 6 === 0 ? null : (i * 13) % 17,
      last_engagement_dt: i % 4 === 0 ? null : created + (i % 10) * DAY,
      contact_email: i % 3 === 0 ? `l${i}@mail.test` : null,
    };
  });
}

describeEachDialect('GET /v2/leads: date ranges sorted by touch or engagement', (dialect) => {
  let server: TestServer;
  let client: Client;
  const data = seeds();
  const statements = new StatementCounter();
  beforeAll(async () => {
    server = await startServer(dialect, { clock: new ManualClock(NOW), flags: { rateLimit: 100_000 }, dbPlugins: [statements] });
    const ws = await server.newWorkspace();
    client = ws.client;
    await insertLeads(server.ctx.database.db, ws.id, data);
  });
  afterAll(() => server.close());

  const day = (n: number) => BASE + n * DAY;

  /** A workspace of `n` leads created on `createdOf(i)` (plus an hour of the day), every `nullEvery`-th without a score or a touch, touched up to `touchDays` after. */
  async function workspaceOf(name: string, prefix: string, n: number, createdOf: (i: number) => number, scoreOf: (i: number) => number, nullEvery: number, touchDays: number) {
    const ws = await server.newWorkspace(name);
    const leads: LeadSeed[] = Array.from({ length: n }, (_, i) => {
      const created = createdOf(i) + (i % 24) * 3_600_000;
      return {
        id: `${prefix}_${String(i).padStart(4, '0')}`,
        created_at: created,
        status: STATUSES[i % 5]!,
        engagement_score: i % nullEvery === 0 ? null : scoreOf(i),
        last_engagement_dt: i % 4 === 0 ? null : created + (i % touchDays) * DAY,
      };
    });
    await insertLeads(server.ctx.database.db, ws.id, leads);
    return { client: ws.client, data: leads };
  }

  /** Walks `params` in every touch and engagement order: each matching lead once, in order, with exact totals. */
  async function walksEverySort(on: Client, data: LeadSeed[], params: Record<string, string>, q: { start?: number; endExclusive?: number; status?: string }, limit: string) {
    for (const sort_by of SORTS) {
      const label = `${JSON.stringify(params)} ${sort_by} ${limit}`;
      const expected = expectedIds(data, { ...q, sort_by });
      expect(expected.length, label).toBeGreaterThan(0);
      const { ids, totals } = await walk(on, '/v2/leads', { ...params, sort_by, limit });
      expect(ids, label).toEqual(expected);
      expect(new Set(totals), label).toEqual(new Set([expected.length]));
    }
  }
  // Each statement is a round trip (PostgreSQL) or a message to the reading thread (SQLite): the key
  // with its workspace's data version, the workspace's first and last lead (which bound the range's
  // buckets) in one, the page, the total.
  it('reads a page of a range in four statements', async () => {
    for (const sort_by of SORTS) {
      const url = `/v2/leads?start_date=${iso(day(5))}&end_date=${iso(day(97))}&sort_by=${sort_by}&limit=5`;
      let body: { items: unknown[] } | undefined;
      expect(await statements.during(async () => (body = (await client.get(url)).body)), sort_by).toBe(4);
      expect(body!.items, sort_by).toHaveLength(5);
    }
  });

  const ranges: [string, Record<string, string>, { start?: number; endExclusive?: number }][] = [
    ['inside one bucket', { start_date: iso(day(3)), end_date: iso(day(9)) }, { start: day(3), endExclusive: day(10) }],
    ['across many buckets, edges inside buckets', { start_date: iso(day(5)), end_date: iso(day(97)) }, { start: day(5), endExclusive: day(98) }],
    ['start only', { start_date: iso(day(40)) }, { start: day(40) }],
    ['end only', { end_date: iso(day(60)) }, { endExclusive: day(61) }],
    ['wider than the data', { start_date: '2024-06-01', end_date: '2025-12-31' }, {}],
  ];

  it('walks each range in every touch and engagement order, each lead once, with exact totals', async () => {
    const extras: Record<string, string>[] = [{}, { status: 'QUALIFIED' }, { status: 'NEW', email_enriched: 'false' }];
    let n = 0;
    for (const [name, params, q] of ranges) {
      for (const sort_by of SORTS) {
        // Every range × sort, each with one of the extra filters in turn (the whole product would be slow).
        for (const extra of [extras[n++ % extras.length]!]) {
          const label = `${name} ${sort_by} ${JSON.stringify(extra)}`;
          const expected = expectedIds(data, {
            ...q, sort_by, status: extra.status, email_enriched: extra.email_enriched === undefined ? undefined : extra.email_enriched === 'true',
          });
          expect(expected.length, label).toBeGreaterThan(0);
          const { ids, totals } = await walk(client, '/v2/leads', { ...params, ...extra, sort_by, limit: '12' });
          expect(ids, label).toEqual(expected);
          expect(new Set(totals), label).toEqual(new Set([expected.length]));
        }
      }
    }
  });

  it('a days window is a range like the others', async () => {
    // Now is 2025-05-01T12:00Z: days=30 starts at 2025-04-01T00:00Z (day 90).
    const { ids, totals } = await walk(client, '/v2/leads', { days: '30', sort_by: 'most_engaged_first', limit: '5' });
    expect(ids).toEqual(expectedIds(data, { start: day(90), sort_by: 'most_engaged_first' }));
    expect(totals[0]).toBe(ids.length);
  });

  it('walks ranges before and across 1970-01-01, where the buckets are those of integer division', async () => {
    // The index's bucket is created_at / 16 days in SQL, which truncates towards zero: bucket 0
    // holds the 16 days before 1970 as well as the 16 after, and bucket -1 the 16 days before those.
    const { client: epochClient, data: epoch } = await workspaceOf('Before 1970', 'ep', 120, (i) => (-60 + ((i * 7) % 90)) * DAY, (i) => (i * 13) % 17, 6, 10);
    const cases: [Record<string, string>, { start?: number; endExclusive?: number }][] = [
      [{ start_date: '1969-12-20', end_date: '1969-12-31' }, { start: -12 * DAY, endExclusive: 0 }],
      [{ start_date: '1969-11-20', end_date: '1969-12-31' }, { start: -42 * DAY, endExclusive: 0 }],
      [{ end_date: '1969-12-25' }, { endExclusive: -6 * DAY }],
      [{ start_date: '1969-12-10', end_date: '1970-01-20' }, { start: -22 * DAY, endExclusive: 20 * DAY }],
    ];
    for (const [params, q] of cases) await walksEverySort(epochClient, epoch, params, q, '7');
  });

  it('walks ranges of many buckets (two years, and a year with a status), scores with many ties and nulls', async () => {
    // 46 buckets: each page is a union of 46 runs (23 for the year), one compiled run's text
    // rebound per bucket (db/precompiled.ts); touch dates follow creation dates.
    const start = BASE - 730 * DAY;
    const { client: yearsClient, data: years } = await workspaceOf('Two years', 'yr', 400, (i) => start + ((i * 389) % 730) * DAY, (i) => (i * 7) % 23, 5, 30);
    const cases: [Record<string, string>, { start?: number; endExclusive?: number }, Record<string, string>, string][] = [
      [{ start_date: iso(start) }, { start }, {}, '15'],
      [{ start_date: iso(start + 100 * DAY), end_date: iso(start + 464 * DAY) }, { start: start + 100 * DAY, endExclusive: start + 465 * DAY }, { status: 'QUALIFIED' }, '6'],
    ];
    for (const [params, q, extra, limit] of cases) await walksEverySort(yearsClient, years, { ...params, ...extra }, { ...q, status: extra.status }, limit);
  });

  it("walks a company's and a post's leads in a date range, and a company's with a post's, in every order, each lead once, with exact totals", async () => {
    // Two companies share a handle (a company_public_id matching two); the ranges keep a small part
    // of each company's and post's leads, or none, so a page that skipped the others one by one
    // would still be right: what is checked here is the answer, the index read is the plan test's.
    const ws = await server.newWorkspace('Groups with dates');
    for (const [id, slug] of [[1, 'acme'], [2, 'acme'], [3, 'globex']] as const) await insertCompany(server.ctx.database.db, ws.id, { id, slug });
    const leads: LeadSeed[] = Array.from({ length: 240 }, (_, i) => {
      const created = BASE + ((i * 37) % 110) * DAY + (i % 24) * 3_600_000;
      return {
        id: `gr_${String(i).padStart(4, '0')}`, created_at: created, status: STATUSES[i % 5]!, company_id: 1 + (i % 3), source_post_id: `post_${i % 2}`,
        engagement_score: i % 6 === 0 ? null : (i * 13) % 17, last_engagement_dt: i % 4 === 0 ? null : created + (i % 10) * DAY,
        contact_email: i % 3 === 1 ? `g${i}@mail.test` : null,
      };
    });
    await insertLeads(server.ctx.database.db, ws.id, leads);
    const cases: [Record<string, string>, ExpectQuery][] = [
      [{ company_public_id: 'globex', start_date: iso(day(30)), end_date: iso(day(39)) }, { companyIds: [3], start: day(30), endExclusive: day(40) }],
      [{ company_public_id: 'acme', start_date: iso(day(100)) }, { companyIds: [1, 2], start: day(100) }],
      [{ company_public_id: '3', end_date: iso(day(9)), status: 'QUALIFIED' }, { companyIds: [3], endExclusive: day(10), status: 'QUALIFIED' }],
      [{ post_id: 'post_1', start_date: iso(day(50)), end_date: iso(day(58)) }, { post_id: 'post_1', start: day(50), endExclusive: day(59) }],
      [{ post_id: 'post_0', start_date: iso(day(5)), end_date: iso(day(100)), email_enriched: 'true' }, { post_id: 'post_0', start: day(5), endExclusive: day(101), email_enriched: true }],
      [{ post_id: 'post_0', company_public_id: 'globex', start_date: iso(day(20)), end_date: iso(day(80)) }, { post_id: 'post_0', companyIds: [3], start: day(20), endExclusive: day(81) }],
      // A company with a post (the post's index drives it since migration 0091), with or without dates.
      [{ post_id: 'post_1', company_public_id: 'acme' }, { post_id: 'post_1', companyIds: [1, 2] }],
      [{ post_id: 'post_0', company_public_id: 'acme', status: 'NEW', email_enriched: 'false' }, { post_id: 'post_0', companyIds: [1, 2], status: 'NEW', email_enriched: false }],
      [{ post_id: 'post_1', company_public_id: 'acme', end_date: iso(day(60)), email_enriched: 'true' }, { post_id: 'post_1', companyIds: [1, 2], endExclusive: day(61), email_enriched: true }],
    ];
    for (const [params, q] of cases) {
      for (const sort_by of ['newest_first', 'oldest_first', ...SORTS]) {
        const label = `${JSON.stringify(params)} ${sort_by}`;
        const expected = expectedIds(leads, { ...q, sort_by });
        expect(expected.length, label).toBeGreaterThan(0);
        const { ids, totals } = await walk(ws.client, '/v2/leads', { ...params, sort_by, limit: '4' });
        expect(ids, label).toEqual(expected);
        expect(new Set(totals), label).toEqual(new Set([expected.length]));
      }
    }
    // A range holding none of the company's leads: an empty page in every order.
    for (const sort_by of ['newest_first', ...SORTS]) {
      const res = await ws.client.get(`/v2/leads?${new URLSearchParams({ company_public_id: 'globex', start_date: iso(day(200)), sort_by })}`);
      expect(res.body, sort_by).toEqual({ total: 0, items: [], has_more: false, cursor: null });
    }
  });

  it('reversed, future and past ranges are empty pages', async () => {
    for (const params of <Record<string, string>[]>[
      { start_date: iso(day(50)), end_date: iso(day(20)), sort_by: 'last_touch_first' },
      { start_date: '2030-01-01', sort_by: 'most_engaged_first' },
      { end_date: '2020-01-01', sort_by: 'least_engaged_first' },
      { start_date: '2030-01-01', end_date: '2030-02-01', sort_by: 'newest_first' },
    ]) {
      const res = await client.get(`/v2/leads?${new URLSearchParams(params)}`);
      expect(res.status, JSON.stringify(params)).toBe(200);
      expect(res.body, JSON.stringify(params)).toEqual({ total: 0, items: [], has_more: false, cursor: null });
    }
  });
});
