// Faults the service survives: its own PostgreSQL stopped and started under load, a database it
// cannot reach at start. Real components, started here (docs/faults.md).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, runCli } from './helpers/cli.js';
import { makeClient, type ApiResponse } from './helpers/client.js';
import { postgresBin, startOwnPostgres, type OwnPostgres } from './helpers/own-postgres.js';

describe('start-up against a database it cannot use', () => {
  it('prints one line naming the database and the reason, exits 1', async () => {
    const res = await runCli(['workspace', 'list', '--db', 'postgres://nope@127.0.0.1:1/x']);
    expect(res.code).toBe(1);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(/^warmline: cannot use the database at postgres:\/\/127\.0\.0\.1:1\/x: cannot connect to 127\.0\.0\.1:1: connection refused/);
  }, 30_000);

  it('names a file that is not a database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wl-notdb-'));
    const file = path.join(dir, 'junk.db');
    fs.writeFileSync(file, 'this is not a database, it is a text file with enough bytes to have a header'.repeat(20));
    const res = await runCli(['workspace', 'list', '--db', file]);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(res.code).toBe(1);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toContain(`cannot use the database at ${file}: database: file is not a database`);
  }, 30_000);
});

const runPg = postgresBin !== null;
if (!runPg) console.warn('faults.test: initdb/pg_ctl not found under /usr/lib/postgresql: PostgreSQL restart tests skipped');

describe.runIf(runPg)('PostgreSQL restarted under load', () => {
  let pg: OwnPostgres;
  let server: ChildProcess;
  let url: string;
  let key: string;
  let stderr = '';

  beforeAll(async () => {
    pg = await startOwnPostgres();
    const env = { WARMLINE_DB: pg.url };
    const ws = JSON.parse((await runCli(['workspace', 'create', '--name', 'Faults', '--json'], { env })).stdout);
    key = JSON.parse((await runCli(['key', 'create', '--workspace', ws.id, '--json'], { env })).stdout).key;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wl-faults-'));
    server = spawn(CLI.command, [...CLI.args, 'serve', '--db', pg.url, '--data-dir', dataDir, '--port', '0', '--no-demo', '--no-worker', '--json', '--rate-limit', '1000000'], {
      cwd: CLI.cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', WARMLINE_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stderr!.on('data', (d) => (stderr += d));
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (d) => {
        out += d;
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve(JSON.parse(line).url);
      });
      server.once('exit', (code) => reject(new Error(`server exited (${code}): ${stderr}`)));
    });
  }, 60_000);

  afterAll(() => {
    server?.kill('SIGKILL');
    pg?.destroy();
  });

  it('survives, answers 503 {"detail"} with Retry-After while down, and serves again once PostgreSQL is back', async () => {
    const client = makeClient(url, key);
    expect((await client.get('/v2/workspace/users')).status).toBe(200);

    // Readers keep asking through the whole outage.
    const seen: ApiResponse[] = [];
    let reading = true;
    const readers = Array.from({ length: 4 }, async () => {
      while (reading) seen.push(await client.get('/v2/workspace/users'));
    });
    await new Promise((r) => setTimeout(r, 200));
    pg.stop();
    const down = await client.get('/v2/workspace/users');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ detail: expect.any(String) });
    expect(down.headers['retry-after']).toBe('2');
    // Liveness stays 200; readiness reports the database.
    expect((await client.get('/v2/health', { key: null })).status).toBe(200);
    const ready = await client.get('/v2/ready', { key: null });
    expect([ready.status, ready.body, ready.headers['retry-after']]).toEqual([503, { detail: expect.any(String) }, '2']);
    pg.start();
    const back = Date.now();
    let ok: ApiResponse;
    do ok = await client.get('/v2/workspace/users');
    while (ok.status !== 200 && Date.now() - back < 5_000);
    reading = false;
    await Promise.all(readers);
    expect(ok.status).toBe(200);
    expect((await client.get('/v2/ready', { key: null })).status).toBe(200);
    expect(server.exitCode).toBeNull();
    // Every answer during the run was a success or a 503 in the {"detail"} shape, never a 500.
    for (const res of seen) {
      if (res.status !== 200) expect([res.status, res.body]).toEqual([503, { detail: expect.any(String) }]);
    }
    expect(stderr).not.toMatch(/Unhandled 'error' event/);
  }, 60_000);
});
