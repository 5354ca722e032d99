// The console endpoints a sales rep's leads page stands on (issue 58), through HTTP with a
// signed-in session, on the demo's own seeded leads (a snapshot, loaded the bulk way so the search
// index is rebuilt after it): the score's why against the v2 lead, the history's post links, the
// search against a brute-force reading of the v2 list, the company picker, readable ledger rows and
// saved views per member.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiKey } from '../src/auth/api-keys.service.js';
import { demoSnapshotStream } from '../src/demo/demo-snapshot.js';
import { spendingReason } from '../src/enrichment/enrichment.engine.js';
import { ManualClock } from '../src/shared/clock.js';
import { importSnapshot } from '../src/snapshot/snapshot.import.js';
import { makeClient, type Client } from './helpers/client.js';
import { consoleSession } from './helpers/console-session.js';
import { describeEachDialect } from './helpers/dialects.js';
import { insertLeads } from './helpers/leads-fixture.js';
import { startServer, type TestServer } from './helpers/server.js';

type V2Lead = { id: string; first_name: string | null; last_name: string | null; headline: string | null; status: string; created_at: string; engagement_score: number | null; engagement_events_count: number | null; source_content_url: string | null; company: { name: string | null } | null; history: { description: string }[] };

const WS = 'ws_rep';
const ENGAGEMENT = /^(Reacted to|Commented on|Reposted) /;
const words = (text: string | null | undefined) => (text ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

describeEachDialect('console for a rep: why, history links, search, pickers, ledger, saved views', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(Date.parse('2026-03-02T10:00:00Z'));
  let v2: Client;
  let ana: Awaited<ReturnType<typeof consoleSession>>;
  let bo: Awaited<ReturnType<typeof consoleSession>>;
  let leads: V2Lead[];
  let posts: { id: string; post_url: string; content: string | null }[];

  beforeAll(async () => {
    server = await startServer(dialect, { clock });
    // The first import into an empty database, a bulk load from the first batch: the search index is rebuilt after it.
    await importSnapshot(server.ctx.database.db, clock, demoSnapshotStream({ now: clock.now(), leads: 60, workspaceId: WS }), { bulkThreshold: 1 });
    v2 = makeClient(server.url, (await createApiKey(server.ctx.database.db, clock, WS, 'rep test')).key);
    posts = await server.ctx.database.db.selectFrom('posts').select(['id', 'post_url', 'content']).where('workspace_id', '=', WS).execute();
    ana = await consoleSession(server, WS, 'tm_demo_ana');
    bo = await consoleSession(server, WS, 'tm_demo_bo', 'member');
    leads = [];
    for (let cursor: string | null = ''; cursor !== null; ) {
      const page: { items: V2Lead[]; cursor: string | null } = (await v2.get(`/v2/leads?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body;
      leads.push(...page.items);
      cursor = page.cursor;
    }
  }, 60_000);
  afterAll(() => server.close());

  it("explains a seeded lead's score as the lead and its history say it", async () => {
    for (const lead of leads.slice(0, 10)) {
      const why = (await ana.get(`/app/api/leads/${lead.id}/why`)).body;
      const engagements = lead.history.filter((h) => ENGAGEMENT.test(h.description)).length;
      expect(why).toMatchObject({ scored_from: 'snapshot', score_now: lead.engagement_score, events_count: lead.engagement_events_count, events: [] });
      expect(why.events_count).toBe(engagements);
      expect(why.score_now).toBeGreaterThan(0);
    }
  });

  it("links each engagement of a lead's history to its post: the first is the post the lead came from", async () => {
    for (const lead of leads.slice(0, 10)) {
      const history = (await ana.get(`/app/api/leads/${lead.id}/history`)).body as { description: string; post: { id: string; url: string } | null }[];
      expect(history.map((h) => h.description)).toEqual(lead.history.map((h) => h.description));
      const engagements = history.filter((h) => ENGAGEMENT.test(h.description));
      expect(engagements.every((h) => h.post !== null)).toBe(true);
      expect(engagements[0]!.post!.url).toBe(lead.source_content_url);
      // Every other line links to a post that reads as the line says (the demo's posts share a few topics).
      for (const h of engagements) {
        const post = posts.find((p) => p.id === h.post!.id)!;
        expect(h.post!.url).toBe(post.post_url);
        expect(h.description).toContain(post.content!.slice(0, 40));
      }
      expect(history.filter((h) => !ENGAGEMENT.test(h.description)).every((h) => h.post === null)).toBe(true);
    }
    expect((await ana.get('/app/api/leads/no-such-lead/history')).body).toEqual({ detail: 'Lead record not found' });
  });

  /** What the search must find, read from the v2 list: every word starts a word of the name or headline, or the text is in the company's name. */
  const expected = (q: string, filter: (l: V2Lead) => boolean = () => true) =>
    leads
      .filter(filter)
      .filter((l) => {
        const own = words(`${l.first_name} ${l.last_name} ${l.headline}`);
        return words(q).every((w) => own.some((o) => o.startsWith(w))) || (l.company?.name ?? '').toLowerCase().includes(q.toLowerCase());
      })
      .map((l) => l.id);

  it('searches name, headline and company: the same leads as a reading of the whole v2 list, in its newest-first order', async () => {
    const lead = leads.find((l) => /^[a-z]+$/i.test(l.first_name ?? '') && /^[a-z]+$/i.test(l.last_name ?? ''))!;
    const headlineWord = words(lead.headline).find((w) => w.length > 3 && /^[a-z]+$/.test(w))!;
    const company = lead.company!.name!;
    const queries = [lead.first_name!.slice(0, 3), `${lead.first_name} ${lead.last_name}`, headlineWord, headlineWord.slice(0, 4), company, company.slice(1, -1).toUpperCase()];
    for (const q of queries) {
      const found = await ana.get(`/app/api/leads/search?q=${encodeURIComponent(q)}`);
      expect(found.status).toBe(200);
      const ids = expected(q);
      expect(ids.length).toBeGreaterThan(0);
      expect(found.body.items.map((l: V2Lead) => l.id), q).toEqual(ids.slice(0, 50));
      expect(found.body).toMatchObject({ total: Math.min(50, ids.length), has_more: ids.length > 50, cursor: null });
    }
    expect((await ana.get(`/app/api/leads/search?q=${encodeURIComponent(`${lead.first_name} ${lead.last_name}`)}`)).body.items[0]).toEqual((await v2.get(`/v2/leads/${lead.id}`)).body);
    expect((await ana.get('/app/api/leads/search?q=zzqx')).body).toEqual({ total: 0, items: [], has_more: false, cursor: null });
  });

  it('searches within a status and in the sort asked for, a page at most', async () => {
    const q = words(leads[0]!.headline).find((w) => w.length > 3)!;
    const found = (await ana.get(`/app/api/leads/search?q=${q}&status=QUALIFIED&sort_by=most_engaged_first&limit=3`)).body;
    const ids = leads
      .filter((l) => expected(q).includes(l.id) && l.status === 'QUALIFIED')
      .sort((a, b) => (b.engagement_score ?? -1) - (a.engagement_score ?? -1) || (a.id < b.id ? 1 : -1))
      .map((l) => l.id);
    expect(found.items.map((l: V2Lead) => l.id)).toEqual(ids.slice(0, 3));
    expect(found.has_more).toBe(ids.length > 3);
  });

  it('finds a lead written after the import (the index follows every write) and refuses a bad query', async () => {
    await insertLeads(server.ctx.database.db, WS, [{ id: 'ld_new', created_at: clock.now(), first_name: 'Quintessa', last_name: 'Vandermeer', headline: 'Chief Revenue Officer' }]);
    expect((await ana.get('/app/api/leads/search?q=quint%20vander')).body.items.map((l: V2Lead) => l.id)).toEqual(['ld_new']);
    expect((await ana.get('/app/api/leads/search?q=revenue')).body.items.map((l: V2Lead) => l.id)).toContain('ld_new');
    await server.ctx.database.db.updateTable('leads').set({ headline: 'Head of Sales' }).where('workspace_id', '=', WS).where('id', '=', 'ld_new').execute();
    expect((await ana.get('/app/api/leads/search?q=revenue')).body.items.map((l: V2Lead) => l.id)).not.toContain('ld_new');
    const missing = await ana.get('/app/api/leads/search');
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0]).toMatchObject({ type: 'missing', loc: ['query', 'q'] });
    expect((await ana.get(`/app/api/leads/search?q=${'x'.repeat(101)}`)).body.detail[0]).toMatchObject({ type: 'string_too_long', loc: ['query', 'q'] });
    expect((await server.client.get('/app/api/leads/search?q=a')).status).toBe(401);
  });

  it("offers the workspace's companies by a part of their name for the company picker", async () => {
    const name = leads.find((l) => l.company?.name)!.company!.name!;
    const choices = (await ana.get(`/app/api/companies?q=${encodeURIComponent(name.slice(0, 4).toLowerCase())}`)).body as { id: number; slug: string; name: string }[];
    expect(choices.map((c) => c.name)).toContain(name);
    expect(choices.every((c) => c.name.toLowerCase().includes(name.slice(0, 4).toLowerCase()) || c.slug.includes(name.slice(0, 4).toLowerCase()))).toBe(true);
    const pick = choices.find((c) => c.name === name)!;
    const byCompany = (await v2.get(`/v2/leads?company_public_id=${pick.slug}`)).body;
    expect(byCompany.items.length).toBeGreaterThan(0);
  });

  it('names the lead of each credit spent on an email, linked by its id', async () => {
    const lead = leads[3]!;
    await server.ctx.database.db.insertInto('credit_ledger').values({ workspace_id: WS, id: 'cr_rep_1', delta: -1, reason: spendingReason(lead.id, 'ana@acme.test', 'hunter'), created_at: clock.now() + 1 }).execute();
    const ledger = (await ana.get('/app/api/settings/credits')).body;
    expect(ledger.entries[0]).toMatchObject({ id: 'cr_rep_1', reason: `email at acme.test found for lead ${lead.id} by hunter`, lead: { id: lead.id, name: `${lead.first_name} ${lead.last_name}` } });
    expect(ledger.entries.filter((e: { id: string }) => e.id !== 'cr_rep_1').every((e: { lead: unknown }) => e.lead === null)).toBe(true);
  });

  it("keeps each member's saved views to that member; a name again replaces its filters", async () => {
    const saved = await ana.post('/app/api/saved-views', { name: 'Hot, qualified', query: 'sort_by=most_engaged_first&status=QUALIFIED' });
    expect(saved).toMatchObject({ status: 201, body: { name: 'Hot, qualified', query: 'sort_by=most_engaged_first&status=QUALIFIED' } });
    await ana.post('/app/api/saved-views', { name: 'Mine', query: 'q=ana' });
    const again = await ana.post('/app/api/saved-views', { name: 'Hot, qualified', query: 'status=QUALIFIED' });
    expect(again.body.id).toBe(saved.body.id);
    expect((await ana.get('/app/api/saved-views')).body).toEqual([{ id: saved.body.id, name: 'Hot, qualified', query: 'status=QUALIFIED' }, { id: expect.any(String), name: 'Mine', query: 'q=ana' }]);
    expect((await bo.get('/app/api/saved-views')).body).toEqual([]);
    const blank = await ana.post('/app/api/saved-views', { name: '   ', query: '' });
    expect(blank.status).toBe(422);
    expect(blank.body.detail[0]).toMatchObject({ loc: ['body', 'name'] });
    expect((await bo.post('/app/api/saved-views', { name: 'x', query: 'a#b' })).body.detail[0]).toMatchObject({ loc: ['body', 'query'] });
    const boDelete = await server.client.delete(`/app/api/saved-views/${saved.body.id}`, { headers: bo.headers });
    expect(boDelete).toMatchObject({ status: 404, body: { detail: 'Saved view not found' } });
    expect((await server.client.delete(`/app/api/saved-views/${saved.body.id}`, { headers: ana.headers })).status).toBe(204);
    expect((await ana.get('/app/api/saved-views')).body.map((v: { name: string }) => v.name)).toEqual(['Mine']);
    for (let i = 0; i < 50; i++) expect((await bo.post('/app/api/saved-views', { name: `view ${i}`, query: `days=${i}` })).status).toBe(201);
    const over = await bo.post('/app/api/saved-views', { name: 'one more', query: '' });
    expect(over).toMatchObject({ status: 409, body: { detail: 'At most 50 saved views per member: delete one first' } });
    expect((await bo.post('/app/api/saved-views', { name: 'view 3', query: 'days=30' })).status).toBe(201); // replacing one is not one more
    expect((await bo.get('/app/api/saved-views')).body).toHaveLength(50);
  });
});
