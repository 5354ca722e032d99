// Every operator mistake the CLI can meet ends the same way: exit status 1, exactly one line on
// stderr, no stack trace, and the database as it was (or no database at all where none was).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSnapshotStream } from '../src/demo/demo-snapshot.js';
import { CLI, cliEnv, runCli } from './helpers/cli.js';
import { describeOnce, postgresServerUrl } from './helpers/dialects.js';
import { tempDir } from './helpers/temp-dirs.js';

const CLI_TIMEOUT = 120_000;

interface OperatorError {
  name: string;
  args: () => string[];
  says: RegExp;
  noFile?: () => string;
}

/** Runs the mistake: exit 1, one line without a stack trace, and what `unchanged` reads as it was. */
async function expectOneLine({ args, says, noFile }: OperatorError, unchanged: () => string | Promise<string>): Promise<void> {
  const before = await unchanged();
  const result = await runCli(args(), { env: { WARMLINE_LOG_LEVEL: 'info' } });
  expect(result.code).toBe(1);
  const lines = result.stderr.split('\n').filter((l) => l !== '');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^warmline: /);
  expect(lines[0]).toMatch(says);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(await unchanged()).toBe(before);
  if (noFile) expect(fs.existsSync(noFile())).toBe(false);
}

// Once (on SQLite): none of these depends on the database a run tests. The PostgreSQL server's own
// refusals are below, in the run that tests PostgreSQL.
describeOnce('operator errors are one line', () => {
  let dir: string;
  let db: string;
  let busy: net.Server;
  let busyPort: number;
  const digest = () => createHash('sha256').update(fs.readFileSync(db)).digest('hex');
  /** A directory this user may not write in. */
  const readOnly = () => {
    const ro = path.join(dir, 'read-only');
    fs.mkdirSync(ro, { recursive: true });
    fs.chmodSync(ro, 0o500);
    return ro;
  };
  if (process.getuid?.() === 0) console.warn('*** cli-errors: running as root, who may write anywhere: the "data directory without write permission" case is SKIPPED ***');

  beforeAll(async () => {
    dir = tempDir('cli-errors');
    db = path.join(dir, 'warmline.db');
    // A migrated database with no workspace: a serve that got past its checks would seed the demo into it.
    expect((await runCli(['migrate', '--db', db, '--new-db'])).code).toBe(0);
    fs.writeFileSync(path.join(dir, 'a-file'), 'not a directory');
    busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as net.AddressInfo).port;
  }, CLI_TIMEOUT);
  afterAll(() => {
    busy.close();
    // Writable again, so the directory's removal after the file can empty it.
    if (fs.existsSync(path.join(dir, 'read-only'))) fs.chmodSync(path.join(dir, 'read-only'), 0o700);
  });

  const cases: OperatorError[] = [
    { name: 'a number that is not one', args: () => ['credits', 'grant', '--db', db, '--workspace', 'ws_x', '--amount', 'abc'], says: /--amount must be a whole number/ },
    { name: 'an unknown option', args: () => ['workspace', 'list', '--db', db, '--colour'], says: /unknown option '--colour'/ },
    { name: 'a missing required option', args: () => ['key', 'create', '--db', db], says: /--workspace/ },
    { name: 'an unknown command', args: () => ['frobnicate'], says: /unknown command 'frobnicate'/ },
    { name: 'a member email that is not one', args: () => ['member', 'add', '--db', db, '--workspace', 'ws_x', '--email', 'not-an-email'], says: /--email must be an address/ },
    { name: 'an unknown --db scheme', args: () => ['workspace', 'list', '--db', 'mysql://x/y'], says: /unknown scheme "mysql:"/, noFile: () => path.join(CLI.cwd, 'mysql:') },
    { name: 'a read on a database that does not exist', args: () => ['workspace', 'list', '--db', path.join(dir, 'typo.db')], says: /no database at .*typo\.db/, noFile: () => path.join(dir, 'typo.db') },
    // A mistyped --db must not start an empty database (with a new demo and key) on any command that writes.
    ...[['serve', '--port', '0'], ['migrate'], ['workspace', 'create', '--name', 'X'], ['import', '-']].map((command) => ({
      name: `${command[0]} on a --db naming no file`,
      args: () => [...command, '--data-dir', dir, '--db', path.join(dir, 'mistyped.db')],
      says: /cannot use the database at .*mistyped\.db: there is no such file \(check the path; add --new-db to create a new database there\)/,
      noFile: () => path.join(dir, 'mistyped.db'),
    })),
    { name: '--new-db in a directory that does not exist', args: () => ['migrate', '--db', path.join(dir, 'no-dir', 'new.db'), '--new-db'], says: /its directory .*no-dir does not exist/, noFile: () => path.join(dir, 'no-dir') },
    { name: 'key list on a missing database', args: () => ['key', 'list', '--data-dir', path.join(dir, 'nowhere')], says: /no database at/, noFile: () => path.join(dir, 'nowhere') },
    { name: 'export from a missing database', args: () => ['export', '--workspace', 'ws_x', '--db', path.join(dir, 'gone.db')], says: /no database at/, noFile: () => path.join(dir, 'gone.db') },
    { name: 'a missing TLS file', args: () => ['serve', '--db', db, '--data-dir', dir, '--port', '0', '--tls-cert', path.join(dir, 'no.pem'), '--tls-key', path.join(dir, 'no.key')], says: /no such file or directory: .*no\.pem/ },
    { name: 'a data directory that cannot be made', args: () => ['serve', '--data-dir', path.join(dir, 'a-file', 'data'), '--port', '0'], says: /not usable as a directory: .*a-file/ },
    { name: 'a port in use', args: () => ['serve', '--db', db, '--data-dir', dir, '--host', '127.0.0.1', '--port', String(busyPort)], says: /already in use/ },
    { name: 'an unresolvable database host', args: () => ['workspace', 'list', '--db', 'postgres://postgres@nosuchhost.invalid:5432/test'], says: /cannot resolve host "nosuchhost\.invalid"/ },
    { name: 'a database nobody listens for', args: () => ['workspace', 'list', '--db', 'postgres://postgres@127.0.0.1:1/test'], says: /cannot connect to 127\.0\.0\.1:1: connection refused/ },
    { name: 'serve on a database nobody listens for', args: () => ['serve', '--data-dir', dir, '--port', '0', '--db', 'postgres://postgres@127.0.0.1:1/test'], says: /cannot connect to 127\.0\.0\.1:1: connection refused/ },
    { name: 'serve on an unresolvable database host', args: () => ['serve', '--data-dir', dir, '--port', '0', '--db', 'postgres://postgres@nosuchhost.invalid:5432/test'], says: /cannot resolve host "nosuchhost\.invalid"/ },
    { name: 'serve on an unresolvable --host', args: () => ['serve', '--db', db, '--data-dir', dir, '--host', 'nosuchhost.invalid', '--port', '0'], says: /nosuchhost\.invalid/ },
    // Root writes anywhere: the permission case needs another user (a directory that is not one is above).
    ...(process.getuid?.() !== 0
      ? [{ name: 'a data directory without write permission', args: () => ['serve', '--data-dir', path.join(readOnly(), 'data'), '--port', '0'], says: /permission denied|not usable/ }]
      : []),
  ];

  it.each(cases)('$name', (c) => expectOneLine(c, digest), CLI_TIMEOUT);

  it('export | head ends quietly: status 0, nothing on stderr', async () => {
    // A workspace larger than a pipe's buffer, so the reader closes the pipe while export still writes.
    const big = path.join(dir, 'big.db');
    const file = path.join(dir, 'demo.json');
    await pipeline(demoSnapshotStream({ now: Date.parse('2025-06-02T09:00:00Z'), leads: 2000 }), fs.createWriteStream(file));
    expect((await runCli(['import', file, '--db', big, '--new-db'])).code).toBe(0);
    const shell = `'${CLI.command}' ${CLI.args.map((a) => `'${a}'`).join(' ')} export --workspace ws_demo --db '${big}' | head -c 100 > /dev/null; echo "\${PIPESTATUS[0]}"`;
    const result = spawnSync('bash', ['-c', shell], { cwd: CLI.cwd, env: cliEnv(), encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('0');
    expect(fs.statSync(file).size).toBeGreaterThan(1 << 20);
  }, CLI_TIMEOUT);
});

const pgUrl = postgresServerUrl();
describe.skipIf(pgUrl === null)('operator errors are one line, on PostgreSQL', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('cli-errors-pg');
  });
  const url = () => pgUrl!;
  /** The databases and roles the mistakes name: none, before and after (a refused command makes neither). */
  const named = async () => {
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        "SELECT datname AS name FROM pg_database WHERE datname LIKE 'warmline_no_such%' UNION ALL SELECT rolname FROM pg_roles WHERE rolname LIKE 'warmline_no_such%'",
      );
      return rows.map((r) => r.name).join(',');
    } finally {
      await client.end();
    }
  };
  const cases: OperatorError[] = [
    { name: 'a PostgreSQL database that does not exist', args: () => ['workspace', 'list', '--db', url().replace(/\/[^/]*$/, '/warmline_no_such_db')], says: /database "warmline_no_such_db" does not exist/ },
    { name: 'a PostgreSQL role that does not exist', args: () => ['workspace', 'list', '--db', url().replace(/\/\/[^@/]*@/, '//warmline_no_such_role@')], says: /role "warmline_no_such_role" does not exist/ },
    { name: 'serve on a PostgreSQL database that does not exist', args: () => ['serve', '--data-dir', dir, '--port', '0', '--db', url().replace(/\/[^/]*$/, '/warmline_no_such_db')], says: /database "warmline_no_such_db" does not exist/ },
    { name: 'serve as a PostgreSQL role that does not exist', args: () => ['serve', '--data-dir', dir, '--port', '0', '--db', url().replace(/\/\/[^@/]*@/, '//warmline_no_such_role@')], says: /role "warmline_no_such_role" does not exist/ },
  ];
  it.each(cases)('$name', (c) => expectOneLine(c, named), CLI_TIMEOUT);
});
