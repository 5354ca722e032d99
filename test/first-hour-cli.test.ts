// An operator's first hour with the CLI, where it went wrong before (issue 58): the command the
// server prints works as printed, whatever database it was started on; Ctrl-C during an import
// says so and leaves nothing behind; a second server on the same data directory is refused.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cliEnv, runCli } from './helpers/cli.js';
import { makeClient } from './helpers/client.js';
import { createTestDatabase, dbArgOf, describeEachDialect, describeOnce, type TestDatabase } from './helpers/dialects.js';
import { tempDir } from './helpers/temp-dirs.js';

// Generous: each test starts several CLI processes, each a whole program start on a busy machine.
const TIMEOUT = 180_000;

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
  /** Resolves once stdout matched what the caller waits for, or the process ended. */
  ready: Promise<void>;
}

/** `warmline <args>` as a process; `ready` resolves once stdout matches `until` (or the process ended). */
function start(args: string[], until: RegExp, env: Record<string, string> = {}): Started {
  const child = spawn(CLI.command, [...CLI.args, ...args], { cwd: CLI.cwd, env: { ...cliEnv(), WARMLINE_LOG_LEVEL: 'silent', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve) => {
    child.stdout!.on('data', (d) => {
      stdout += d;
      if (until.test(stdout)) resolve();
    });
    void exited.then(() => resolve());
  });
  return { child, stdout: () => stdout, stderr: () => stderr, exited, ready };
}

/** A command line as the shell splits it: words, single-quoted words kept whole. */
const shellWords = (line: string) => [...line.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2]!));

describeEachDialect('the commands the server prints', (dialect) => {
  let database: TestDatabase;
  let server: Started | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await database?.drop();
  });

  it('"Need an API key?" names the database the server runs on, and the key it makes opens that server', async () => {
    // SQLite in the data directory given (its own file), PostgreSQL named by --db.
    const dataDir = tempDir('printed');
    const where = ['--data-dir', dataDir, ...(dialect === 'postgres' ? ['--db', dbArgOf(database.target)] : [])];
    // The workspace first, so the start is not a first run (which prints a key of its own).
    const ws = await runCli(['workspace', 'create', '--name', 'Printed', '--json', ...where]);
    expect(ws.code, ws.stderr).toBe(0);
    server = start(['serve', ...where, '--port', '0', '--no-worker'], /Need an API key\?.*\n/);
    await server.ready;
    const line = /Need an API key\? npx warmline (.*?)\s{3}\(workspace ids: npx warmline (.*)\)\n/.exec(server.stdout());
    expect(line, server.stdout() + server.stderr()).not.toBeNull();
    const url = /serving the v2 API at (https:\/\/\S+)/.exec(server.stdout())![1]!;
    // Pasted as printed, from the directory the server was started in (the CLI's own data directory elsewhere).
    const listed = await runCli([...shellWords(line![2]!), '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const id = JSON.parse(listed.stdout)[0].id as string;
    const created = await runCli([...shellWords(line![1]!.replace('<id>', id)), '--json']);
    expect(created.code, created.stderr).toBe(0);
    const res = await makeClient(url, JSON.parse(created.stdout).key).get('/v2/workspace/credits');
    expect(res.status).toBe(200);
  }, TIMEOUT);
});

describeOnce('Ctrl-C during an import', () => {
  /** The start of a snapshot whose end never comes: the import reads and waits, mid-document. */
  const unfinished = '{"format":"workspace-snapshot","version":1,\n"workspace":{"id":"ws_cut","name":"Cut","credits":[]},\n"team_members":[\n';

  async function interruptedImport(args: string[]): Promise<{ code: number | null; stderr: string }> {
    const running = start(['import', '-', ...args], /$^/);
    running.child.stdin!.write(unfinished);
    // Stopped once it is importing: the database open (SQLite's -wal file is there while it is) and the document half read.
    const wal = `${args[args.indexOf('--db') + 1]!}-wal`;
    for (let i = 0; i < 2400 && !fs.existsSync(wal); i++) await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 300));
    running.child.kill('SIGINT');
    const code = await running.exited;
    return { code, stderr: running.stderr() };
  }

  it('into a new database: says so in one line, exits 130, and leaves no file behind', async () => {
    const dir = tempDir('cut-new');
    const file = path.join(dir, 'new.db');
    const { code, stderr } = await interruptedImport(['--db', file, '--new-db']);
    expect({ code, stderr }).toEqual({ code: 130, stderr: `warmline: import stopped (SIGINT): nothing was imported; the new database ${file} was removed\n` });
    expect(fs.readdirSync(dir)).toEqual([]);
  }, TIMEOUT);

  it('into an existing database: says so, and the database is as it was', async () => {
    const dir = tempDir('cut-existing');
    const file = path.join(dir, 'kept.db');
    expect((await runCli(['workspace', 'create', '--name', 'Kept', '--id', 'ws_kept', '--db', file, '--new-db'])).code).toBe(0);
    const { code, stderr } = await interruptedImport(['--db', file]);
    expect({ code, stderr }).toEqual({ code: 130, stderr: 'warmline: import stopped (SIGINT): nothing was imported; the database is as it was\n' });
    const list = await runCli(['workspace', 'list', '--json', '--db', file]);
    expect(JSON.parse(list.stdout).map((w: { id: string }) => w.id)).toEqual(['ws_kept']);
  }, TIMEOUT);
});

describe('a second server on the same data directory', () => {
  it('is refused in one line while the first serves, and starts once the first is gone (even killed)', async () => {
    const dataDir = tempDir('two-servers');
    // Plain HTTP (--trust-proxy): no certificate to make, the lock is what is tested.
    const serve = async () => {
      const server = start(['serve', '--data-dir', dataDir, '--port', '0', '--no-demo', '--no-worker', '--trust-proxy', '--json'], /^\{.*\n/m);
      await server.ready;
      return server;
    };
    const first = await serve();
    try {
      expect(first.stdout()).toMatch(/^\{/);
      const second = await serve();
      expect(await second.exited).toBe(1);
      expect(second.stderr()).toBe(`warmline: another \`warmline serve\` is already running on the data directory ${dataDir}; stop it first (one server per data directory on SQLite)\n`);
      expect(second.stdout()).toBe('');
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    const third = await serve();
    try {
      expect(third.stdout(), third.stderr()).toMatch(/^\{/);
    } finally {
      third.child.kill('SIGTERM');
      await third.exited;
    }
  }, TIMEOUT);
});
