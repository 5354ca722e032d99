// Faults the service survives: its own PostgreSQL stopped and started under load (readers and
// PATCH writers), a database it cannot reach at start. Real components, started here (docs/faults.md).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb } from '../src/db/connect.js';
import { runCli } from './helpers/cli.js';
import { makeClient, type ApiResponse } from './helpers/client.js';
import { insertLeads } from './helpers/leads-fixture.js';
import { postgresBin, startOwnPostgres, type OwnPostgres } from './helpers/own-postgres.js';
import { cliWorkspace, sleep, spawnServe, type ServeProcess } from './helpers/serve-process.js';
import { tempDir } from './helpers/temp-dirs.js';

describe('start-up against a database it cannot use', () => {
  it('prints one line naming the database and the reason, exits 1', async () => {
    const res = await runCli(['workspace', 'list', '--db', 'postgres://nope@127.0.0.1:1/x']);
    expect(res.code).toBe(1);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(/^warmline: cannot use the database at postgres:\/\/127\.0\.0\.1:1\/x: cannot connect to 127\.0\.0\.1:1: connection refused/);
  }, 30_000);

  it('names a file that is not a database', async () => {
    const dir = tempDir('notdb');
    const file = path.join(dir, 'junk.db');
    fs.writeFileSync(file, 'this is not a database, it is a text file with enough bytes to have a header'.repeat(20));
    const res = await runCli(['workspace', 'list', '--db', file]);
    expect(res.code).toBe(1);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toContain(`cannot use the database at ${file}: database: file is not a database`);
  }, 30_000);
});

const runPg = postgresBin !== null;
if (!runPg) console.warn('faults.test: initdb/pg_ctl not found under /usr/lib/postgresql: PostgreSQL restart tests skipped');

const LEADS = 4;

describe.runIf(runPg)('PostgreSQL restarted under load', () => {
  let pg: OwnPostgres;
  let server: ServeProcess;
  let key: string;

  beforeAll(async () => {
    pg = await startOwnPostgres();
    const ws = await cliWorkspace(pg.url);
    key = ws.key;
    const handle = connectDb({ dialect: 'postgres', url: pg.url });
    await insertLeads(handle.db, ws.id, Array.from({ length: LEADS }, (_, i) => ({ id: `lead-${i}`, created_at: Date.parse('2025-06-02T09:00:00Z') + i })));
    await handle.close();
    server = await spawnServe(pg.url, { args: ['--no-worker', '--rate-limit', '1000000'] });
  }, 60_000);

  afterAll(() => {
    server?.child.kill('SIGKILL');
    pg?.destroy();
  });

  it('survives, answers 503 {"detail"} with Retry-After while down, keeps every acknowledged write, and serves again within 5 s', async () => {
    const client = makeClient(server.url, key);
    expect((await client.get('/v2/workspace/users')).status).toBe(200);

    // Readers and PATCH writers (one lead each, a note per write) keep going through the whole outage.
    const seen: ApiResponse[] = [];
    const acknowledged = new Map<string, string[]>();
    let running = true;
    const readers = Array.from({ length: 3 }, async () => {
      while (running) seen.push(await client.get('/v2/leads?limit=10'));
    });
    const writers = Array.from({ length: LEADS }, async (_, w) => {
      const lead = `lead-${w}`;
      acknowledged.set(lead, []);
      for (let n = 0; running; n++) {
        const res = await client.patch(`/v2/leads/${lead}`, { json: { note: { note_content: `write ${n}` } } });
        seen.push(res);
        if (res.status === 200) acknowledged.get(lead)!.push(`write ${n}`);
      }
    });
    const acks = () => [...acknowledged.values()].reduce((sum, notes) => sum + notes.length, 0);
    // Each writer has been acknowledged at least once before the outage (the test's timeout bounds the wait).
    while ([...acknowledged.values()].some((notes) => notes.length === 0)) await sleep(50);
    const beforeOutage = acks();
    pg.stop();
    const down = await client.get('/v2/workspace/users');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ detail: expect.any(String) });
    expect(down.headers['retry-after']).toBe('2');
    const downWrite = await client.patch('/v2/leads/lead-0', { json: { note: { note_content: 'during the outage' } } });
    expect([downWrite.status, downWrite.body, downWrite.headers['retry-after']]).toEqual([503, { detail: expect.any(String) }, '2']);
    // Liveness stays 200; readiness reports the database.
    expect((await client.get('/v2/health', { key: null })).status).toBe(200);
    const ready = await client.get('/v2/ready', { key: null });
    expect([ready.status, ready.body, ready.headers['retry-after']]).toEqual([503, { detail: expect.any(String) }, '2']);
    pg.start();
    const back = Date.now();
    let ok: ApiResponse;
    do ok = await client.get('/v2/workspace/users');
    while (ok.status !== 200 && Date.now() - back < 5_000);
    const recoveredMs = Date.now() - back;
    console.info(`faults.test: PostgreSQL back → first 200 after ${recoveredMs} ms`);
    // Writes are acknowledged after the outage too.
    while (ok.status === 200 && acks() < beforeOutage + LEADS && Date.now() - back < 10_000) await sleep(50);
    running = false;
    await Promise.all([...readers, ...writers]);
    expect(ok.status).toBe(200);
    expect(recoveredMs).toBeLessThan(5_000);
    expect((await client.get('/v2/ready', { key: null })).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    // Every answer during the run was a success or a 503 in the {"detail"} shape, never a 500.
    for (const res of seen) {
      if (res.status !== 200) expect([res.status, res.body, res.headers['retry-after']]).toEqual([503, { detail: expect.any(String) }, '2']);
    }
    expect(seen.filter((r) => r.status === 503).length).toBeGreaterThan(0);
    // Every acknowledged write is stored, before and after the outage alike.
    expect(acks()).toBeGreaterThanOrEqual(beforeOutage + LEADS);
    for (const [lead, notes] of acknowledged) {
      const stored = (await client.get(`/v2/leads/${lead}`)).body.notes.map((n: { content: string }) => n.content);
      for (const note of notes) expect(stored, lead).toContain(note);
    }
    expect(server.stderr()).not.toMatch(/Unhandled 'error' event/);
  }, 60_000);
});
