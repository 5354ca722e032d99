import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../src/shared/clock.js';
import { addTeamMember } from '../src/workspace/workspace.service.js';
import type { Client } from './helpers/client.js';
import { describeEachDialect } from './helpers/dialects.js';
import { insertCompany, insertLeads } from './helpers/leads-fixture.js';
import { startServer, type TestServer } from './helpers/server.js';

const LEAD_KEYS = [
  'id', 'crm_id', 'first_name', 'last_name', 'headline', 'job_title', 'username', 'network_url', 'contact_email', 'phone_number',
  'enrichment_status', 'team_member_email', 'source', 'source_content_url', 'status', 'tags', 'engagement_events_count',
  'engagement_score', 'is_icp_match', 'is_account_based', 'history', 'picture', 'followers_count', 'connections_count', 'country',
  'feed_updated_at', 'created_at', 'last_engagement_dt', 'company', 'notes', 'crm_contact_url',
];
const COMPANY_KEYS = [
  'name', 'slug', 'picture', 'employees_num_min', 'employees_num_max', 'headquarters', 'location', 'followers', 'state', 'country',
  'website_url', 'phone_number', 'company_type', 'founded_year', 'description', 'tagline', 'industries', 'specialties', 'funding',
  'is_verified', 'id', 'hash_id', 'network_url', 'created_at',
];
const T0 = Date.parse('2025-04-01T09:30:00Z');

