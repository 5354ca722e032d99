// The list pages' reading connection on a SQLite file (src/db/sqlite-reader.ts): a connection of
// its own in a worker thread. It answers while the main connection holds a writing transaction
// (and sees what was committed, not that transaction's rows), refuses writes, carries SQLite's
// error codes, and does not keep a process alive once idle.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, type DbHandle } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { tempDir } from './helpers/temp-dirs.js';

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

describe('the SQLite reading connection', () => {
  let dir: string;
  let handle: DbHandle;
  beforeAll(async () => {
    dir = tempDir('reader');
    handle = connectDb({ dialect: 'sqlite', file: path.join(dir, 'test.db') });
    await migrateToLatest(handle.db);
    await handle.db.insertInto('workspaces').values({ id: 'ws_r', name: 'Reader', created_at: 1 }).execute();
  });
  afterAll(async () => {
    await handle?.close();
  });

  const names = () => handle.reads.selectFrom('workspaces').select('name').orderBy('id').execute();

  it('answers while the main connection is inside a writing transaction, with what was committed', async () => {
    expect(handle.reads).not.toBe(handle.db);
    let during: { name: string }[] = [];
    await handle.db.transaction().execute(async (tx) => {
      await tx.insertInto('workspaces').values({ id: 'ws_s', name: 'Uncommitted', created_at: 2 }).execute();
      // On the main connection this read would wait for the transaction, which waits for it.
      during = await within(names(), 5_000);
    });
    expect(during).toEqual([{ name: 'Reader' }]);
    expect(await names()).toEqual([{ name: 'Reader' }, { name: 'Uncommitted' }]);
  });

  it('refuses writes and transactions, and carries the error code of SQLite', async () => {
    await expect(handle.reads.deleteFrom('workspaces').execute()).rejects.toMatchObject({ code: 'SQLITE_READONLY' });
    await expect(handle.reads.transaction().execute(async () => undefined)).rejects.toThrow(/single statements/);
    await expect(sql`select * from no_such_table`.execute(handle.reads)).rejects.toMatchObject({ code: 'SQLITE_ERROR', message: expect.stringMatching(/no such table/) });
    expect(await names()).toHaveLength(2);
  });

  it('many reads in flight each get their own rows', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => i);
    const rows = await Promise.all(ids.map((i) => sql<{ n: number }>`select ${i} + 0 as n`.execute(handle.reads)));
    expect(rows.map((r) => r.rows[0]!.n)).toEqual(ids);
  });

  it('does not keep a process alive once its reads are answered', () => {
    const script = `
      import { connectDb } from ${JSON.stringify(path.resolve('src/db/connect.ts'))};
      const { reads } = connectDb({ dialect: 'sqlite', file: ${JSON.stringify(path.join(dir, 'test.db'))} });
      const rows = await reads.selectFrom('workspaces').select('id').execute();
      console.log(rows.length);`;
    // The process ends by itself (never closed): execFileSync returns only when it has.
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(out.trim()).toBe('2');
  });
});
