import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../src/shared/clock.js';
import type { Client } from './helpers/client.js';
import { describeEachDialect } from './helpers/dialects.js';
import { insertLeads } from './helpers/leads-fixture.js';
import { startServer, type TestServer } from './helpers/server.js';

const T0 = Date.parse('2025-02-01T00:00:00Z');

describeEachDialect('GET /v2/leads errors', (dialect) => {
  let server: TestServer;
  let client: Client;
  let other: Client;
  beforeAll(async () => {
    server = await startServer(dialect, { clock: new ManualClock(Date.parse('2025-02-10T00:00:00Z')), flags: { rateLimit: 100_000 } });
    const ws = await server.newWorkspace();
    client = ws.client;
    await insertLeads(server.ctx.database.db, ws.id, Array.from({ length: 5 }, (_, i) => ({ id: `ld_${i}`, created_at: T0 + i, status: i % 2 ? 'NEW' : 'QUALIFIED' })));
    const ws2 = await server.newWorkspace();
    other = ws2.client;
    await insertLeads(server.ctx.database.db, ws2.id, Array.from({ length: 5 }, (_, i) => ({ id: `ld_${i}`, created_at: T0 + i })));
  });
  afterAll(() => server.close());

  it('gives the exact FastAPI 422 bodies', async () => {
    const cases: Record<string, string> = {
      'limit=0': '{"detail":[{"type":"greater_than_equal","loc":["query","limit"],"msg":"Input should be greater than or equal to 1","input":"0","ctx":{"ge":1}}]}',
      'limit=51': '{"detail":[{"type":"less_than_equal","loc":["query","limit"],"msg":"Input should be less than or equal to 50","input":"51","ctx":{"le":50}}]}',
      'limit=abc': '{"detail":[{"type":"int_parsing","loc":["query","limit"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"abc"}]}',
      'sort_by=bogus': `{"detail":[{"type":"enum","loc":["query","sort_by"],"msg":"Input should be 'newest_first', 'oldest_first', 'last_touch_first', 'last_touch_last', 'most_engaged_first' or 'least_engaged_first'","input":"bogus","ctx":{"expected":"'newest_first', 'oldest_first', 'last_touch_first', 'last_touch_last', 'most_engaged_first' or 'least_engaged_first'"}}]}`,
      'status=DISCARDED': `{"detail":[{"type":"enum","loc":["query","status"],"msg":"Input should be 'NEW', 'QUALIFIED' or 'DISQUALIFIED'","input":"DISCARDED","ctx":{"expected":"'NEW', 'QUALIFIED' or 'DISQUALIFIED'"}}]}`,
      'email_enriched=maybe': '{"detail":[{"type":"bool_parsing","loc":["query","email_enriched"],"msg":"Input should be a valid boolean, unable to interpret input","input":"maybe"}]}',
      'start_date=2024-13-01': '{"detail":[{"type":"date_from_datetime_parsing","loc":["query","start_date"],"msg":"Input should be a valid date or datetime, month value is outside expected range of 1-12","input":"2024-13-01","ctx":{"error":"month value is outside expected range of 1-12"}}]}',
    };
    for (const [q, body] of Object.entries(cases)) {
      const res = await client.get(`/v2/leads?${q}`);
      expect(res.status, q).toBe(422);
      expect(res.text, q).toBe(body);
    }
    const days = await client.get('/v2/leads?days=-1');
    expect(days.body.detail[0]).toMatchObject({ type: 'greater_than_equal', loc: ['query', 'days'] });
  });

  it('reports several query errors in the spec table order', async () => {
    const res = await client.get('/v2/leads?limit=0&email_enriched=x&status=x&days=x&end_date=x&start_date=x&sort_by=x');
    expect(res.body.detail.map((d: any) => d.loc[1])).toEqual(['sort_by', 'start_date', 'end_date', 'days', 'status', 'email_enriched', 'limit']);
  });

  it('rejects every kind of invalid cursor with 400 Invalid cursor', async () => {
    const first = await client.get('/v2/leads?limit=1&status=NEW');
    const cursor: string = first.body.cursor;
    expect(cursor).toEqual(expect.any(String));
    expect((await client.get(`/v2/leads?limit=1&status=NEW&cursor=${cursor}`)).status).toBe(200);
    const [body, mac] = cursor.split('.');
    const tamperedBody = Buffer.from(Buffer.from(body!, 'base64url').toString().replace('ld_', 'ld_x')).toString('base64url');
    const bad = [
      'not-a-cursor',
      'a.b',
      `${tamperedBody}.${mac}`,
      `${cursor}x`,
    ];
    for (const c of bad) {
      const res = await client.get(`/v2/leads?limit=1&status=NEW&cursor=${encodeURIComponent(c)}`);
      expect(res.status, c).toBe(400);
      expect(res.text).toBe('{"detail":"Invalid cursor"}');
    }
    const misuse = [
      client.get(`/v2/leads?limit=1&status=QUALIFIED&cursor=${cursor}`), // other filters
      client.get(`/v2/leads?limit=1&cursor=${cursor}`), // filter dropped
      client.get(`/v2/leads?limit=1&status=NEW&sort_by=oldest_first&cursor=${cursor}`), // other sort
      other.get(`/v2/leads?limit=1&status=NEW&cursor=${cursor}`), // other workspace
      client.get(`/v2/content/team/feed?cursor=${cursor}`), // other endpoint
      client.get(`/v2/content/tracked-contacts/feed?cursor=${cursor}`),
    ];
    for (const res of await Promise.all(misuse)) {
      expect(res.status).toBe(400);
      expect(res.text).toBe('{"detail":"Invalid cursor"}');
    }
    // The limit is not part of the binding: a client may change the page size mid-walk.
    expect((await client.get(`/v2/leads?limit=1&status=NEW&cursor=${cursor}`)).status).toBe(200);
  });
});
