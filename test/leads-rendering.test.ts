// GET /v2/leads renders its leads in the database (src/leads/lead-json.query.ts); GET /v2/leads/{id}
// maps a row in JS (leads.mapper.ts) and serializes it with the LinkedinLeadExport schema. Every
// list page must be those single-lead bodies, byte for byte, in the list's envelope: over leads
// with every field null or odd (flags other than 0/1, JSON that is not an array, quotes, control
// characters and non-ASCII text, times before 1970 and with or without milliseconds, history with
// null times and tied times, notes, a company that does not exist or was changed after it was
// written), in every sort, on both engines.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../src/shared/clock.js';
import { LEAD_SORTS, LeadsPageSchema } from '../src/leads/leads.schemas.js';
import { addTeamMember } from '../src/workspace/workspace.service.js';
import type { ApiResponse, Client } from './helpers/client.js';
import { describeEachDialect } from './helpers/dialects.js';
import { insertCompany, insertLeads, type LeadSeed } from './helpers/leads-fixture.js';
import { startServer, type TestServer } from './helpers/server.js';
import { useTestSeed } from './helpers/test-seed.js';

const { prng } = useTestSeed('leads-rendering.test.ts');
const T0 = Date.parse('2025-04-01T09:30:00Z');
const ODD_TEXT = ['plain', 'quote " and \\ backslash', 'line\nbreak\ttab\u0001ctl', 'é ü 日本 🎉', '</script>', ''];
const TAGS = ['[]', '["vip"]', '["a","b \\"q\\"","é"]', '', 'null', '{"x":1}', '[ "spaced" , "json" ]'];
// Epoch-ms values: whole seconds, milliseconds, before 1970 (with and without milliseconds), the epoch itself.
const times = () => prng.pick([T0, T0 + 1, T0 + 999, T0 + 120_000, -1, -1000, -86_400_001, 0, T0 - prng.int(0, 10 ** 10)]);
const maybe = <T>(value: T): T | null => (prng.chance(0.3) ? null : value);

