// The activity log (docs/operations.md "Activity log"): API keys made and revoked (console,
// CLI) and webhook subscriptions made, changed and deleted (v2 API) each leave one entry, in the
// act's transaction: who (member, API key, operator), when, what, never a secret. Admins read it
// in the console's API, newest first and paged; the operator with `warmline activity`. Entries
// past the retention are deleted by the worker; an act refused leaves none.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWorker } from '../src/engine/worker-tasks.js';
import { ManualClock } from '../src/shared/clock.js';
import { DAY_MS, toIso } from '../src/shared/time.js';
import { runCli } from './helpers/cli.js';
import { consoleSession } from './helpers/console-session.js';
import { describeEachDialect } from './helpers/dialects.js';
import { startServer, type TestServer } from './helpers/server.js';

const NOW = Date.parse('2025-06-10T12:00:00Z');

describeEachDialect('activity log', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(NOW);
  beforeAll(async () => {
    server = await startServer(dialect, { clock, flags: { webhooksAllowPrivate: true } });
  });
  afterAll(() => server.close());
  const dbArg = () => (server.config.db.dialect === 'sqlite' ? server.config.db.file : server.config.db.url);
  const cli = (args: string[]) => runCli([...args, '--db', dbArg()], { env: { WARMLINE_CLOCK_START: String(clock.now()) } });

  it('records who did what to keys and webhooks, newest first, paged, and no secret', async () => {
    const ws = await server.newWorkspace(undefined, { members: 2 });
    const admin = await consoleSession(server, ws.id, ws.members[0]!, 'admin');
    const v2Key = (await server.ctx.database.db.selectFrom('api_keys').select('id').where('workspace_id', '=', ws.id).executeTakeFirstOrThrow()).id;

    clock.advance(1000);
    const made = await admin.post('/app/api/keys', { name: 'zapier' });
    expect(made.status).toBe(201);
    clock.advance(1000);
    expect((await server.client.delete(`/app/api/keys/${made.body.id}`, { headers: admin.headers })).status).toBe(204);
    clock.advance(1000);
    const hook = await ws.client.post('/v2/webhooks', { json: { url: 'https://127.0.0.1:9/hook', event_types: ['lead.created'] } });
    expect(hook.status).toBe(201);
    clock.advance(1000);
    expect((await ws.client.patch(`/v2/webhooks/${hook.body.id}`, { json: { enabled: false } })).status).toBe(200);
    clock.advance(1000);
    expect((await ws.client.delete(`/v2/webhooks/${hook.body.id}`)).status).toBe(204);
    clock.advance(1000);
    const byCli = await cli(['key', 'create', '--workspace', ws.id, '--name', 'cron', '--json']);
    expect(byCli.code, byCli.stderr).toBe(0);
    const cliKey = JSON.parse(byCli.stdout);

    // Refused acts leave nothing: an unknown key, a refused URL.
    expect((await server.client.delete('/app/api/keys/key_nope', { headers: admin.headers })).status).toBe(404);
    expect((await ws.client.post('/v2/webhooks', { json: { url: 'ftp://example.test/', event_types: ['lead.created'] } })).status).toBe(422);

    const seen: any[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await admin.get(`/app/api/activity?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status, page.text).toBe(200);
      seen.push(...page.body.items);
      cursor = page.body.next_cursor;
    } while (cursor);
    const member = { kind: 'member', id: ws.members[0] };
    const key = { kind: 'api_key', id: v2Key };
    const operator = { kind: 'operator', id: null };
    expect(seen.map((e) => [e.action, e.actor, e.subject])).toEqual([
      ['api_key.created', operator, cliKey.id],
      ['webhook.deleted', key, hook.body.id],
      ['webhook.updated', key, hook.body.id],
      ['webhook.created', key, hook.body.id],
      ['api_key.revoked', member, made.body.id],
      ['api_key.created', member, made.body.id],
      ['api_key.created', operator, v2Key],
    ]);
    expect(seen[1].at).toBe(toIso(NOW + 5000));
    expect(seen[3].details).toEqual({ url: 'https://127.0.0.1:9/hook', event_types: ['lead.created'], enabled: true });
    expect(seen[5].details).toMatchObject({ name: 'zapier' });
    const text = JSON.stringify(seen);
    for (const secret of [made.body.key, hook.body.secret, cliKey.key]) expect(text).not.toContain(secret);

    // The operator reads the same log.
    const listed = await cli(['activity', '--workspace', ws.id, '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).items.map((e: any) => e.id)).toEqual(seen.map((e) => e.id));
    const human = await cli(['activity', '--workspace', ws.id, '--limit', '1']);
    expect(human.stdout).toBe(`${seen[0].at}\toperator\tapi_key.created\t${cliKey.id}\t${JSON.stringify(seen[0].details)}\n`);

    // Admins only; a bad cursor is a 400; an unknown workspace one line and exit 1.
    const plain = await consoleSession(server, ws.id, ws.members[1]!, 'member');
    expect((await plain.get('/app/api/activity')).status).toBe(403);
    expect((await admin.get('/app/api/activity?cursor=nope')).status).toBe(400);
    const unknown = await cli(['activity', '--workspace', 'ws_nope']);
    expect([unknown.code, unknown.stderr]).toEqual([1, 'warmline: no workspace with id ws_nope\n']);
  });

  it('deletes entries past the retention (365 days by default) in the worker', async () => {
    const ws = await server.newWorkspace();
    const count = async () => (await server.ctx.database.db.selectFrom('activity_log').select('id').where('workspace_id', '=', ws.id).execute()).length;
    expect(await count()).toBe(1);
    clock.advance(365 * DAY_MS - 1);
    await createWorker(server.ctx, ['delivery']).drain();
    expect(await count()).toBe(1);
    clock.advance(2);
    await createWorker(server.ctx, ['delivery']).drain();
    expect(await count()).toBe(0);
  });
});
