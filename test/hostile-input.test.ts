// Requests a client should never send, and the answers they get: every one in the `{"detail": …}`
// shape with an X-Request-Id, including the errors the framework and the HTTP parser raise
// themselves. Runs on both dialects: some inputs (NUL characters, very long ids) only hurt a
// PostgreSQL store.
import { randomBytes } from 'node:crypto';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from './helpers/dialects.js';
import { addCampaign, addContact, addLead } from './helpers/networking-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';
import type { ApiResponse, Client } from './helpers/client.js';

const MiB = 1024 * 1024;
const JSON_HEADERS = { 'content-type': 'application/json' };
const modelAttributes = (input: string) =>
  JSON.stringify({ detail: [{ type: 'model_attributes_type', loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', input }] });

/** Sends bytes the HTTP client libraries would refuse to, and returns the raw answer. */
function rawRequest(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: hostname, port: Number(port), rejectUnauthorized: false }, () => socket.end(bytes));
    let answer = '';
    socket.on('data', (d) => (answer += d));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parseRaw(answer: string): ApiResponse {
  const [head, ...rest] = answer.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  const text = rest.join('\r\n\r\n');
  return { status: Number(statusLine.split(' ')[1]), headers, text, body: JSON.parse(text) };
}

interface Row {
  name: string;
  send: () => Promise<ApiResponse>;
  status: number;
  /** The exact body, or a check of the parsed one. */
  body: string | ((body: any) => void);
}

describeEachDialect('hostile input', (dialect) => {
  let server: TestServer;
  let api: Client;
  let leadId: string;
  let campaignId: string;
  let memberId: string;
  let contactUrn: string;

  beforeAll(async () => {
    server = await startServer(dialect);
    const ws = await server.newWorkspace(undefined, { members: 1, connected: true });
    api = ws.client;
    memberId = ws.members[0];
    contactUrn = await addContact(server, ws.id);
    leadId = await addLead(server, ws.id, contactUrn);
    campaignId = (await addCampaign(server, ws.id, { name: 'C', creatorId: memberId, status: 'ACTIVE' })).id;
  });
  afterAll(() => server.close());

  const profiles = (n: number, profile: unknown = {}) => ({ profiles: Array.from({ length: n }, () => profile) });
  const longId = 'x'.repeat(5000);
  const nul = 'a\u0000b';

  const rows = (): Row[] => [
    // Media types: anything but JSON is raw text, as FastAPI reads it.
    { name: 'empty Content-Type', send: () => api.post('/v2/networking/connections/send', { raw: '{"a":1}', headers: { 'content-type': '' } }), status: 422, body: modelAttributes('{"a":1}') },
    { name: 'unparseable Content-Type', send: () => api.put(`/v2/networking/campaigns/${campaignId}`, { raw: 'x', headers: { 'content-type': ';;/' } }), status: 422, body: modelAttributes('x') },
    { name: 'unsupported media type', send: () => api.patch(`/v2/leads/${leadId}`, { raw: '<a/>', headers: { 'content-type': 'application/xml' } }), status: 422, body: modelAttributes('<a/>') },
    // Paths the router cannot decode, and ids of any length: the resource is not found.
    { name: 'invalid UTF-8 escapes in a lead id', send: () => api.get('/v2/leads/%FF%FE'), status: 400, body: '{"detail":"Lead record not found"}' },
    { name: 'invalid escapes in a lead id (PATCH)', send: () => api.patch('/v2/leads/%ZZ', { json: {} }), status: 400, body: '{"detail":"Lead record not found"}' },
    { name: 'invalid escape in a campaign id', send: () => api.get('/v2/networking/campaigns/%ZZ'), status: 404, body: '{"detail":"Campaign not found"}' },
    { name: 'invalid escape in a campaign id (PUT)', send: () => api.put('/v2/networking/campaigns/%E0%A4%A', { json: profiles(1, { username: 'a' }) }), status: 404, body: '{"detail":"Campaign not found"}' },
    { name: 'invalid escape outside any route', send: () => api.get('/v2/no%ZZthing'), status: 404, body: '{"detail":"Not Found"}' },
    { name: 'lead id of 5,000 characters', send: () => api.get(`/v2/leads/${longId}`), status: 400, body: '{"detail":"Lead record not found"}' },
    { name: 'campaign id of 5,000 characters', send: () => api.put(`/v2/networking/campaigns/${longId}`, { json: profiles(1, { username: 'a' }) }), status: 404, body: '{"detail":"Campaign not found"}' },
    { name: 'NUL in a lead id', send: () => api.get('/v2/leads/a%00b'), status: 400, body: '{"detail":"Lead record not found"}' },
    { name: 'NUL in a query filter', send: () => api.get('/v2/leads?company_public_id=%00&post_id=%00'), status: 200, body: (b) => expect(b.items).toEqual([]) },
    // Bodies that are large, deep or broken.
    { name: 'body over 1 MiB', send: () => api.patch(`/v2/leads/${leadId}`, { raw: `{"a":"${'x'.repeat(MiB)}"}`, headers: JSON_HEADERS }), status: 413, body: '{"detail":"Request body too large"}' },
    { name: '1 MiB of unclosed [1,1,1,…', send: () => api.patch(`/v2/leads/${leadId}`, { raw: `[${'1,'.repeat(MiB / 2 - 1)}`, headers: JSON_HEADERS }), status: 422,
      body: JSON.stringify({ detail: [{ type: 'json_invalid', loc: ['body', MiB - 1], msg: 'JSON decode error', input: {}, ctx: { error: 'Expecting value' } }] }) },
    { name: '[ × 10,000', send: () => api.patch(`/v2/leads/${leadId}`, { raw: '['.repeat(10_000), headers: JSON_HEADERS }), status: 400, body: '{"detail":"There was an error parsing the body"}' },
    { name: 'valid JSON nested 5,000 deep', send: () => api.patch(`/v2/leads/${leadId}`, { raw: '['.repeat(5000) + ']'.repeat(5000), headers: JSON_HEADERS }), status: 400, body: '{"detail":"There was an error parsing the body"}' },
    { name: 'valid JSON nested 500 deep, echoed in full', send: () => api.patch(`/v2/leads/${leadId}`, { raw: '['.repeat(500) + ']'.repeat(500), headers: JSON_HEADERS }), status: 422,
      body: modelAttributes('').replace('""', '['.repeat(500) + ']'.repeat(500)) },
    { name: '100,000 empty profiles: one too_long, as Pydantic stops there', send: () => api.put(`/v2/networking/campaigns/${campaignId}`, { json: profiles(100_000) }), status: 422,
      body: (b) => {
        expect(b.detail).toHaveLength(1);
        expect(b.detail[0]).toMatchObject({ type: 'too_long', loc: ['body', 'profiles'], ctx: { field_type: 'List', max_length: 1000, actual_length: 100_000 } });
      } },
    { name: '1 MiB of empty profiles: more arrays and objects than any request holds', send: () => api.put(`/v2/networking/campaigns/${campaignId}`, { json: profiles(300_000) }), status: 400, body: '{"detail":"There was an error parsing the body"}' },
    { name: '1,000 profiles with six errors each: the first 1,000 errors', send: () => api.put(`/v2/networking/campaigns/${campaignId}`, { json: profiles(1000, { username: [], network_urn: [], first_name: [], last_name: [], email: [], crm_id: [] }) }), status: 422,
      body: (b) => {
        expect(b.detail).toHaveLength(1000);
        expect(b.detail[0]).toEqual({ type: 'string_type', loc: ['body', 'profiles', 0, 'username'], msg: 'Input should be a valid string', input: [] });
        expect(b.detail[999].loc).toEqual(['body', 'profiles', 166, 'last_name']);
      } },
    // Strings a PostgreSQL store cannot hold or index.
    { name: 'NUL characters in stored strings', send: () => api.patch(`/v2/leads/${leadId}`, { json: { tags: [nul], note: { note_content: nul }, crm_id: nul } }), status: 200, body: (b) => expect(b.tags).toHaveLength(1) },
    // A username is a handle (letters and digits of any script, then - _ .): NUL is refused like a space.
    { name: 'NUL in a name, and the longest handles', send: () => api.put(`/v2/networking/campaigns/${campaignId}`, { json: { profiles: [{ username: 'nul-name', first_name: nul }, { username: 'é'.repeat(200), network_urn: `ACo${'😀'.repeat(197)}` }] } }), status: 200, body: '{}' },
    { name: 'NUL in a username', send: () => api.put(`/v2/networking/campaigns/${campaignId}`, { json: { profiles: [{ username: nul }] } }), status: 422,
      body: (b) => expect(b.detail[0]).toMatchObject({ type: 'string_pattern_mismatch', loc: ['body', 'profiles', 0, 'username'] }) },
    { name: 'a handle too long to index', send: () => api.put(`/v2/networking/campaigns/${campaignId}`, { json: profiles(1, { username: randomBytes(75_000).toString('base64') }) }), status: 422,
      body: (b) => expect(b.detail[0]).toMatchObject({ type: 'string_too_long', loc: ['body', 'profiles', 0, 'username'], ctx: { max_length: 200 } }) },
    { name: 'a 100,000-character CRM id', send: () => api.patch(`/v2/leads/${leadId}`, { json: { crm_id: randomBytes(75_000).toString('base64') } }), status: 200, body: (b) => expect(b.crm_id).toHaveLength(100_000) },
    { name: 'NUL in ids of a connection request', send: () => api.post('/v2/networking/connections/send', { json: { team_member_id: nul, lead_id: nul } }), status: 403, body: '{"detail":"Invalid team_member_id"}' },
    { name: 'NUL in a message', send: () => api.post('/v2/networking/connections/send', { json: { team_member_id: memberId, contact_urn: contactUrn, message: nul } }), status: 200, body: '{}' },
    // Routing and transport.
    { name: 'unknown route', send: () => api.get('/v2/nothing'), status: 404, body: '{"detail":"Not Found"}' },
    { name: 'wrong method', send: () => api.delete(`/v2/leads/${leadId}`), status: 405, body: '{"detail":"Method Not Allowed"}' },
    { name: 'wrong method on a public path', send: () => api.post('/v2/health', { json: {} }), status: 405, body: '{"detail":"Method Not Allowed"}' },
    { name: 'wrong method on the OpenAPI document', send: () => api.delete('/openapi.json'), status: 405, body: '{"detail":"Method Not Allowed"}' },
    { name: 'unknown route outside /v2', send: () => api.get('/nothing/here'), status: 404, body: '{"detail":"Not Found"}' },
    // Fastify answers ids over its maxParamLength with its own 414 body; the id reaches the route instead.
    { name: 'lead id as long as a request line can be (no 414)', send: () => api.get(`/v2/leads/${'x'.repeat(16_000)}`), status: 400, body: '{"detail":"Lead record not found"}' },
    { name: 'header of 17 KB', send: () => api.get('/v2/health', { headers: { 'x-padding': 'p'.repeat(17 * 1024) } }), status: 431, body: '{"detail":"Request Header Fields Too Large"}' },
    { name: 'request target "*"', send: async () => parseRaw(await rawRequest(server.url, 'OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')), status: 404, body: '{"detail":"Not Found"}' },
    { name: 'absolute-form target the router cannot read', send: async () => parseRaw(await rawRequest(server.url, 'GET http:///v2/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')), status: 404, body: '{"detail":"Not Found"}' },
    { name: 'CONNECT', send: async () => parseRaw(await rawRequest(server.url, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n')), status: 404, body: '{"detail":"Not Found"}' },
    { name: 'HTTP/1.1 without a Host header', send: async () => parseRaw(await rawRequest(server.url, 'GET /v2/health HTTP/1.1\r\nConnection: close\r\n\r\n')), status: 200, body: '{}' },
    { name: 'a path out of the static directory', send: async () => parseRaw(await rawRequest(server.url, 'GET /docs/static/../../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')), status: 404, body: '{"detail":"Not Found"}' },
    { name: 'a static file that does not exist', send: () => api.get('/docs/static/nothing.js'), status: 404, body: '{"detail":"Not Found"}' },
    { name: 'malformed request line', send: async () => parseRaw(await rawRequest(server.url, 'GET /v2/health HTTP/9\r\n\r\n')), status: 400, body: '{"detail":"Bad Request"}' },
  ];

  describe('every answer is in the {"detail"} shape with a request id', () => {
    for (const row of rows()) {
      it(row.name, async () => {
        const res = await row.send();
        expect(res.status, res.text.slice(0, 300)).toBe(row.status);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        if (typeof row.body === 'string') expect(res.text).toBe(row.body);
        else row.body(res.body);
      });
    }
  });

  it('builds picture links from the server address, never from the Host header', async () => {
    const res = await api.get(`/v2/leads/${leadId}`, { headers: { host: 'evil.example' } });
    expect(res.body.picture).toBe(`${server.url}/static/placeholder-avatar.svg`);
  });
});
