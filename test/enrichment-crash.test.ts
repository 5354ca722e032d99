// No double spend under a kill -9 of a real worker: `warmline worker` enriches against the local
// Hunter fake and is killed while a look-up is in flight; a second worker finishes the queue.
// Every email found is charged exactly once, to its own lead, and every lead is settled.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createContext, createLogger, type AppContext } from '../src/context.js';
import { grantCredits } from '../src/workspace/workspace.service.js';
import { runCli } from './helpers/cli.js';
import { createTestDatabase, dbArgOf, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import { FakeHunter } from './helpers/fake-hunter.js';
import { company, event, fold, person, postOf } from './helpers/ingestion-fixtures.js';
import { tempDir } from './helpers/temp-dirs.js';
import { ended, spawnWorker } from './helpers/worker-process.js';
import { addMember } from './helpers/workspaces.js';

const LEADS = 12;

describeEachDialect('enrichment under kill -9 of a worker', (dialect) => {
  let database: TestDatabase;
  let ctx: AppContext;
  const hunter = new FakeHunter();
  beforeAll(async () => {
    await hunter.start();
    database = await createTestDatabase(dialect);
    ctx = await createContext(loadConfig({ db: dbArgOf(database.target), dataDir: tempDir('enrich-crash'), logLevel: 'silent' }, {}), { logger: createLogger('silent') });
  });
  afterAll(async () => {
    hunter.release();
    await ctx?.close();
    await database?.drop();
    await hunter.close();
  });

  it('charges each email found once, however the worker dies', async () => {
    const db = ctx.database.db;
    const env = { WARMLINE_DB: dbArgOf(database.target) };
    expect((await runCli(['workspace', 'create', '--name', 'Crash', '--id', 'ws_crash'], { env })).code).toBe(0);
    const keyFile = path.join(tempDir('keys'), 'hunter.key');
    fs.writeFileSync(keyFile, hunter.key);
    expect((await runCli(['enrichment', 'bind', 'ws_crash', 'hunter', '--key-file', keyFile], { env })).code).toBe(0);
    await grantCredits(db, ctx.clock, 'ws_crash', 100, 'test');
    const acme = { ...company('acme'), website_url: 'https://acme.test' };
    const names = Array.from({ length: LEADS }, (_, i) => `Crash${i}`);
    // Two in three have an email at Hunter.
    names.forEach((n, i) => i % 3 !== 2 && hunter.knows('Pat', n, 'acme.test', `${n.toLowerCase()}@acme.test`));
    const post = postOf(await addMember(ctx, 'ws_crash'));
    await fold(db, 'ws_crash', ctx.clock.now(), names.map((n) => event(post, { ...person(n, { company: acme }), last_name: n }, 'LIKE', ctx.clock.now() - 1000)));

    const workerEnv = { ...env, WARMLINE_HUNTER_URL: hunter.url, WARMLINE_WORKER_IDLE_MS: '50' };
    // Four look-ups are answered, the fifth is held: the worker is killed while it waits for that answer.
    const heldOne = new Promise<void>((resolve) => hunter.holdAfter(4, resolve));
    const first = spawnWorker(dbArgOf(database.target), workerEnv, 'ingestion');
    await first.started;
    await heldOne;
    await ended(first.child, 'SIGKILL');
    hunter.release();

    const second = spawnWorker(dbArgOf(database.target), workerEnv, 'ingestion');
    await second.started;
    const waiting = () => db.selectFrom('leads').select('id').where('workspace_id', '=', 'ws_crash').where('enrichment_status', '=', 'PENDING').execute();
    const deadline = Date.now() + 60_000;
    while ((await waiting()).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await ended(second.child, 'SIGTERM');

    const leads = await db.selectFrom('leads').select(['id', 'enrichment_status', 'contact_email']).where('workspace_id', '=', 'ws_crash').execute();
    const enriched = leads.filter((l) => l.enrichment_status === 'ENRICHED');
    expect(leads.filter((l) => l.enrichment_status === 'PENDING')).toEqual([]);
    expect(enriched).toHaveLength(8);
    const spends = await db.selectFrom('credit_ledger').select('reason').where('workspace_id', '=', 'ws_crash').where('delta', '<', 0).execute();
    expect(spends.map((s) => s.reason).sort()).toEqual(enriched.map((l) => `email at acme.test found for lead ${l.id} by hunter`).sort());
    // The look-up lost with the first worker was asked again: one more call than there are leads.
    expect(hunter.calls.length).toBeGreaterThan(LEADS);
  });
}, 180_000);
