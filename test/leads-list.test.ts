import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../src/shared/clock.js';
import { addTeamMember } from '../src/workspace/workspace.service.js';
import type { Client } from './helpers/client.js';
import { describeEachDialect } from './helpers/dialects.js';
import { DAY, expectedIds, walk } from './helpers/leads-expect.js';
import { insertCompany, insertLeads, type LeadSeed } from './helpers/leads-fixture.js';
import { startServer, type TestServer } from './helpers/server.js';

const BASE = Date.parse('2025-03-01T00:00:00Z');
const NOW = Date.parse('2025-03-10T12:00:00Z');
const STATUSES = ['NEW', 'QUALIFIED', 'DISQUALIFIED'];
const SORTS = ['newest_first', 'oldest_first', 'last_touch_first', 'last_touch_last', 'most_engaged_first', 'least_engaged_first'];

function seeds(): LeadSeed[] {
  const out: LeadSeed[] = [];
  for (let i = 0; i < 140; i++) {
    out.push({
      id: `ld_${String(i).padStart(4, '0')}`,
      created_at: BASE + (i % 40) * 6 * 3_600_000, // many ties on created_at
      status: i % 9 === 4 ? 'DISCARDED' : STATUSES[i % 3]!,
      engagement_score: i % 5 === 0 ? null : (i * 7) % 11, // ties and nulls
      last_engagement_dt: i % 4 === 0 ? null : BASE + (i % 13) * 3_600_000,
      company_id: i % 3 === 0 ? 1 : i % 3 === 1 ? 2 : null,
      source_post_id: i % 4 === 1 ? 'post_a' : null,
      contact_email: i % 2 === 0 ? `l${i}@mail.test` : null,
      first_name: `Lead${i}`,
    });
  }
  // Day boundaries of 2025-03-05.
  out.push({ id: 'ld_b1', created_at: Date.parse('2025-03-05T00:00:00Z') });
  out.push({ id: 'ld_b2', created_at: Date.parse('2025-03-05T23:59:59Z') });
  out.push({ id: 'ld_b3', created_at: Date.parse('2025-03-04T23:59:59.999Z') });
  out.push({ id: 'ld_b4', created_at: Date.parse('2025-03-06T00:00:00Z') });
  return out;
}