describeEachDialect('GET /v2/leads renders each lead as GET /v2/leads/{id} does', (dialect) => {
  let server: TestServer;
  let client: Client;
  const clock = new ManualClock(Date.parse('2025-05-01T10:00:00Z'));
  beforeAll(async () => {
    server = await startServer(dialect, { clock, flags: { rateLimit: 1_000_000 } });
    const db = server.ctx.database.db;
    const ws = await server.newWorkspace();
    client = ws.client;
    const { id: memberId } = await addTeamMember(db, clock, ws.id, { email: 'ana+é@acme.test' });
    await insertCompany(db, ws.id, {
      id: 77, slug: 'acme', name: 'Acme "Corp"', picture: 'https://img.test/a.png', employees_num_min: 51, employees_num_max: 200,
      headquarters: 'Zürich', location: 'Zürich, CH', followers: 1200, state: 'ZH', country: 'CH', website_url: 'https://acme.test',
      phone_number: '+41', company_type: 'Private', founded_year: 1999, description: 'line\nbreak "q" 日本', tagline: '</script>',
      industries: '["Software", "SaaS"]', specialties: '[{"k":[1,2.5,true,null]}]', funding: '{"not":"an array"}', is_verified: 1,
      hash_id: 'h77', network_url: 'https://network.test/c/acme', created_at: T0 + 7,
    });
    await insertCompany(db, ws.id, { id: 78, is_verified: 2, specialties: '', created_at: -1500 });
    // A company changed after it was written (as ingestion refreshes a profile, or another process):
    // the kept company_json (migration 0085, both engines) must follow.
    await insertCompany(db, ws.id, { id: 79, name: 'Before', industries: '["Old"]', created_at: T0 });
    await db.updateTable('companies').set({ name: 'After "renamed" 日本', industries: 'null', is_verified: 0, hash_id: 'h79', created_at: -86_400_001 })
      .where('workspace_id', '=', ws.id).where('id', '=', 79).execute();
    const seeds: LeadSeed[] = Array.from({ length: 60 }, (_, i) => ({
      id: `ld_${String(i).padStart(3, '0')}`,
      created_at: prng.pick([T0, T0 + 1, T0 + 999, T0 - prng.int(0, 10 ** 10)]),
      team_member_id: prng.pick([memberId, memberId, null, 'tm_no_such_member']),
      company_id: prng.pick([77, 78, 79, null, 999]),
      status: prng.pick(['NEW', 'QUALIFIED', 'DISQUALIFIED']),
      tags: prng.pick(TAGS),
      crm_id: maybe(prng.pick(ODD_TEXT)),
      crm_contact_url: maybe('https://crm.test/1'),
      first_name: maybe(prng.pick(ODD_TEXT)),
      last_name: maybe(prng.pick(ODD_TEXT)),
      headline: maybe(prng.pick(ODD_TEXT)),
      job_title: maybe('CTO'),
      username: maybe(`user${i}`),
      network_url: maybe(`https://network.test/in/user${i}`),
      contact_email: maybe(`u${i}@x.test`),
      phone_number: maybe('+1 555'),
      enrichment_status: maybe(prng.pick(['ENRICHED', 'PENDING', 'NO_CREDITS'])),
      source: maybe('COMMENT'),
      source_content_url: maybe('https://network.test/posts/1'),
      engagement_events_count: maybe(prng.int(0, 40)),
      engagement_score: prng.chance(0.2) ? null : prng.pick([0, 1, 50, 100, prng.int(0, 100)]),
      is_icp_match: prng.pick([0, 1, 2]),
      is_account_based: prng.pick([0, 1]),
      picture: maybe('https://img.test/p.png'),
      followers_count: maybe(prng.int(0, 10 ** 6)),
      connections_count: maybe(prng.int(0, 500)),
      country: maybe(prng.pick(ODD_TEXT)),
      feed_updated_at: maybe(times()),
      last_engagement_dt: maybe(times()),
    }));
    await insertLeads(db, ws.id, seeds);
    const leadIds = seeds.map((s) => s.id);
    await db.insertInto('lead_history').values(Array.from({ length: 90 }, (_, i) => ({
      workspace_id: ws.id, id: `h_${prng.int(0, 9)}_${i}`, lead_id: prng.pick(leadIds), description: maybe(prng.pick(ODD_TEXT)),
      recorded_at: prng.chance(0.2) ? null : prng.pick([T0, T0 + 5, times()]),
    }))).execute();
    await db.insertInto('lead_notes').values(Array.from({ length: 40 }, (_, i) => ({
      workspace_id: ws.id, id: `n_${prng.int(0, 9)}_${i}`, lead_id: prng.pick(leadIds), content: prng.pick(ODD_TEXT),
      created_at: prng.pick([T0, T0 + 3, times()]), updated_at: times(),
    }))).execute();
  });
  afterAll(() => server.close());

  for (const sort of LEAD_SORTS) {
    it(`walks ${sort}: each page is the single-lead bodies, byte for byte`, async () => {
      let path: string | null = `/v2/leads?sort_by=${sort}&limit=7`;
      let seen = 0;
      while (path) {
        const page: ApiResponse = await client.get(path);
        expect(page.status).toBe(200);
        expect(Object.keys(page.body)).toEqual(Object.keys(LeadsPageSchema.properties));
        const singles = [];
        for (const item of page.body.items as { id: string }[]) {
          const single = await client.get(`/v2/leads/${item.id}`);
          expect(single.status).toBe(200);
          singles.push(single.text);
        }
        const { total, has_more, cursor } = page.body as { total: number; has_more: boolean; cursor: string | null };
        expect(page.text).toBe(`{"total":${total},"items":[${singles.join(',')}],"has_more":${has_more},"cursor":${JSON.stringify(cursor)}}`);
        seen += singles.length;
        path = cursor ? `/v2/leads?sort_by=${sort}&limit=7&cursor=${encodeURIComponent(cursor)}` : null;
      }
      expect(seen).toBe(60);
    });
  }
});
