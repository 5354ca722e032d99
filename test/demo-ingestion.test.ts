// The first run: the demo workspace's CONNECTED member is synced by the worker straight away,
// so a new user sees network-born leads with scores, and the team feed filling in.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareFirstRun } from '../src/demo/first-run.js';
import { createWorker } from '../src/engine/worker-tasks.js';
import { ManualClock } from '../src/shared/clock.js';
import { makeClient } from './helpers/client.js';
import { describeEachDialect } from './helpers/dialects.js';
import { startServer, type TestServer } from './helpers/server.js';

describeEachDialect('demo first run feeds ingestion', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(Date.parse('2025-06-01T09:00:00Z'));
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());

  it('creates leads from engagement on the demo member posts in the first worker round', async () => {
    const first = await prepareFirstRun(server.ctx);
    expect(first?.workspaceId).toBe('ws_demo');
    const client = makeClient(server.url, first!.apiKey);
    const before = (await client.get('/v2/leads')).body.total;
    await createWorker(server.ctx).drain();
    const after = await client.get('/v2/leads');
    const born = await server.ctx.database.db.selectFrom('engagement_events').select('lead_id').distinct().where('workspace_id', '=', 'ws_demo').where('lead_id', 'is not', null).execute();
    expect(born.length).toBeGreaterThan(5);
    expect(after.body.total).toBeGreaterThan(before);
    const feed = await server.ctx.database.db.selectFrom('posts').select('id').where('workspace_id', '=', 'ws_demo').where('id', 'like', 'sbx_post_%').execute();
    expect(feed.length).toBeGreaterThan(0);
    const ledger = await client.get('/v2/workspace/credits');
    expect(ledger.status, ledger.text).toBe(200);
    expect(ledger.body.current_balance).toBeLessThan(500); // the demo grant paid for emails found
  });
});