describeEachDialect('GET /v2/leads', (dialect) => {
  let server: TestServer;
  let client: Client;
  let other: Client;
  const data = seeds();
  beforeAll(async () => {
    server = await startServer(dialect, { clock: new ManualClock(NOW), flags: { rateLimit: 100_000 } });
    const ws = await server.newWorkspace();
    client = ws.client;
    const db = server.ctx.database.db;
    await insertCompany(db, ws.id, { id: 1, slug: 'acme', name: 'Acme' });
    await insertCompany(db, ws.id, { id: 2, slug: 'globex', name: 'Globex' });
    await insertLeads(db, ws.id, data);
    const ws2 = await server.newWorkspace();
    other = ws2.client;
    await insertCompany(db, ws2.id, { id: 3, slug: 'initech' });
    await addTeamMember(db, server.ctx.clock, ws2.id, { email: 'b@other.test' });
    await insertLeads(db, ws2.id, [{ id: 'ld_0001', created_at: BASE, company_id: 3, source_post_id: 'post_a' }, { id: 'ld_other', created_at: BASE }]);
  });
  afterAll(() => server.close());

  it('walks every sort order page by page: each lead exactly once, in order, nulls last, discarded never', async () => {
    for (const sort_by of SORTS) {
      const expected = expectedIds(data, { sort_by });
      const { ids, totals, pages } = await walk(client, '/v2/leads', { sort_by, limit: '7' });
      expect(ids, sort_by).toEqual(expected);
      expect(pages).toBe(Math.ceil(expected.length / 7));
      expect(new Set(totals)).toEqual(new Set([expected.length]));
    }
  });

  it('defaults to newest first, 50 per page', async () => {
    const res = await client.get('/v2/leads');
    expect(res.body.items.map((i: any) => i.id)).toEqual(expectedIds(data, {}).slice(0, 50));
    expect(res.body.has_more).toBe(true);
  });

  it('applies each filter alone and combined, with exact totals', async () => {
    const cases: [Record<string, string>, Parameters<typeof expectedIds>[1]][] = [
      [{ status: 'QUALIFIED' }, { status: 'QUALIFIED' }],
      [{ status: 'DISQUALIFIED', sort_by: 'most_engaged_first' }, { status: 'DISQUALIFIED', sort_by: 'most_engaged_first' }],
      [{ company_public_id: 'acme' }, { companyIds: [1] }],
      [{ company_public_id: '2', sort_by: 'last_touch_first' }, { companyIds: [2], sort_by: 'last_touch_first' }],
      [{ post_id: 'post_a', sort_by: 'least_engaged_first' }, { post_id: 'post_a', sort_by: 'least_engaged_first' }],
      [{ email_enriched: 'true' }, { email_enriched: true }],
      [{ email_enriched: 'off', sort_by: 'oldest_first' }, { email_enriched: false, sort_by: 'oldest_first' }],
      [{ start_date: '2025-03-05' }, { start: Date.parse('2025-03-05T00:00:00Z') }],
      [{ end_date: '2025-03-05', sort_by: 'last_touch_last' }, { endExclusive: Date.parse('2025-03-06T00:00:00Z'), sort_by: 'last_touch_last' }],
      [
        { status: 'NEW', company_public_id: 'acme', email_enriched: 'true', start_date: '2025-03-02', end_date: '2025-03-08', sort_by: 'most_engaged_first' },
        { status: 'NEW', companyIds: [1], email_enriched: true, start: Date.parse('2025-03-02T00:00:00Z'), endExclusive: Date.parse('2025-03-09T00:00:00Z'), sort_by: 'most_engaged_first' },
      ],
      [{ post_id: 'post_a', status: 'QUALIFIED', email_enriched: 'false' }, { post_id: 'post_a', status: 'QUALIFIED', email_enriched: false }],
    ];
    for (const [params, q] of cases) {
      const expected = expectedIds(data, q);
      expect(expected.length, JSON.stringify(params)).toBeGreaterThan(0);
      const { ids, totals } = await walk(client, '/v2/leads', { ...params, limit: '4' });
      expect(ids, JSON.stringify(params)).toEqual(expected);
      expect(totals.every((t) => t === expected.length), JSON.stringify(params)).toBe(true);
    }
  });

  it('date filters are inclusive UTC days; days overrides the dates', async () => {
    const day = await walk(client, '/v2/leads', { start_date: '2025-03-05', end_date: '2025-03-05' });
    expect(day.ids).toContain('ld_b1');
    expect(day.ids).toContain('ld_b2');
    expect(day.ids).not.toContain('ld_b3');
    expect(day.ids).not.toContain('ld_b4');
    expect(day.ids).toEqual(expectedIds(data, { start: Date.parse('2025-03-05T00:00:00Z'), endExclusive: Date.parse('2025-03-06T00:00:00Z') }));
    // Now is 2025-03-10T12:00Z: days=5 starts at 2025-03-05T00:00Z, no end; the dates are ignored.
    const days = await walk(client, '/v2/leads', { days: '5', start_date: '2025-03-01', end_date: '2025-03-02' });
    expect(days.ids).toEqual(expectedIds(data, { start: Date.parse('2025-03-05T00:00:00Z') }));
    expect(days.totals[0]).toBe(days.ids.length);
    const zero = await client.get('/v2/leads?days=0');
    expect(zero.body.total).toBe(expectedIds(data, { start: Date.parse('2025-03-10T00:00:00Z') }).length);
  });

  it('unknown company or post gives an empty page; another workspace sees only its own leads', async () => {
    for (const q of ['company_public_id=nope', 'company_public_id=3', 'post_id=post_zzz', 'company_public_id=initech']) {
      const res = await client.get(`/v2/leads?${q}`);
      expect(res.body, q).toEqual({ total: 0, items: [], has_more: false, cursor: null });
    }
    const res = await other.get('/v2/leads?post_id=post_a');
    expect(res.body.items.map((i: any) => i.id)).toEqual(['ld_0001']);
    expect(res.body.total).toBe(1);
  });

  it('returns every matching lead exactly once while new leads arrive during the walk', async () => {
    const ws = await server.newWorkspace();
    const db = server.ctx.database.db;
    const initial: LeadSeed[] = Array.from({ length: 30 }, (_, i) => ({ id: `ld_w${String(i).padStart(3, '0')}`, created_at: BASE + i * DAY / 10, engagement_score: i % 3 === 0 ? null : i % 7 }));
    await insertLeads(db, ws.id, initial);
    for (const sort_by of SORTS) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let n = 0;
      do {
        const res: any = await ws.client.get(`/v2/leads?${new URLSearchParams({ sort_by, limit: '4', ...(cursor ? { cursor } : {}) })}`);
        seen.push(...res.body.items.map((i: any) => i.id));
        cursor = res.body.cursor;
        // Newcomers at both ends of every order, with keys equal to existing ones (ties).
        await insertLeads(db, ws.id, [
          { id: `ld_n_${sort_by}_${n}a`, created_at: BASE + (n % 30) * DAY / 10, engagement_score: n % 7, last_engagement_dt: BASE },
          { id: `ld_n_${sort_by}_${n}b`, created_at: BASE + 5 * DAY, engagement_score: null },
        ]);
        n++;
      } while (cursor);
      expect(new Set(seen).size, sort_by).toBe(seen.length);
      for (const lead of initial) expect(seen, sort_by).toContain(lead.id);
    }
  });
});
