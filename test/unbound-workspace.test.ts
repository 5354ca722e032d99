// Two workspaces in one database under a running worker on an accelerated clock: one bound to
// the simulated network with activity, one imported and left at none. After a simulated week the
// one at none exports byte for byte as it was imported, while the other has new leads.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createContext, createLogger, type AppContext } from '../src/context.js';
import { exportSnapshot } from '../src/snapshot/snapshot.export.js';
import { importWorkspace } from '../src/operator/import.operator.js';
import { createTestDatabase, dbArgOf, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import { snapshotFixture, toStream } from './helpers/snapshot-fixture.js';
import { acceleratedClock, clockShows, ended, spawnWorker } from './helpers/worker-process.js';

const START = Date.parse('2025-06-02T08:00:00Z');
const DAY = 86_400_000;
/** A simulated week in about six real seconds. */
const RATE = 100_000;

async function exportText(ctx: AppContext, workspaceId: string): Promise<string> {
  let text = '';
  const sink = new Writable({ write: (chunk, _enc, done) => ((text += chunk), done()) });
  await exportSnapshot(ctx.database.db, workspaceId, sink);
  return text;
}

describeEachDialect('a workspace bound to none under a running worker', (dialect) => {
  let database: TestDatabase;
  let ctx: AppContext;
  let dbUrl = '';
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dbUrl = dbArgOf(database.target);
    ctx = await createContext(loadConfig({ db: dbUrl, demo: false }, {}), { logger: createLogger('silent') });
  });
  afterAll(async () => {
    await ctx?.close();
    await database?.drop();
  });

  it('is never touched by an engine, while a workspace bound to the sandbox with activity gains leads', async () => {
    const deps = { db: ctx.database.db, clock: ctx.clock, networks: ctx.networks, enrichments: ctx.enrichments, sandbox: ctx.sandbox, dialect: ctx.database.dialect };
    const quiet = snapshotFixture(40, 'ws_quiet');
    await importWorkspace(deps, toStream(quiet));
    await importWorkspace(deps, toStream(snapshotFixture(40, 'ws_live')), { network: { provider: 'sandbox', options: { activity: true } }, enrichment: { provider: 'sandbox', options: {} } });
    const before = await exportText(ctx, 'ws_quiet');
    expect(before.replace(/\n/g, '')).toBe(JSON.stringify(quiet)); // the export is the imported document
    const leads = async (ws: string) => Number((await ctx.database.db.selectFrom('leads').select((eb) => eb.fn.countAll().as('n')).where('workspace_id', '=', ws).executeTakeFirstOrThrow()).n);
    const liveBefore = await leads('ws_live');

    const env = acceleratedClock(START, RATE);
    const worker = spawnWorker(dbUrl, env, 'delivery,ingestion,outreach');
    try {
      await worker.started;
      // Waits (polling, not timing) until a simulated week has passed and the live workspace grew.
      for (let i = 0; i < 600; i++) {
        const week = clockShows(env) >= START + 7 * DAY;
        if (week && (await leads('ws_live')) > liveBefore) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      expect(await ended(worker.child, 'SIGTERM')).toBe(0);
    }
    expect(clockShows(env)).toBeGreaterThanOrEqual(START + 7 * DAY);
    expect(await leads('ws_live')).toBeGreaterThan(liveBefore);
    expect(await exportText(ctx, 'ws_quiet')).toBe(before);
  });
});
