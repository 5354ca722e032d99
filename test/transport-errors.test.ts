import tls from 'node:tls';
import { request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnce } from './helpers/dialects.js';
import { startServer, type TestServer } from './helpers/server.js';

describeOnce('transport and common errors', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, {
      extraRoutes: (app) => {
        app.get('/v2/boom', async () => {
          throw new Error('secret internals');
        });
        app.post('/v2/echo', async (req) => ({ size: JSON.stringify(req.body).length }));
        app.get('/v2/teapot', async () => {
          throw Object.assign(new Error('a plugin refusing the request'), { statusCode: 418 });
        });
      },
    });
  });
  afterAll(() => server.close());

  it('serves HTTPS only: a plain-HTTP request to the port fails', async () => {
    const port = new URL(server.url).port;
    await expect(request(`http://127.0.0.1:${port}/v2/health`, { headersTimeout: 3000, bodyTimeout: 3000 }).then((r) => r.body.text())).rejects.toThrow();
  });

  it('refuses TLS older than 1.2', async () => {
    const port = Number(new URL(server.url).port);
    const outcome = await new Promise<string>((resolve) => {
      const socket = tls.connect({ host: '127.0.0.1', port, rejectUnauthorized: false, minVersion: 'TLSv1', maxVersion: 'TLSv1.1' });
      socket.once('secureConnect', () => resolve('connected'));
      socket.once('error', () => resolve('refused'));
    });
    expect(outcome).toBe('refused');
  });

  it('answers GET / and GET /v2/health without a key', async () => {
    expect((await server.client.get('/')).text).toBe('{"name":"Warmline","version":"0.2.0","docs_url":"/docs","openapi_url":"/openapi.json"}');
    const health = await server.client.get('/v2/health');
    expect(health.status).toBe(200);
    expect(health.text).toBe('{}');
  });

  it('answers 404 for unknown paths and 405 for a known path with another method', async () => {
    const missing = await server.client.get('/v2/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('{"detail":"Not Found"}');
    const wrong = await server.client.post('/v2/workspace/users', { json: {} });
    expect(wrong.status).toBe(405);
    expect(wrong.text).toBe('{"detail":"Method Not Allowed"}');
    expect(wrong.headers.allow).toContain('GET');
  });

  it('hides server faults behind a 500 that carries the request id', async () => {
    const res = await server.client.get('/v2/boom', { headers: { 'x-request-id': 'trace-123' } });
    expect(res.status).toBe(500);
    expect(res.text).toBe('{"detail":"Internal Server Error"}');
    expect(res.headers['x-request-id']).toBe('trace-123');
  });

  it("answers a plugin's own client error with its status, in the {\"detail\"} shape", async () => {
    const res = await server.client.get('/v2/teapot');
    expect(res.status).toBe(418);
    expect(res.text).toBe('{"detail":"I\'m a Teapot"}');
  });

  it('puts a request id on every response, echoing a sane one and replacing an unsafe one', async () => {
    expect((await server.client.get('/v2/health')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await server.client.get('/v2/health', { headers: { 'x-request-id': 'abc.DEF-1' } })).headers['x-request-id']).toBe('abc.DEF-1');
    expect((await server.client.get('/v2/health', { headers: { 'x-request-id': 'bad id<script>' } })).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses bodies over 1 MiB with 413', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(1024 * 1024) });
    const res = await server.client.post('/v2/echo', { raw: big, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.text).toBe('{"detail":"Request body too large"}');
  });
});

describeOnce('behind a TLS-terminating proxy (trust proxy)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { flags: { trustProxy: true } });
  });
  afterAll(() => server.close());

  it('listens without TLS and rejects requests not forwarded as https', async () => {
    expect(server.url.startsWith('http://')).toBe(true);
    for (const headers of [{}, { 'x-forwarded-proto': 'http' }] as Array<Record<string, string>>) {
      const res = await server.client.get('/v2/health', { headers });
      expect(res.status).toBe(400);
      expect(res.text).toBe('{"detail":"HTTPS required"}');
    }
    const ok = await server.client.get('/v2/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(ok.status).toBe(200);
  });

  it('builds links from the forwarded scheme and the listening address, never from the forwarded host', async () => {
    const ws = await server.newWorkspace();
    const { addTeamMember } = await import('../src/workspace/workspace.service.js');
    await addTeamMember(server.ctx.database.db, server.ctx.clock, ws.id, { email: 'a@b.test' });
    const res = await ws.client.get('/v2/workspace/users', { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.example.test' } });
    expect(res.body[0].profile_picture).toBe(`https://127.0.0.1:${new URL(server.url).port}/static/placeholder-avatar.svg`);
  });
});
