// A seeded fuzz of every endpoint with hostile paths, queries, headers and bodies: no answer is a
// 5xx, and every error is in the documented shape with an X-Request-Id. The seed is printed;
// WARMLINE_FUZZ_SEED replays a run and WARMLINE_FUZZ_RUNS makes it longer. It runs on both
// dialects because some inputs only hurt one store (PostgreSQL refuses NUL characters and
// index entries over ~2.7 kB).
import fc from 'fast-check';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './helpers/dialects.js';
import { addCampaign, addContact, addLead } from './helpers/networking-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

const SEED = Number(process.env.WARMLINE_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.WARMLINE_FUZZ_RUNS ?? 300);
const MiB = 1024 * 1024;
const agent = new Agent({ connect: { rejectUnauthorized: false }, keepAliveTimeout: 1000 });

interface World {
  key: string;
  leadId: string;
  campaignId: string;
  archivedCampaignId: string;
  memberId: string;
  contactUrn: string;
}

interface Endpoint {
  method: string;
  path: (id: string) => string;
  /** Valid ids for the path's parameter, if it has one. */
  ids?: (w: World) => string[];
  query: string[];
  body?: (w: World) => Arbitrary<Record<string, unknown>>;
}
type Arbitrary<T> = fc.Arbitrary<T>;

const LIST_QUERY = ['limit', 'cursor'];
const FEED_QUERY = ['sort_by', 'start_date', 'end_date', 'days', 'team_member_id', ...LIST_QUERY];
const target = (w: World) =>
  fc.oneof(fc.record({ contact_urn: fc.constant(w.contactUrn) }), fc.record({ lead_id: fc.constant(w.leadId) }), fc.constant({}));

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: () => '/', query: [] },
  { method: 'GET', path: () => '/v2/health', query: [] },
  { method: 'GET', path: () => '/openapi.json', query: [] },
  { method: 'GET', path: () => '/static/placeholder-avatar.svg', query: [] },
  { method: 'GET', path: () => '/v2/leads', query: ['sort_by', 'start_date', 'end_date', 'days', 'status', 'company_public_id', 'post_id', 'email_enriched', ...LIST_QUERY] },
  { method: 'GET', path: (id) => `/v2/leads/${id}`, ids: (w) => [w.leadId], query: [] },
  {
    method: 'PATCH', path: (id) => `/v2/leads/${id}`, ids: (w) => [w.leadId], query: [],
    body: () => fc.record({
      status: fc.constantFrom('NEW', 'QUALIFIED', 'DISQUALIFIED'),
      tags: fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }),
      note: fc.record({ note_content: fc.string({ minLength: 1, maxLength: 50 }) }),
      crm_id: fc.string({ maxLength: 20 }),
      crm_contact_url: fc.webUrl(),
      is_icp_match: fc.boolean(),
    }, { requiredKeys: [] }),
  },
  { method: 'GET', path: () => '/v2/workspace/users', query: [] },
  { method: 'GET', path: () => '/v2/workspace/credits', query: [] },
  { method: 'GET', path: () => '/v2/content/team/feed', query: FEED_QUERY },
  { method: 'GET', path: () => '/v2/content/tracked-contacts/feed', query: FEED_QUERY },
  { method: 'GET', path: () => '/v2/networking/campaigns', query: LIST_QUERY },
  { method: 'GET', path: (id) => `/v2/networking/campaigns/${id}`, ids: (w) => [w.campaignId], query: [] },
  {
    method: 'PUT', path: (id) => `/v2/networking/campaigns/${id}`, ids: (w) => [w.campaignId, w.archivedCampaignId], query: [],
    body: () => fc.record({
      profiles: fc.array(fc.record({ username: fc.string({ minLength: 1, maxLength: 30 }), first_name: fc.option(fc.string()), network_urn: fc.option(fc.string()) }, { requiredKeys: ['username'] }), { minLength: 1, maxLength: 5 }),
    }),
  },
  { method: 'PATCH', path: () => '/v2/networking/connections/check', query: [], body: (w) => target(w).map((t) => ({ team_member_id: w.memberId, ...t })) },
  { method: 'POST', path: () => '/v2/networking/connections/send', query: [], body: (w) => fc.tuple(target(w), fc.option(fc.string({ maxLength: 300 }))).map(([t, message]) => ({ team_member_id: w.memberId, ...t, message })) },
  { method: 'POST', path: () => '/v2/networking/connections/direct-message', query: [], body: (w) => fc.tuple(target(w), fc.string({ minLength: 1, maxLength: 100 })).map(([t, message]) => ({ team_member_id: w.memberId, ...t, message })) },
];

// Values that have broken services before: empty, huge, NUL, unpaired escapes, other scripts.
const nastyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '😀'.repeat(300), 'x'.repeat(5000), "' OR 1=1 --", '../../etc/passwd', '\u202e', 'null', 'NaN', '-1', '0', '1e309', '9'.repeat(40), '2024-02-30', 'true'),
);
const nastyJson: Arbitrary<unknown> = fc.oneof(fc.jsonValue({ maxDepth: 3 }), nastyText, fc.constantFrom(null, -1, 1.5, 2 ** 64, [], {}, [[[[]]]]));

const pathSegment = (valid: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...valid) },
    { weight: 2, arbitrary: nastyText.map(encodeURIComponent) },
    { weight: 2, arbitrary: fc.constantFrom('%FF%FE', '%ZZ', '%E0%A4%A', '%', '%00', 'a%2Fb', '%2e%2e', 'x'.repeat(101), 'y'.repeat(8000)) },
  );

