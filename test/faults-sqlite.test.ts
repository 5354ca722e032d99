// SQLite faults: a database file the service may only read, a disk that fills up, and, at
// start, a database that is not Warmline's or is from a newer Warmline (docs/faults.md). Writes
// that cannot be stored answer 503 {"detail"} with Retry-After and change nothing; reads go on.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../src/auth/api-keys.service.js';
import { connectDb } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { systemClock } from '../src/shared/clock.js';
import { createWorkspace } from '../src/workspace/workspace.service.js';
import { runCli } from './helpers/cli.js';
import { makeClient } from './helpers/client.js';
import { createTestDatabase, dbArgOf, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import { insertLeads } from './helpers/leads-fixture.js';
import { spawnServe, type ServeProcess } from './helpers/serve-process.js';
import { removeTempDir, tempDir } from './helpers/temp-dirs.js';

/** A Warmline SQLite database at `file` with one workspace, its key and two leads. */
async function seededDatabase(file: string): Promise<string> {
  const handle = connectDb({ dialect: 'sqlite', file });
  await migrateToLatest(handle.db);
  const { id } = await createWorkspace(handle.db, systemClock, 'Disk faults');
  const { key } = await createApiKey(handle.db, systemClock, id, 'test');
  await insertLeads(handle.db, id, [{ id: 'lead-0', created_at: 1_000 }, { id: 'lead-1', created_at: 2_000 }]);
  await handle.close();
  return key;
}

const unavailable = { status: 503, body: { detail: expect.any(String) }, retryAfter: '2' };
const shape = (res: { status: number; body: unknown; headers: Record<string, string> }) => ({ status: res.status, body: res.body, retryAfter: res.headers['retry-after'] });

describe('a read-only SQLite file', () => {
  let dir: string;
  let server: ServeProcess;
  let key: string;

  beforeAll(async () => {
    dir = tempDir('readonly');
    const file = path.join(dir, 'warmline.db');
    key = await seededDatabase(file);
    // Root writes any file whatever its mode: as root, the service runs as nobody, who may not.
    const nobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    if (nobody.uid !== undefined) fs.chownSync(dir, nobody.uid, nobody.gid!);
    fs.chmodSync(file, 0o444);
    server = await spawnServe(file, { ...nobody });
  }, 60_000);
  afterAll(() => {
    server?.child.kill('SIGKILL');
  });

  it('serves reads, answers writes 503 {"detail"} with Retry-After, and changes nothing', async () => {
    const client = makeClient(server.url, key);
    expect((await client.get('/v2/leads')).status).toBe(200);
    const write = await client.patch('/v2/leads/lead-0', { json: { crm_id: 'crm-1', note: { note_content: 'not stored' } } });
    expect(shape(write)).toEqual(unavailable);
    const lead = await client.get('/v2/leads/lead-0');
    expect(lead.status).toBe(200);
    expect([lead.body.crm_id, lead.body.notes, lead.body.history]).toEqual([null, [], []]);
    expect((await client.get('/v2/ready', { key: null })).status).toBe(200); // it reads: ready for reads
    expect(server.child.exitCode).toBeNull();
    expect(server.stderr()).not.toMatch(/"level":50/);
  });
});

// A few MiB of tmpfs the test mounts (root only): the database fills it up.
const mount = (dir: string) => execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=6m', 'tmpfs', dir], { stdio: 'ignore' });
const unmount = (dir: string) => execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
/** Whether this process may mount one: tried once and undone at once, so a filtered run leaves no mount behind. */
function canMountTmpfs(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = tempDir('mount-probe');
  try {
    mount(probe);
    unmount(probe);
    return true;
  } catch {
    return false;
  } finally {
    removeTempDir(probe);
  }
}
const canMount = canMountTmpfs();
if (!canMount) console.warn('faults-sqlite.test: cannot mount a small tmpfs (needs root): the full-disk test is skipped');

describe.runIf(canMount)('a full disk under SQLite', () => {
  let server: ServeProcess;
  let key: string;
  let diskDir: string;
  let filler: string;

  beforeAll(async () => {
    diskDir = tempDir('fulldisk');
    mount(diskDir);
    filler = path.join(diskDir, 'filler');
    const file = path.join(diskDir, 'warmline.db');
    key = await seededDatabase(file);
    server = await spawnServe(file, { args: ['--no-worker'] });
  }, 60_000);
  afterAll(() => {
    server?.child.kill('SIGKILL');
    unmount(diskDir);
  });

  it('answers writes 503 while the disk is full, keeps every acknowledged one, serves reads, and writes again once there is room', async () => {
    const client = makeClient(server.url, key);
    // Fill the disk: write until the file system says no.
    const fd = fs.openSync(filler, 'w');
    try {
      for (;;) fs.writeSync(fd, Buffer.alloc(64 * 1024));
    } catch (err) {
      expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      fs.closeSync(fd);
    }
    const acknowledged: string[] = [];
    let refused = null;
    for (let n = 0; n < 300 && refused === null; n++) {
      const content = `note ${n} ${'x'.repeat(8_000)}`;
      const res = await client.patch('/v2/leads/lead-1', { json: { note: { note_content: content } } });
      if (res.status === 200) acknowledged.push(content);
      else refused = res;
    }
    expect(refused && shape(refused), server.stderr()).toEqual(unavailable);
    expect((await client.get('/v2/leads')).status).toBe(200);
    const during = (await client.get('/v2/leads/lead-1')).body.notes.map((n: { content: string }) => n.content);
    expect(during).toEqual(acknowledged); // the refused write left nothing behind
    fs.rmSync(filler);
    const after = await client.patch('/v2/leads/lead-1', { json: { note: { note_content: 'room again' } } });
    expect(after.status).toBe(200);
    expect(after.body.notes.map((n: { content: string }) => n.content)).toEqual([...acknowledged, 'room again']);
    expect(server.child.exitCode).toBeNull();
    expect(server.stderr()).not.toMatch(/"level":50/);
  }, 60_000);
});

describeEachDialect('start-up against a database that is not this Warmline\'s', (dialect) => {
  let database: TestDatabase;
  let dbUrl: string;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dbUrl = dbArgOf(database.target);
  });
  afterAll(() => database?.drop());

  const tables = async () => {
    const handle = connectDb(database.target);
    try {
      return (await handle.db.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name).sort();
    } finally {
      await handle.close();
    }
  };

  it("refuses another application's database with one line, exit 1, and leaves it untouched", async () => {
    const handle = connectDb(database.target);
    await sql`create table customers (id integer primary key, name text)`.execute(handle.db);
    await handle.close();
    for (const args of [['serve', '--port', '0', '--no-demo'], ['migrate'], ['workspace', 'list']]) {
      const res = await runCli([...args, '--db', dbUrl]);
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stderr.trim().split('\n')).toHaveLength(1);
      expect(res.stderr).toMatch(/^warmline: cannot use the database at .*: not a Warmline database \(it holds 1 tables of something else, e\.g\. "customers"\); use another --db\n$/);
    }
    expect(await tables()).toEqual(['customers']);
  }, 60_000);

  it('refuses a database from a newer Warmline (a migration this version does not know) with one line, exit 1', async () => {
    const handle = connectDb(database.target);
    await sql`drop table customers`.execute(handle.db);
    await migrateToLatest(handle.db);
    await sql`insert into kysely_migration (name, timestamp) values ('0999_from_a_newer_version', '2030-01-01T00:00:00.000Z')`.execute(handle.db);
    await handle.close();
    const before = await tables();
    for (const args of [['serve', '--port', '0', '--no-demo'], ['migrate'], ['workspace', 'list']]) {
      const res = await runCli([...args, '--db', dbUrl]);
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stderr.trim().split('\n')).toHaveLength(1);
      expect(res.stderr).toContain('the schema is newer than this version of Warmline (migration "0999_from_a_newer_version" is unknown to it)');
    }
    expect(await tables()).toEqual(before);
  }, 60_000);
});
