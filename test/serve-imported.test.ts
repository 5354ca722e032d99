// The user's path of issue 13, black-box: a workspace restored with `warmline import` and served
// with the plain `warmline serve` (worker on) while the clock runs a simulated week fast stays
// byte for byte as imported; another workspace of the same database, imported with
// `--network sandbox --activity`, gains leads meanwhile (so the worker was busy).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLI, cliEnv, runCli } from './helpers/cli.js';
import { makeClient } from './helpers/client.js';
import { createTestDatabase, dbArgOf, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import { snapshotFixture } from './helpers/snapshot-fixture.js';
import { tempDir } from './helpers/temp-dirs.js';
import { acceleratedClock, clockShows, ended } from './helpers/worker-process.js';

const START = Date.parse('2025-06-02T08:00:00Z');
const DAY = 86_400_000;
/** A simulated week in about six real seconds. */
const RATE = 100_000;

describeEachDialect('plain serve on an imported workspace', (dialect) => {
  let database: TestDatabase;
  let dir = '';
  let env: Record<string, string> = {};
  const cli = async (args: string[]) => {
    const res = await runCli(args, { env });
    expect(res.code, `${args.join(' ')}: ${res.stderr}`).toBe(0);
    return res.stdout;
  };
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dir = tempDir('serve-imported');
    env = { WARMLINE_DB: dbArgOf(database.target), WARMLINE_DATA_DIR: dir };
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('leaves the restored workspace unchanged for a simulated week while a bound one gains leads', { timeout: 120_000 }, async () => {
    const restored = snapshotFixture(40, 'ws_restored');
    for (const [name, doc] of [['restored', restored], ['live', snapshotFixture(40, 'ws_live')]] as const) fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(doc));
    await cli(['import', path.join(dir, 'restored.json')]);
    await cli(['import', path.join(dir, 'live.json'), '--network', 'sandbox', '--activity']);
    await cli(['enrichment', 'bind', 'ws_live', 'sandbox']);
    const before = await cli(['export', '--workspace', 'ws_restored']);
    expect(before.replace(/\n/g, '')).toBe(JSON.stringify(restored));
    const key = JSON.parse(await cli(['key', 'create', '--workspace', 'ws_live', '--json'])).key as string;

    const clock = acceleratedClock(START, RATE);
    const child = spawn(CLI.command, [...CLI.args, 'serve', '--port', '0', '--json', '--log-level', 'warn'], {
      cwd: CLI.cwd,
      env: { ...cliEnv(), ...env, ...clock },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (d) => {
          out += d;
          const line = out.split('\n').find((l) => l.startsWith('{'));
          if (line) resolve(JSON.parse(line).url);
        });
        child.once('exit', (code) => reject(new Error(`serve exited (${code}) before it listened: ${err}`)));
      });
      const live = makeClient(url, key);
      const leads = async () => (await live.get('/v2/leads')).body.total as number;
      const liveBefore = await leads();
      // Waits (polling, not timing) until a simulated week has passed and the live workspace grew.
      for (let i = 0; i < 600; i++) {
        if (clockShows(clock) >= START + 7 * DAY && (await leads()) > liveBefore) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(clockShows(clock)).toBeGreaterThanOrEqual(START + 7 * DAY);
      expect(await leads()).toBeGreaterThan(liveBefore);
    } finally {
      expect(await ended(child, 'SIGTERM'), err).toBe(0);
    }
    expect(await cli(['export', '--workspace', 'ws_restored'])).toBe(before);
  });
});