describeEachDialect('GET and PATCH /v2/leads/{id}', (dialect) => {
  let server: TestServer;
  let client: Client;
  let other: Client;
  const clock = new ManualClock(Date.parse('2025-05-01T10:00:00Z'));
  beforeAll(async () => {
    server = await startServer(dialect, { clock, flags: { rateLimit: 100_000 } });
    const db = server.ctx.database.db;
    const ws = await server.newWorkspace();
    client = ws.client;
    const { id: memberId } = await addTeamMember(db, clock, ws.id, { email: 'ana@acme.test' });
    await insertCompany(db, ws.id, { id: 77, slug: 'acme', name: 'Acme', industries: '["Software"]', is_verified: 1, hash_id: 'h77' });
    await insertLeads(db, ws.id, [
      { id: 'ld_full', created_at: T0, team_member_id: memberId, company_id: 77, first_name: 'Bo', contact_email: 'bo@x.test', engagement_score: 42, tags: '["vip"]', picture: 'https://img.test/bo.png', last_engagement_dt: T0 + 1500 },
      { id: 'ld_bare', created_at: T0 },
      { id: 'ld_gone', created_at: T0, status: 'DISCARDED' },
    ]);
    const ws2 = await server.newWorkspace();
    other = ws2.client;
    await insertLeads(db, ws2.id, [{ id: 'ld_elsewhere', created_at: T0 }]);
  });
  afterAll(() => server.close());

  it('returns every field in spec order with defaults, company nested', async () => {
    const full = await client.get('/v2/leads/ld_full');
    expect(full.status).toBe(200);
    expect(Object.keys(full.body)).toEqual(LEAD_KEYS);
    expect(full.body).toMatchObject({
      id: 'ld_full', first_name: 'Bo', contact_email: 'bo@x.test', team_member_email: 'ana@acme.test', status: 'NEW', tags: ['vip'],
      engagement_score: 42, is_icp_match: false, is_account_based: false, history: [], notes: [], picture: 'https://img.test/bo.png',
      created_at: '2025-04-01T09:30:00Z', last_engagement_dt: '2025-04-01T09:30:01.500Z', crm_contact_url: null,
    });
    expect(Object.keys(full.body.company)).toEqual(COMPANY_KEYS);
    expect(full.body.company).toMatchObject({ id: 77, slug: 'acme', industries: ['Software'], specialties: [], funding: [], is_verified: true, hash_id: 'h77', website_url: null, created_at: '2024-01-01T00:00:00Z' });
    const bare = await client.get('/v2/leads/ld_bare');
    expect(bare.body).toMatchObject({ company: null, team_member_email: null, picture: `${server.url}/static/placeholder-avatar.svg`, tags: [], engagement_score: null });
  });

  it('discarded leads and other workspaces’ leads are not found', async () => {
    for (const id of ['ld_gone', 'ld_elsewhere', 'nope']) {
      for (const res of [await client.get(`/v2/leads/${id}`), await client.patch(`/v2/leads/${id}`, { json: { status: 'QUALIFIED' } })]) {
        expect(res.status).toBe(400);
        expect(res.text).toBe('{"detail":"Lead record not found"}');
      }
    }
    expect((await other.get('/v2/leads/ld_full')).status).toBe(400);
    const list = await client.get('/v2/leads');
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((i: any) => i.id)).not.toContain('ld_gone');
  });

  it('PATCH {} and all-null bodies are no-ops returning the lead; unknown fields are ignored', async () => {
    const before = (await client.get('/v2/leads/ld_full')).body;
    for (const json of [{}, { status: null, tags: null, note: null, crm_id: null, crm_contact_url: null, is_icp_match: null }, { bogus: 1 }]) {
      const res = await client.patch('/v2/leads/ld_full', { json });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(before);
    }
  });

  it('PATCH changes status, tags, crm fields and ICP, recording history and keeping totals exact', async () => {
    const totalOf = async (q: string) => (await client.get(`/v2/leads?${q}`)).body.total;
    expect(await totalOf('status=QUALIFIED')).toBe(0);
    clock.set(Date.parse('2025-05-02T08:00:00Z'));
    const res = await client.patch('/v2/leads/ld_bare', {
      json: { status: 'QUALIFIED', tags: ['  a ', 'b', '', 'a', '   ', 'c'], crm_id: 'crm-1', crm_contact_url: 'https://crm.test/1', is_icp_match: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'QUALIFIED', tags: ['a', 'b', 'c'], crm_id: 'crm-1', crm_contact_url: 'https://crm.test/1', is_icp_match: true });
    expect(res.body.history.map((h: any) => h.description)).toEqual(
      ['Status changed from NEW to QUALIFIED', 'Tags changed to a, b, c', 'CRM id changed from none to crm-1', 'CRM contact URL changed from none to https://crm.test/1', 'ICP match changed from false to true'],
    );
    for (const h of res.body.history) expect(h).toEqual({ id: expect.any(String), description: expect.any(String), recorded_at: '2025-05-02T08:00:00Z' });
    expect(await client.get('/v2/leads/ld_bare')).toMatchObject({ body: res.body });
    expect(await totalOf('status=QUALIFIED')).toBe(1);
    expect(await totalOf('status=NEW')).toBe(1);
    expect(await totalOf('')).toBe(2);
    // Day buckets moved too, not only the all-time ones.
    expect(await totalOf('status=QUALIFIED&start_date=2025-04-01&end_date=2025-04-01')).toBe(1);
    expect(await totalOf('status=NEW&end_date=2025-04-01')).toBe(1);
    expect(await totalOf('status=QUALIFIED&start_date=2025-04-02')).toBe(0);
    const icp = await server.ctx.database.db.selectFrom('leads').select(['icp_manual']).where('id', '=', 'ld_bare').executeTakeFirstOrThrow();
    expect(Number(icp.icp_manual)).toBe(1);
    // Same values again: no new history.
    const again = await client.patch('/v2/leads/ld_bare', { json: { status: 'QUALIFIED', tags: ['a', 'b', 'c'], crm_id: 'crm-1' } });
    expect(again.body.history).toHaveLength(5);
    clock.advance(1000);
    const cleared = await client.patch('/v2/leads/ld_bare', { json: { tags: [' ', ''] } });
    expect(cleared.body.tags).toEqual([]);
    expect(cleared.body.history.at(-1).description).toBe('Tags cleared');
  });

  it('PATCH note creates, updates, and rejects unknown or foreign notes', async () => {
    clock.set(Date.parse('2025-05-03T08:00:00Z'));
    const created = await client.patch('/v2/leads/ld_full', { json: { note: { note_content: 'first' } } });
    expect(created.body.notes).toEqual([{ id: expect.any(String), content: 'first', created_at: '2025-05-03T08:00:00Z', updated_at: '2025-05-03T08:00:00Z' }]);
    clock.set(Date.parse('2025-05-03T09:00:00Z'));
    await client.patch('/v2/leads/ld_full', { json: { note: { note_id: null, note_content: 'second' } } });
    const noteId = created.body.notes[0].id;
    clock.set(Date.parse('2025-05-03T10:00:00Z'));
    const updated = await client.patch('/v2/leads/ld_full', { json: { note: { note_id: noteId, note_content: 'edited' } } });
    expect(updated.body.notes.map((n: any) => [n.content, n.updated_at])).toEqual([['edited', '2025-05-03T10:00:00Z'], ['second', '2025-05-03T09:00:00Z']]);
    expect(updated.body.history.map((h: any) => h.description)).toEqual(['Note added', 'Note added', 'Note updated']);
    for (const [lead, id] of [['ld_full', 'note_unknown'], ['ld_bare', noteId]]) {
      const res = await client.patch(`/v2/leads/${lead}`, { json: { status: 'DISQUALIFIED', note: { note_id: id, note_content: 'x' } } });
      expect(res.status).toBe(400);
      expect(res.text).toBe('{"detail":"Note not found"}');
    }
    // The failed request changed nothing (one transaction).
    expect((await client.get('/v2/leads/ld_full')).body.status).toBe('NEW');
  });

  it('PATCH validation errors (422)', async () => {
    const status = await client.patch('/v2/leads/ld_full', { json: { status: 'WON' } });
    expect(status.status).toBe(422);
    expect(status.text).toBe(`{"detail":[{"type":"enum","loc":["body","status"],"msg":"Input should be 'NEW', 'QUALIFIED' or 'DISQUALIFIED'","input":"WON","ctx":{"expected":"'NEW', 'QUALIFIED' or 'DISQUALIFIED'"}}]}`);
    const discarded = await client.patch('/v2/leads/ld_full', { json: { status: 'DISCARDED' } });
    expect(discarded.body.detail[0].type).toBe('enum');
    const missing = await client.patch('/v2/leads/ld_full', { json: { note: { note_id: 'n_1' } } });
    expect(missing.text).toBe('{"detail":[{"type":"missing","loc":["body","note","note_content"],"msg":"Field required","input":{"note_id":"n_1"}}]}');
    const empty = await client.patch('/v2/leads/ld_full', { json: { note: { note_content: '' } } });
    expect(empty.body.detail[0]).toMatchObject({ type: 'string_too_short', loc: ['body', 'note', 'note_content'], ctx: { min_length: 1 } });
    const long = await client.patch('/v2/leads/ld_full', { json: { note: { note_content: 'x'.repeat(10_001) } } });
    expect(long.body.detail[0]).toMatchObject({ type: 'string_too_long', ctx: { max_length: 10_000 } });
    expect((await client.patch('/v2/leads/ld_full', { json: { note: { note_content: 'x'.repeat(10_000) } } })).status).toBe(200);
    const many = await client.patch('/v2/leads/ld_full', { json: { tags: Array.from({ length: 101 }, (_, i) => `t${i}`) } });
    expect(many.body.detail[0]).toMatchObject({ type: 'too_long', loc: ['body', 'tags'], ctx: { field_type: 'List', max_length: 100, actual_length: 101 } });
    const longTag = await client.patch('/v2/leads/ld_full', { json: { tags: ['ok', 'y'.repeat(101)] } });
    expect(longTag.body.detail[0]).toMatchObject({ type: 'string_too_long', loc: ['body', 'tags', 1], ctx: { max_length: 100 } });
    const ok = await client.patch('/v2/leads/ld_full', { json: { tags: Array.from({ length: 100 }, (_, i) => `${'z'.repeat(98)}${String(i).padStart(2, '0')}`) } });
    expect(ok.body.tags).toHaveLength(100);
    const icp = await client.patch('/v2/leads/ld_full', { json: { is_icp_match: 'maybe' } });
    expect(icp.body.detail[0]).toMatchObject({ type: 'bool_parsing', loc: ['body', 'is_icp_match'] });
  });
});
