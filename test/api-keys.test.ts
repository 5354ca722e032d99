// API keys as an operator manages them (the CLI's `key create/list/revoke` call these service
// functions; there is no HTTP endpoint for keys): listed without their secret, per workspace or
// all, revoked once, and a revoked key is refused over HTTPS at once. In-process, so mutation
// testing sees it (the CLI tests run in other processes).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiKey, listApiKeys, revokeApiKey } from '../src/auth/api-keys.service.js';
import { ManualClock } from '../src/shared/clock.js';
import { UsageError } from '../src/shared/errors.js';
import { createWorkspace } from '../src/workspace/workspace.service.js';
import { describeEachDialect } from './helpers/dialects.js';
import { startServer, type TestServer } from './helpers/server.js';

const ID = /^key_[0-9a-z]{20}$/;

describeEachDialect('API keys', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(Date.parse('2025-06-02T09:00:00Z'));
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());
  const db = () => server.ctx.database.db;

  it('lists keys by their prefix, never the key, per workspace or all, oldest first', async () => {
    clock.set(Date.parse('2025-06-02T09:00:00Z'));
    const a = await createWorkspace(db(), clock, 'A');
    const b = await createWorkspace(db(), clock, 'B');
    const first = await createApiKey(db(), clock, a.id, 'laptop');
    clock.advance(1_000);
    const second = await createApiKey(db(), clock, b.id, null);
    clock.advance(1_000);
    const third = await createApiKey(db(), clock, a.id, 'ci');
    for (const { id, key } of [first, second, third]) {
      expect(id).toMatch(ID);
      expect(key).toMatch(/^wl_[A-Za-z0-9_-]{43}$/);
    }
    expect(await listApiKeys(db(), a.id)).toEqual([
      { id: first.id, workspace_id: a.id, name: 'laptop', prefix: first.key.slice(0, 9), created_at: '2025-06-02T09:00:00Z', revoked_at: null },
      { id: third.id, workspace_id: a.id, name: 'ci', prefix: third.key.slice(0, 9), created_at: '2025-06-02T09:00:02Z', revoked_at: null },
    ]);
    const all = await listApiKeys(db());
    expect(all.filter((k) => [a.id, b.id].includes(k.workspace_id)).map((k) => k.id)).toEqual([first.id, second.id, third.id]);
    expect(JSON.stringify(all)).not.toContain(first.key);
  });

  it('revokes a key once: refused over HTTPS from then on, listed with the time; the workspace other keys still open', async () => {
    const ws = await server.newWorkspace();
    clock.advance(1_000); // listed by time: the workspace's own key first
    const spare = await createApiKey(db(), clock, ws.id, 'spare');
    expect((await ws.client.get('/v2/workspace/credits')).status).toBe(200);
    const own = (await listApiKeys(db(), ws.id)).find((k) => k.id !== spare.id);
    clock.set(Date.parse('2025-06-03T10:30:00Z'));
    await revokeApiKey(db(), clock, own!.id);
    const refused = await ws.client.get('/v2/workspace/credits');
    expect([refused.status, refused.text]).toEqual([401, '{"detail":"Invalid API key"}']);
    expect((await server.client.get('/v2/workspace/credits', { key: spare.key })).status).toBe(200);
    // Revoking again changes nothing: the first time stays.
    clock.advance(60_000);
    await revokeApiKey(db(), clock, own!.id);
    expect((await listApiKeys(db(), ws.id)).map((k) => [k.id, k.revoked_at])).toEqual([
      [own!.id, '2025-06-03T10:30:00Z'],
      [spare.id, null],
    ]);
  });

  it('refuses an unknown key id or workspace with an operator message, writing nothing', async () => {
    const before = await listApiKeys(db());
    const unknownKey = await revokeApiKey(db(), clock, 'key_missing').then(() => null, (e: unknown) => e);
    expect(unknownKey).toBeInstanceOf(UsageError);
    expect((unknownKey as Error).message).toBe('no API key with id key_missing');
    const unknownWorkspace = await createApiKey(db(), clock, 'ws_missing', 'x').then(() => null, (e: unknown) => e);
    expect(unknownWorkspace).toBeInstanceOf(UsageError);
    expect((unknownWorkspace as Error).message).toBe('no workspace with id ws_missing');
    expect(await listApiKeys(db())).toEqual(before);
  });
});
