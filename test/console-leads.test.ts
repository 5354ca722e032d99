// The console's lead endpoints beyond v2, through HTTP with a signed-in session: bulk
// qualify/disqualify (all or none), the streamed CSV export against the v2 list's own answers
// (RFC 4180, formula injection), CRM ids, and the "why" of a lead's score and ICP flag.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setIcpRulesFromFile } from '../src/ingestion/settings.service.js';
import { ManualClock } from '../src/shared/clock.js';
import { consoleSession } from './helpers/console-session.js';
import { csvRecords, parseCsv } from './helpers/csv.js';
import { describeEachDialect } from './helpers/dialects.js';
import { company, event, fold, icpRulesFile, person, postOf } from './helpers/ingestion-fixtures.js';
import { insertLeads } from './helpers/leads-fixture.js';
import { startServer, type TestServer } from './helpers/server.js';

const DAY = 86_400_000;
type V2Lead = Record<string, any> & { id: string };

describeEachDialect('console leads: bulk, export, CRM ids, why', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(Date.parse('2026-03-02T10:00:00Z'));
  let ws: Awaited<ReturnType<TestServer['newWorkspace']>>;
  let other: Awaited<ReturnType<TestServer['newWorkspace']>>;
  let headers: Record<string, string>;
  const statuses = ['NEW', 'QUALIFIED', 'DISQUALIFIED'];

  beforeAll(async () => {
    server = await startServer(dialect, { clock });
    ws = await server.newWorkspace('Console leads', { members: 1 });
    other = await server.newWorkspace('Other', { members: 1 });
    // 1,150 leads: more than two pages of the export's walk (500), in every status.
    await insertLeads(server.ctx.database.db, ws.id, Array.from({ length: 1150 }, (_, i) => ({
      id: `lead-${String(i).padStart(4, '0')}`, created_at: clock.now() - (i % 400) * DAY / 3, first_name: `First${i}`, last_name: `Last${i}`,
      status: statuses[i % 3], engagement_score: i % 101, tags: JSON.stringify(i % 5 === 0 ? ['vip', 'fair'] : []), crm_id: i % 7 === 0 ? `crm-${i}` : null,
    })));
    await insertLeads(server.ctx.database.db, other.id, [{ id: 'foreign-lead', created_at: clock.now() - DAY }]);
    headers = (await consoleSession(server, ws.id, ws.members[0]!)).headers;
  });
  afterAll(() => server.close());

  const v2Lead = async (id: string): Promise<V2Lead> => (await ws.client.get(`/v2/leads/${id}`)).body;
  /** Every lead of a v2 list query, walking its cursor. */
  const v2All = async (query: string): Promise<V2Lead[]> => {
    const all: V2Lead[] = [];
    for (let cursor: string | null = ''; cursor !== null; ) {
      const page: { items: V2Lead[]; cursor: string | null } = (await ws.client.get(`/v2/leads?${query}&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body;
      all.push(...page.items);
      cursor = page.cursor;
    }
    return all;
  };

  it('qualifies a selection in one request: each lead as PATCH would change it, the unchanged ones named', async () => {
    const ids = ['lead-0000', 'lead-0001', 'lead-0002']; // NEW, QUALIFIED, DISQUALIFIED
    const res = await server.client.post('/app/api/leads/bulk-status', { json: { lead_ids: [...ids, 'lead-0000'], status: 'QUALIFIED' }, headers });
    expect(res).toMatchObject({ status: 200, body: { updated: ['lead-0000', 'lead-0002'], unchanged: ['lead-0001'] } });
    for (const id of ids) expect((await v2Lead(id)).status).toBe('QUALIFIED');
    expect((await v2Lead('lead-0002')).history.map((h: { description: string }) => h.description)).toContain('Status changed from DISQUALIFIED to QUALIFIED');
    const back = await server.client.post('/app/api/leads/bulk-status', { json: { lead_ids: ['lead-0000'], status: 'DISQUALIFIED' }, headers });
    expect(back.body).toEqual({ updated: ['lead-0000'], unchanged: [] });
    expect((await v2Lead('lead-0000')).status).toBe('DISQUALIFIED');
  });

  it("changes nothing when the selection holds another workspace's lead or an unknown id, and names them", async () => {
    const before = (await ws.client.get('/v2/leads?status=QUALIFIED&limit=1')).body.total;
    const res = await server.client.post('/app/api/leads/bulk-status', { json: { lead_ids: ['lead-0003', 'foreign-lead', 'nope'], status: 'QUALIFIED' }, headers });
    expect(res).toMatchObject({ status: 400, body: { detail: 'Lead records not found (nothing changed): foreign-lead, nope' } });
    expect((await v2Lead('lead-0003')).status).toBe('NEW');
    expect((await ws.client.get('/v2/leads?status=QUALIFIED&limit=1')).body.total).toBe(before);
  });

  it('refuses a bulk change without the CSRF token, with a bad status or an empty selection, and changes nothing', async () => {
    const noCsrf = await server.client.post('/app/api/leads/bulk-status', { json: { lead_ids: ['lead-0003'], status: 'QUALIFIED' }, headers: { cookie: headers.cookie! } });
    expect(noCsrf).toMatchObject({ status: 403, body: { detail: 'Missing or wrong CSRF token' } });
    const badStatus = await server.client.post('/app/api/leads/bulk-status', { json: { lead_ids: ['lead-0003'], status: 'NEW' }, headers });
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.detail).toBeDefined();
    expect((await server.client.post('/app/api/leads/bulk-status', { json: { lead_ids: [], status: 'QUALIFIED' }, headers })).status).toBe(422);
    const tooMany = Array.from({ length: 501 }, (_, i) => `lead-${String(i).padStart(4, '0')}`);
    expect((await server.client.post('/app/api/leads/bulk-status', { json: { lead_ids: tooMany, status: 'QUALIFIED' }, headers })).status).toBe(422);
    expect((await v2Lead('lead-0003')).status).toBe('NEW');
  });

  it('exports the current filter and sort as CSV: the same leads, in the same order, with the same values as GET /v2/leads', async () => {
    for (const query of ['sort_by=oldest_first', 'status=NEW&sort_by=most_engaged_first', `days=20&sort_by=least_engaged_first`]) {
      const res = await server.client.get(`/app/api/leads/export.csv?${query}`, { headers: { cookie: headers.cookie! } });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="leads.csv"');
      const rows = csvRecords(res.text);
      const expected = await v2All(query);
      expect(expected.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.id)).toEqual(expected.map((l) => l.id));
      const cells = (l: V2Lead) => ({
        first_name: l.first_name ?? '', status: l.status, tags: l.tags.join('; '), engagement_score: l.engagement_score === null ? '' : String(l.engagement_score),
        crm_id: l.crm_id ?? '', is_icp_match: String(l.is_icp_match), created_at: l.created_at, last_engagement_dt: l.last_engagement_dt ?? '',
      });
      expect(rows.map((r) => ({ first_name: r.first_name, status: r.status, tags: r.tags, engagement_score: r.engagement_score, crm_id: r.crm_id, is_icp_match: r.is_icp_match, created_at: r.created_at, last_engagement_dt: r.last_engagement_dt }))).toEqual(expected.map(cells));
    }
    const all = csvRecords((await server.client.get('/app/api/leads/export.csv', { headers: { cookie: headers.cookie! } })).text);
    expect(all).toHaveLength((await ws.client.get('/v2/leads?limit=1')).body.total);
    expect(all).toHaveLength(1150);
  });

  it('quotes by RFC 4180 and defuses cells a spreadsheet would run as formulas', async () => {
    const nasty = await server.newWorkspace('Nasty', { members: 1 });
    await insertLeads(server.ctx.database.db, nasty.id, [{
      id: 'lead-nasty', created_at: clock.now() - DAY, first_name: '=HYPERLINK("https://evil.test","x")', last_name: '+SUM(A1)', headline: '-2+3, "quoted"\r\nsecond line',
      job_title: '@cmd', crm_id: '\t=1', phone_number: 'bare\nnewline', tags: JSON.stringify(['=bad', 'ok']), country: 'plain, comma',
    }]);
    const session = await consoleSession(server, nasty.id, nasty.members[0]!);
    const res = await server.client.get('/app/api/leads/export.csv', { headers: { cookie: session.cookie } });
    expect(res.text.endsWith('\r\n')).toBe(true);
    expect(res.text).toContain('"\'-2+3, ""quoted""\r\nsecond line"');
    const [header, row, ...rest] = parseCsv(res.text);
    expect(rest).toEqual([]);
    const lead = Object.fromEntries(header!.map((h, i) => [h, row![i]]));
    expect(lead).toMatchObject({
      first_name: '\'=HYPERLINK("https://evil.test","x")', last_name: "'+SUM(A1)", headline: '\'-2+3, "quoted"\r\nsecond line', job_title: "'@cmd",
      crm_id: "'\t=1", tags: "'=bad; ok", country: 'plain, comma', phone_number: 'bare\nnewline',
    });
  });

  it('refuses the export without a session, never takes an API key, and answers a bad filter with 422', async () => {
    expect((await server.client.get('/app/api/leads/export.csv')).status).toBe(401);
    expect((await server.client.get('/app/api/leads/export.csv', { headers: { authorization: `Bearer ${ws.key}` } })).status).toBe(401);
    const bad = await server.client.get('/app/api/leads/export.csv?status=MAYBE', { headers: { cookie: headers.cookie! } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBeDefined();
  });

  it('edits CRM ids through the console; v2 serves them and the history says so', async () => {
    const res = await server.client.patch('/app/api/leads/lead-0004', { json: { crm_id: 'hs-4242', crm_contact_url: 'https://crm.test/contacts/4242' }, headers });
    expect(res.body).toMatchObject({ crm_id: 'hs-4242', crm_contact_url: 'https://crm.test/contacts/4242' });
    const lead = await v2Lead('lead-0004');
    expect(lead).toMatchObject({ crm_id: 'hs-4242', crm_contact_url: 'https://crm.test/contacts/4242' });
    expect(lead.history.map((h: { description: string }) => h.description)).toEqual(expect.arrayContaining(['CRM id changed from none to hs-4242', 'CRM contact URL changed from none to https://crm.test/contacts/4242']));
  });

  it('explains a score by its events and the ICP flag by each rule, as the scoring and matching code compute them', async () => {
    const scored = await server.newWorkspace('Scored', { members: 1 });
    await setIcpRulesFromFile(server.ctx.database.db, clock, scored.id, icpRulesFile({ seniorities: ['vp'], countries: ['DE'], company_size: { min: 500 } }));
    const post = postOf(scored.members[0]!);
    const who = person('URN-WHY', { title: 'VP Sales', country: 'DE', company: company('smallco', [11, 50], 'Retail') });
    const now = clock.now();
    await fold(server.ctx.database.db, scored.id, now, [event(post, who, 'COMMENT', now - 1000, 'evt-c'), event(post, who, 'LIKE', now - 14 * DAY, 'evt-l')]);
    const leadId = (await scored.client.get('/v2/leads')).body.items[0].id;
    const session = await consoleSession(server, scored.id, scored.members[0]!);

    const why = (await server.client.get(`/app/api/leads/${leadId}/why`, { headers: { cookie: session.cookie } })).body;
    // COMMENT weighs 3 (fresh), LIKE 1 halved once by its 14 days: mass 3.5, score round(100·(1 − e^(−3.5/4))) = 58.
    expect(why.events.map((e: { id: string; kind: string; weight: number; mass: number }) => [e.id, e.kind, e.weight, Math.round(e.mass * 100) / 100])).toEqual([['evt-l', 'LIKE', 1, 0.5], ['evt-c', 'COMMENT', 3, 3]]);
    expect(why).toMatchObject({ lead_id: leadId, engagement_score: 58, score_now: 58, half_life_days: 14, saturation: 4, is_account_based: false });
    expect(why.icp).toEqual({
      is_icp_match: false, set_by: 'rules',
      checks: [
        { rule: 'seniorities', wanted: 'vp', value: 'vp', matched: true },
        { rule: 'company_size', wanted: '500-any', value: '11-50', matched: false },
        { rule: 'countries', wanted: 'DE', value: 'DE', matched: true },
      ],
    });
    expect((await scored.client.get(`/v2/leads/${leadId}`)).body.is_icp_match).toBe(false);

    // Two weeks on, the same events weigh half: the explanation moves with the clock as the re-score would.
    clock.advance(14 * DAY);
    const fresh = await consoleSession(server, scored.id, scored.members[0]!); // the first session has idled out
    const later = (await server.client.get(`/app/api/leads/${leadId}/why`, { headers: { cookie: fresh.cookie } })).body;
    expect(later.score_now).toBe(Math.round(100 * (1 - Math.exp(-1.75 / 4))));

    // A member's answer is shown as theirs.
    await server.client.patch(`/app/api/leads/${leadId}`, { json: { is_icp_match: true }, headers: fresh.headers });
    expect((await server.client.get(`/app/api/leads/${leadId}/why`, { headers: { cookie: fresh.cookie } })).body.icp).toMatchObject({ is_icp_match: true, set_by: 'member' });
  });

  it("answers another workspace's lead as not found in the why", async () => {
    const { cookie } = await consoleSession(server, ws.id, ws.members[0]!);
    expect((await server.client.get('/app/api/leads/foreign-lead/why', { headers: { cookie } })).body).toEqual({ detail: 'Lead record not found' });
  });
});
