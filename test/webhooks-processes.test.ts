// Outbound webhooks with real processes: `warmline webhook …` commands as an operator runs them,
// and at-least-once delivery through a kill -9 of a real `warmline worker`.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { dbArgOf, describeEachDialect } from './helpers/dialects.js';
import { event, fold, person, postOf } from './helpers/ingestion-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.js';
import { acceleratedClock, ended, spawnWorker } from './helpers/worker-process.js';

describeEachDialect('outbound webhooks with processes', (dialect) => {
  let server: TestServer;
  let receiver: Receiver;
  let env: Record<string, string>;
  const dbUrl = () => dbArgOf(server.config.db);
  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startServer(dialect, { flags: { webhooksAllowPrivate: true } });
    env = { WARMLINE_DB: dbUrl(), WARMLINE_DATA_DIR: server.config.dataDir };
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  const cli = async (args: string[], extra: Record<string, string> = {}) => {
    const res = await runCli([...args, '--json'], { env: { ...env, ...extra } });
    if (res.code !== 0) throw new Error(`warmline ${args.join(' ')} failed: ${res.stderr}`);
    return JSON.parse(res.stdout);
  };

  it('webhook create, list, update, test and delete; the API shows the same; bad input is one line and exit 1', async () => {
    const ws = await server.newWorkspace('Ops');
    const created = await cli(['webhook', 'create', '--workspace', ws.id, '--url', receiver.url, '--events', 'lead.created,message.replied', '--webhooks-allow-private']);
    expect(created.secret).toMatch(/^whsec_/);
    const listed = await cli(['webhook', 'list', '--workspace', ws.id]);
    const { secret: _secret, ...shown } = created;
    expect(listed).toEqual([shown]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const updated = await cli(['webhook', 'update', created.id, '--workspace', ws.id, '--events', 'lead.updated', '--disable']);
    expect(updated).toMatchObject({ event_types: ['lead.updated'], enabled: false });
    expect((await ws.client.get(`/v2/webhooks/${created.id}`)).body).toMatchObject({ event_types: ['lead.updated'], enabled: false });
    const queued = await cli(['webhook', 'test', created.id, '--workspace', ws.id]);
    expect(queued.event_id).toMatch(/^evt_/);

    const bad = [
      ['webhook', 'create', '--workspace', ws.id, '--url', receiver.url, '--events', 'lead.exploded'],
      ['webhook', 'create', '--workspace', ws.id, '--url', receiver.url, '--events', 'lead.created'], // http on loopback without the flag
      ['webhook', 'update', 'whk_nope', '--workspace', ws.id, '--enable'],
      ['webhook', 'delete', created.id, '--workspace', 'ws_nope'],
    ];
    for (const args of bad) {
      const res = await runCli(args, { env });
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
    expect((await cli(['webhook', 'list', '--workspace', ws.id])).map((s: { id: string }) => s.id)).toEqual([created.id]);
    expect(await cli(['webhook', 'delete', created.id, '--workspace', ws.id])).toEqual({ deleted: created.id });
    expect((await ws.client.get(`/v2/webhooks/${created.id}`)).status).toBe(404);
  }, 120_000);

  it('loses no event through a kill -9 of the worker; a duplicate carries the same webhook-id', async () => {
    const ws = await server.newWorkspace('Crash', { members: 1, enrichment: 'none' });
    const sub = await ws.client.post('/v2/webhooks', { json: { url: receiver.url, event_types: ['lead.created'] } });
    receiver.secret = sub.body.secret;
    receiver.received = [];
    receiver.delayMs = 40;
    const now = Date.now();
    const people = Array.from({ length: 30 }, (_, i) => person(`URN-K${String(i).padStart(2, '0')}`));
    // One fold per person: 30 events written in a known order.
    for (const p of people) await fold(server.ctx.database.db, ws.id, now, [event(postOf(ws.members[0]!), p, 'LIKE', now - 1000)]);
    const expected = (await server.ctx.database.db.selectFrom('webhook_outbox').select(['id', 'seq']).where('subscription_id', '=', sub.body.id).orderBy('seq').execute()).map((r) => r.id);
    expect(expected).toHaveLength(30);

    // A clock 600 times as fast: the dead worker's lease (5 minutes) lapses in half a second.
    const workerEnv = { ...env, WARMLINE_WEBHOOKS_ALLOW_PRIVATE: 'true', ...acceleratedClock(Date.now(), 600) };
    const first = spawnWorker(dbUrl(), workerEnv, 'delivery');
    await first.started;
    while (receiver.received.length < 8) await new Promise((r) => setTimeout(r, 10));
    await ended(first.child, 'SIGKILL');
    const second = spawnWorker(dbUrl(), workerEnv, 'delivery');
    await second.started;
    const deadline = Date.now() + 30_000;
    while (new Set(receiver.received.map((r) => r.id)).size < 30 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await ended(second.child, 'SIGTERM');

    const ids = receiver.received.map((r) => r.id);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    // Every event arrived; first arrivals in the order written; any repeat is a retry of the event just before it.
    expect([...new Set(ids)]).toEqual(expected);
    for (let i = 1; i < ids.length; i++) if (ids[i] !== ids[i - 1]) expect(expected.indexOf(ids[i]!)).toBe(expected.indexOf(ids[i - 1]!) + 1);
    const undelivered = await server.ctx.database.db.selectFrom('webhook_outbox').select('id').where('subscription_id', '=', sub.body.id).where('delivered_at', 'is', null).execute();
    expect(undelivered).toEqual([]);
  }, 60_000);
});
