import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiKey } from '../src/auth/api-keys.service.js';
import { makeClient } from './helpers/client.js';
import { describeEachDialect } from './helpers/dialects.js';
import { startServer, type TestServer } from './helpers/server.js';

describeEachDialect('authentication', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  const notAuthenticated = '{"detail":"Not authenticated"}';
  const invalidKey = '{"detail":"Invalid API key"}';

  it('answers 401 with WWW-Authenticate: Bearer for a missing header or another scheme', async () => {
    const malformed = [{}, { authorization: 'Basic dXNlcjpwYXNz' }, { authorization: 'Bearer' }, { authorization: 'Token abc' }, { authorization: 'NotBearer abc' }, { authorization: 'Bearer abc def' }, { authorization: 'Bearer abc\u00a0' }];
    for (const headers of malformed as Array<Record<string, string>>) {
      const res = await server.client.get('/v2/workspace/users', { headers });
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.text).toBe(notAuthenticated);
    }
  });

  it('answers 401 Invalid API key for a well-formed but unknown key', async () => {
    const res = await server.client.get('/v2/workspace/credits', { key: 'wl_not-a-real-key' });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.text).toBe(invalidKey);
  });

  it('accepts the scheme word in any case', async () => {
    const ws = await server.newWorkspace();
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const res = await server.client.get('/v2/workspace/credits', { headers: { authorization: `${scheme} ${ws.key}` } });
      expect(res.status, scheme).toBe(200);
    }
    // Spaces or tabs around the key are not part of it.
    for (const authorization of [`Bearer  ${ws.key}`, `Bearer\t${ws.key}`, `Bearer ${ws.key} `, `Bearer ${ws.key}\t`]) {
      expect((await server.client.get('/v2/workspace/credits', { headers: { authorization } })).status, JSON.stringify(authorization)).toBe(200);
    }
  });

  it('checks the key before validating the request', async () => {
    // /v2/leads validates its query (limit is an integer): with a key, the same request is a 422.
    const ws = await server.newWorkspace();
    expect((await ws.client.get('/v2/leads?limit=oops')).status).toBe(422);
    const res = await server.client.get('/v2/leads?limit=oops');
    expect(res.status).toBe(401);
    expect(res.text).toBe(notAuthenticated);
  });

  it('stores keys only as a hash', async () => {
    const ws = await server.newWorkspace();
    const rows = await server.ctx.database.db.selectFrom('api_keys').selectAll().where('workspace_id', '=', ws.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(ws.key);
    expect(rows[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describeEachDialect('rate limit', (dialect) => {
  let server: TestServer;
  const LIMIT = 5;
  beforeAll(async () => {
    server = await startServer(dialect, { flags: { rateLimit: LIMIT } });
  });
  afterAll(() => server.close());

  it('allows the budget per workspace, shared by all its keys, then 429 with the exact body and headers', async () => {
    const ws = await server.newWorkspace();
    const second = await createApiKey(server.ctx.database.db, server.ctx.clock, ws.id, 'second');
    const other = makeClient(server.url, second.key);
    const remaining: string[] = [];
    for (let i = 0; i < LIMIT; i++) {
      const res = await (i % 2 === 0 ? ws.client : other).get('/v2/workspace/credits');
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe(String(LIMIT));
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(1);
      remaining.push(res.headers['x-ratelimit-remaining']);
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    const limited = await other.get('/v2/workspace/users');
    expect(limited.status).toBe(429);
    expect(limited.text).toBe(`{"detail":"Rate limit exceeded: ${LIMIT} requests per minute"}`);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(limited.headers['x-request-id']).toBeTruthy();

    const elsewhere = await server.newWorkspace();
    expect((await elsewhere.client.get('/v2/workspace/credits')).status).toBe(200);
  });

  it('never limits the health check, the root, the docs or the OpenAPI document', async () => {
    const ws = await server.newWorkspace();
    for (let i = 0; i < LIMIT + 3; i++) {
      for (const path of ['/v2/health', '/', '/openapi.json']) {
        const res = await server.client.get(path, { key: ws.key });
        expect(res.status, path).toBe(200);
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      }
    }
    expect((await ws.client.get('/v2/workspace/credits')).status).toBe(200);
  });

  it('limits failed authentication per client address with the same budget', async () => {
    const fresh = await startServer(dialect, { flags: { rateLimit: LIMIT } });
    try {
      for (let i = 0; i < LIMIT; i++) {
        const res = await fresh.client.get('/v2/workspace/users', { key: `wl_guess_${i}` });
        expect(res.status).toBe(401);
      }
      const res = await fresh.client.get('/v2/workspace/users', { key: 'wl_guess_last' });
      expect(res.status).toBe(429);
      expect(res.text).toBe(`{"detail":"Rate limit exceeded: ${LIMIT} requests per minute"}`);
      // A good key still works from the same address: its budget is the workspace's.
      const ws = await fresh.newWorkspace();
      expect((await ws.client.get('/v2/workspace/users')).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('counts failed authentication per address: another client address has its own budget, a workspace one budget from everywhere', async () => {
    const fresh = await startServer(dialect, { flags: { rateLimit: LIMIT } });
    try {
      const here = fresh.client;
      const there = fresh.client.from('127.0.0.2');
      for (let i = 0; i < LIMIT; i++) expect((await here.get('/v2/workspace/users', { key: `wl_guess_${i}` })).status).toBe(401);
      expect((await here.get('/v2/workspace/users', { key: 'wl_guess_last' })).status).toBe(429);
      const elsewhere = await there.get('/v2/workspace/users', { key: 'wl_guess_there' });
      expect([elsewhere.status, elsewhere.headers['x-ratelimit-remaining']]).toEqual([401, String(LIMIT - 1)]);

      const ws = await fresh.newWorkspace();
      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) statuses.push((await (i % 2 ? there : here).withKey(ws.key).get('/v2/workspace/credits')).status);
      expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
    } finally {
      await fresh.close();
    }
  });
});

const redisUrl = process.env.WARMLINE_TEST_REDIS_URL;
describeEachDialect('rate limit shared through Redis', (dialect) => {
  it.skipIf(!redisUrl)('two server processes share one budget per workspace', async () => {
    const flags = { rateLimit: 4, redisUrl };
    const a = await startServer(dialect, { flags });
    const b = await startServer(dialect, { flags, env: {} });
    try {
      // Both servers must see the same workspace: use server A's database through B as well.
      const ws = await a.newWorkspace();
      const key = ws.key;
      await b.ctx.database.db.insertInto('workspaces').values({ id: ws.id, name: 'shared', created_at: 0 }).execute();
      const row = await a.ctx.database.db.selectFrom('api_keys').selectAll().where('workspace_id', '=', ws.id).executeTakeFirstOrThrow();
      await b.ctx.database.db.insertInto('api_keys').values(row).execute();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await makeClient(i % 2 ? b.url : a.url, key).get('/v2/workspace/credits')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
