// SIGTERM under load: `warmline serve` stops taking connections at once, lets the requests in
// flight finish and exits 0; past WARMLINE_STOP_GRACE_MS, or on a second SIGTERM, it exits at
// once with status 1 (docs/faults.md). Requests are held in flight deterministically: the test
// locks the leads table of a PostgreSQL of its own, so PATCHes wait inside the database.
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb } from '../src/db/connect.js';
import { makeClient, type ApiResponse } from './helpers/client.js';
import { insertLeads } from './helpers/leads-fixture.js';
import { postgresBin, startOwnPostgres, type OwnPostgres } from './helpers/own-postgres.js';
import { cliWorkspace, sleep, spawnServe, type ServeProcess } from './helpers/serve-process.js';

const LEADS = 6;

const accepts = (url: string) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

if (postgresBin === null) console.warn('graceful-stop.test: initdb/pg_ctl not found under /usr/lib/postgresql: the SIGTERM-under-load tests are skipped');

describe.runIf(postgresBin !== null)('SIGTERM under load', () => {
  let own: OwnPostgres;
  let key: string;
  let locker: pg.Client;
  let watcher: pg.Client;

  beforeAll(async () => {
    own = await startOwnPostgres();
    const ws = await cliWorkspace(own.url);
    key = ws.key;
    const handle = connectDb({ dialect: 'postgres', url: own.url });
    await insertLeads(handle.db, ws.id, Array.from({ length: LEADS }, (_, i) => ({ id: `lead-${i}`, created_at: Date.parse('2025-06-02T09:00:00Z') + i })));
    await handle.close();
    locker = new pg.Client({ connectionString: own.url });
    watcher = new pg.Client({ connectionString: own.url });
    await Promise.all([locker.connect(), watcher.connect()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([locker?.end(), watcher?.end()]);
    own?.destroy();
  });

  /** Holds every write to leads until `release` (reads go on); resolves once `n` PATCHes wait on the lock. */
  async function holdWrites(server: ServeProcess, tag: string) {
    await locker.query('BEGIN; LOCK TABLE leads IN EXCLUSIVE MODE');
    const client = makeClient(server.url, key);
    const inFlight = Array.from({ length: LEADS }, (_, i) => client.patch(`/v2/leads/lead-${i}`, { json: { crm_id: `${tag}-${i}` } }).catch((err: Error) => err));
    // Another connection looks: pg_stat_activity stays as it was for the whole of a transaction.
    for (let waited = 0; ; waited += 20) {
      const { rows } = await watcher.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND wait_event_type = 'Lock'");
      if (rows[0].n >= LEADS) break; // the worker's re-scoring may wait too
      if (waited > 10_000) throw new Error(`only ${rows[0].n} of ${LEADS} PATCHes wait on the lock`);
      await sleep(20);
    }
    return { inFlight: Promise.all(inFlight), release: () => locker.query('COMMIT') };
  }

  it('stops accepting, finishes the requests in flight, and exits 0', async () => {
    const server = await spawnServe(own.url); // the worker runs too
    const reader = makeClient(server.url, key);
    expect((await reader.get('/v2/leads/lead-0')).status).toBe(200);
    const held = await holdWrites(server, 'done');
    server.child.kill('SIGTERM');
    const signalled = Date.now();
    while (await accepts(server.url)) await sleep(20);
    console.info(`graceful-stop.test: SIGTERM → listening socket closed after ${Date.now() - signalled} ms`);
    await sleep(500);
    expect(server.child.exitCode).toBeNull(); // still finishing what it holds
    await held.release();
    const released = Date.now();
    const answers = (await held.inFlight) as ApiResponse[];
    expect(answers.map((a) => a.status)).toEqual(Array(LEADS).fill(200));
    expect(await server.exited, server.stderr()).toBe(0);
    console.info(`graceful-stop.test: requests in flight released → exit 0 after ${Date.now() - released} ms`);
    const { rows } = await locker.query('SELECT id, crm_id FROM leads ORDER BY id');
    expect(rows.map((r) => r.crm_id)).toEqual(Array.from({ length: LEADS }, (_, i) => `done-${i}`));
    expect(server.stderr()).not.toMatch(/"level":50/);
  }, 60_000);

  it('exits at once with status 1 when the grace time is over, or on a second SIGTERM', async () => {
    const bounded = await spawnServe(own.url, { env: { WARMLINE_STOP_GRACE_MS: '1000' } });
    let held = await holdWrites(bounded, 'cut');
    bounded.child.kill('SIGTERM');
    const signalled = Date.now();
    expect(await bounded.exited).toBe(1);
    const boundMs = Date.now() - signalled;
    console.info(`graceful-stop.test: grace 1000 ms → exited after ${boundMs} ms`);
    expect(boundMs).toBeGreaterThanOrEqual(1_000);
    expect(boundMs).toBeLessThan(3_000);
    expect(bounded.stderr()).toContain('grace time over');
    await held.release();
    await held.inFlight;

    const twice = await spawnServe(own.url, { env: { WARMLINE_STOP_GRACE_MS: '60000' } });
    held = await holdWrites(twice, 'cut');
    twice.child.kill('SIGTERM');
    await sleep(300);
    expect(twice.child.exitCode).toBeNull();
    const again = Date.now();
    twice.child.kill('SIGTERM');
    expect(await twice.exited).toBe(1);
    expect(Date.now() - again).toBeLessThan(1_000);
    expect(twice.stderr()).toContain('asked again');
    await held.release();
    await held.inFlight;
    // Cut off or not, each write is whole: a lead has its old value or its new one, and the database is usable.
    const { rows } = await locker.query('SELECT crm_id FROM leads ORDER BY id');
    for (const [i, r] of rows.entries()) expect([`done-${i}`, `cut-${i}`]).toContain(r.crm_id);
  }, 60_000);
});
