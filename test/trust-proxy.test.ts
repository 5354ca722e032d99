// Behind a reverse proxy (--trust-proxy), the client address is the right-most X-Forwarded-For
// entry not added by a trusted proxy: an X-Forwarded-For a client writes itself, different on
// every request, escapes none of the per-address limits (failed API authentication, the webhook
// endpoint's, the console's sign-in lock-out). The proxy is a real one, in front of the server.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONSOLE_LIMITS } from '../src/console/console-auth.service.js';
import { makeClient } from './helpers/client.js';
import { describeEachDialect } from './helpers/dialects.js';
import { startReverseProxy, type ReverseProxy } from './helpers/reverse-proxy.js';
import { startServer, type TestServer } from './helpers/server.js';

const LIMIT = 10;
const HOOK_LIMIT = 6;
const ROUNDS = 3 * LIMIT;

/** `count` requests, each with another client-written X-Forwarded-For; their statuses. */
async function rotating(count: number, send: (forwardedFor: string, i: number) => Promise<{ status: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send(`198.51.100.${i + 1}`, i)).status);
  return statuses;
}

const firstRefusal = (statuses: number[]) => statuses.indexOf(429);

for (const mode of ['hops', 'addresses'] as const) {
  describeEachDialect(`--trust-proxy by ${mode}: the client address is the one the proxy saw`, (dialect) => {
    let server: TestServer;
    let proxy: ReverseProxy;
    // The proxy reaches the service from 127.0.0.2; its clients connect to it from 127.0.0.1 or 127.0.0.3.
    const PROXY_ADDRESS = '127.0.0.2';
    beforeAll(async () => {
      server = await startServer(dialect, { flags: { trustProxy: mode === 'hops' ? '1' : PROXY_ADDRESS, rateLimit: LIMIT, hookRateLimit: HOOK_LIMIT } });
      proxy = await startReverseProxy(server.url, PROXY_ADDRESS);
    });
    afterAll(async () => {
      await proxy.close();
      await server.close();
    });

    it('counts wrong keys with a rotating X-Forwarded-For against the one client: 429 after the limit; another client keeps its own budget', async () => {
      const client = makeClient(proxy.url, 'wl_wrong-key');
      const statuses = await rotating(ROUNDS, (xff) => client.get('/v2/workspace/credits', { headers: { 'x-forwarded-for': xff } }));
      expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
      expect(firstRefusal(statuses)).toBe(LIMIT);
      expect(new Set(statuses.slice(LIMIT))).toEqual(new Set([429]));
      // A second machine behind the same proxy is not locked out by the first one's failures.
      const other = makeClient(proxy.url, 'wl_wrong-key', '127.0.0.3');
      expect((await other.get('/v2/workspace/credits', { headers: { 'x-forwarded-for': '198.51.100.1' } })).status).toBe(401);
    });

    it("counts the webhook endpoint's per-address budget the same way", async () => {
      const client = makeClient(proxy.url, null, '127.0.0.4');
      const statuses = await rotating(3 * HOOK_LIMIT, (xff) => client.post('/hooks/unipile/hk_unknown', { json: {}, headers: { 'x-forwarded-for': xff } }));
      expect(firstRefusal(statuses)).toBe(HOOK_LIMIT);
      expect(new Set(statuses.slice(HOOK_LIMIT))).toEqual(new Set([429]));
    });

    it("locks the console's sign-in for the address after its failures, whatever X-Forwarded-For says", async () => {
      const client = makeClient(proxy.url, null, '127.0.0.5');
      // A different email each time: the account lock-out never applies, only the address's.
      const statuses = await rotating(CONSOLE_LIMITS.addressFailures + 5, (xff, i) =>
        client.post('/app/api/sign-in', { json: { email: `nobody${i}@example.test`, password: 'wrong password' }, headers: { 'x-forwarded-for': xff } }),
      );
      expect(statuses.slice(0, CONSOLE_LIMITS.addressFailures)).toEqual(Array(CONSOLE_LIMITS.addressFailures).fill(401));
      expect(new Set(statuses.slice(CONSOLE_LIMITS.addressFailures))).toEqual(new Set([429]));
    });

    if (mode === 'addresses') {
      it('believes no X-Forwarded-For from a peer that is not a trusted proxy: a direct client is its own address', async () => {
        const direct = makeClient(server.url, 'wl_wrong-key', '127.0.0.6');
        const statuses = await rotating(ROUNDS, (xff) => direct.get('/v2/workspace/credits', { headers: { 'x-forwarded-for': xff, 'x-forwarded-proto': 'https' } }));
        expect(firstRefusal(statuses)).toBe(LIMIT);
      });
    }
  });
}