const queryValue = fc.oneof(nastyText.map(encodeURIComponent), fc.constantFrom('%FF', '%ZZ', '', 'newest_first', 'QUALIFIED', '2024-01-15', '5', '51', 'a+b'));
const query = (names: string[]) =>
  fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names, 'limit'), fc.string({ maxLength: 8 }).map(encodeURIComponent)), queryValue), { maxLength: 4 })
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`));

const contentType = fc.constantFrom(undefined, '', 'application/json', 'application/json; charset=utf-16', 'APPLICATION/JSON', 'application/problem+json',
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', ';;', 'foo', '*/*', 'application/');

function bodies(endpoint: Endpoint, world: World): Arbitrary<string | Buffer | undefined> {
  const valid = endpoint.body ? endpoint.body(world) : fc.constant({});
  const mutated = fc.tuple(valid, fc.string({ maxLength: 12 }), nastyJson).map(([b, k, v]) => {
    const keys = Object.keys(b);
    return { ...b, [keys.length > 0 && k.length % 2 === 0 ? keys[k.length % keys.length] : k]: v };
  });
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: valid.map((b) => JSON.stringify(b)) },
    { weight: 4, arbitrary: mutated.map((b) => JSON.stringify(b)) },
    { weight: 2, arbitrary: nastyJson.map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: fc.tuple(valid, fc.nat(), fc.string({ maxLength: 3 })).map(([b, at, junk]) => { const t = JSON.stringify(b); const i = at % (t.length + 1); return t.slice(0, i) + junk; }) },
    { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 1, max: 3000 }), fc.boolean()).map(([n, close]) => '['.repeat(n) + (close ? ']'.repeat(n) : '')) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 20_000 }).map((n) => `[${'1,'.repeat(n)}`) },
    { weight: 1, arbitrary: fc.integer({ min: 1001, max: 20_000 }).map((n) => JSON.stringify({ profiles: Array.from({ length: n }, () => ({})) })) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)) },
    { weight: 1, arbitrary: fc.constantFrom(`[${'1,'.repeat(MiB / 2 - 1)}`, `{"a":"${'x'.repeat(MiB)}"}`) },
  );
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

function requests(world: World): Arbitrary<FuzzRequest> {
  return fc.constantFrom(...ENDPOINTS).chain((endpoint) =>
    fc.record({
      method: fc.oneof({ weight: 5, arbitrary: fc.constant(endpoint.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD') }),
      path: endpoint.ids ? pathSegment(endpoint.ids(world)).map(endpoint.path) : fc.constant(endpoint.path('')),
      query: query(endpoint.query.length > 0 ? endpoint.query : ['x']),
      type: contentType,
      auth: fc.constantFrom(`Bearer ${world.key}`, `Bearer ${world.key}`, `bearer\t${world.key}`, undefined, 'Bearer wl_nope', 'Basic YTpi', `Bearer ${'k'.repeat(3000)}`),
      requestId: fc.option(fc.stringMatching(/^[ -~]{0,200}$/)),
      bigHeader: fc.oneof({ weight: 19, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      body: bodies(endpoint, world),
    }).map(({ method, path, query: q, type, auth, requestId, bigHeader, body }) => {
      const headers: Record<string, string> = {};
      if (type !== undefined) headers['content-type'] = type;
      if (auth !== undefined) headers.authorization = auth;
      if (requestId !== null) headers['x-request-id'] = requestId;
      if (bigHeader) headers['x-padding'] = 'p'.repeat(17 * 1024);
      return { method, url: `${path}${q}`, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body };
    }),
  );
}

const summary = (r: FuzzRequest) =>
  `${r.method} ${r.url.slice(0, 200)} ${JSON.stringify(r.headers).slice(0, 300)} body=${String(r.body ?? '').slice(0, 200)}`;

describeEachDialect('fuzz', (dialect) => {
  let server: TestServer;
  let world: World;
  beforeAll(async () => {
    server = await startServer(dialect, { flags: { rateLimit: 1_000_000 } });
    const ws = await server.newWorkspace(undefined, { members: 1, connected: true });
    const memberId = ws.members[0];
    const contactUrn = await addContact(server, ws.id);
    world = {
      key: ws.key,
      memberId,
      contactUrn,
      leadId: await addLead(server, ws.id, contactUrn),
      campaignId: (await addCampaign(server, ws.id, { name: 'Active', creatorId: memberId, status: 'ACTIVE' })).id,
      archivedCampaignId: (await addCampaign(server, ws.id, { name: 'Old', creatorId: memberId, status: 'ARCHIVED' })).id,
    };
  });
  afterAll(() => server.close());

  it(`answers ${RUNS} hostile requests without a 5xx, every error as {"detail"} with a request id`, async () => {
    console.log(`fuzz [${dialect}]: seed ${SEED}, ${RUNS} requests (replay: WARMLINE_FUZZ_SEED=${SEED})`);
    await fc.assert(
      fc.asyncProperty(requests(world), async (r) => {
        const res = await request(`${server.url}${r.url}`, { method: r.method as any, headers: r.headers, body: r.body, dispatcher: agent });
        const text = await res.body.text();
        const what = `${summary(r)} → ${res.statusCode} ${text.slice(0, 300)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        expect(res.headers['x-request-id'], what).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
        if (res.statusCode < 400 || r.method === 'HEAD') return;
        expect(res.headers['content-type'], what).toMatch(/^application\/json/);
        const { detail } = JSON.parse(text);
        if (res.statusCode === 422) {
          expect(Array.isArray(detail) && detail.length > 0, what).toBe(true);
          for (const e of detail) expect(Object.keys(e).slice(0, 3), what).toEqual(['type', 'loc', 'msg']);
        } else {
          expect(typeof detail, what).toBe('string');
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 180_000);
});
