// Every storage and HTTP test runs once per dialect: SQLite always, PostgreSQL when
// WARMLINE_TEST_PG_URL names a server (each suite gets a fresh database there).
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { connectDb, type DbHandle, type DbTarget } from '../../src/db/connect.js';
import type { Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { removeTempDir, tempDir } from './temp-dirs.js';

export type DialectName = 'sqlite' | 'postgres';

export interface TestDatabase {
  target: DbTarget;
  drop(): Promise<void>;
}

const pgUrl = process.env.WARMLINE_TEST_PG_URL ?? null;
const only = process.env.WARMLINE_TEST_DIALECTS?.split(',').map((s) => s.trim()) ?? null;

/** A database as a CLI process is given it (`--db`, WARMLINE_DB): the SQLite file or the PostgreSQL URL. */
export function dbArgOf(target: DbTarget): string {
  return target.dialect === 'sqlite' ? target.file : target.url;
}

export function enabledDialects(): DialectName[] {
  const all: DialectName[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  return only ? all.filter((d) => only.includes(d)) : all;
}

/**
 * The PostgreSQL server's URL when this run tests PostgreSQL, else null: for cases that only exist
 * on PostgreSQL (a missing database or role). Read through here, not from the environment, so that
 * the PostgreSQL phase finds the file (scripts/test-phases.ts).
 */
export function postgresServerUrl(): string | null {
  return enabledDialects().includes('postgres') ? pgUrl : null;
}

export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = tempDir('sqlite');
    // An empty file, as CREATE DATABASE makes an empty PostgreSQL one: a process given it (`--db`)
    // opens a database that exists rather than one it was not told is new (--new-db).
    const file = path.join(dir, 'test.db');
    fs.closeSync(fs.openSync(file, 'a', 0o600));
    return { target: { dialect: 'sqlite', file }, drop: async () => removeTempDir(dir) };
  }
  if (!pgUrl) throw new Error('WARMLINE_TEST_PG_URL is not set');
  const name = `warmline_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    target: { dialect: 'postgres', url: url.toString() },
    drop: () => dropDatabase(name),
  };
}

// A closed pool's connections can linger for a moment; forcing the drop while they end would
// kill them mid-goodbye and surface as uncaught errors, so wait for them first.
async function dropDatabase(name: string): Promise<void> {
  const c = new pg.Client({ connectionString: pgUrl! });
  await c.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

/**
 * `describe` once, on SQLite, for suites whose behaviour cannot depend on the database: request
 * validation, transport and framework errors, the OpenAPI document, the scripts' and the README's
 * command lines. Running them per dialect would only repeat the same assertions; so would running
 * them again in a PostgreSQL-only run (`npm run test:pg`, after the SQLite suite in CI), which
 * skips them (and, for a file with nothing else, does not load it: scripts/test-phases.ts).
 */
export function describeOnce(title: string, body: (dialect: DialectName) => void): void {
  describe.skipIf(!enabledDialects().includes('sqlite'))(title, () => body('sqlite'));
}

/**
 * `describe` once per enabled dialect, named after it. `timeout`: each test's limit, for suites
 * whose tests run many CLI processes (each a whole program start).
 */
export function describeEachDialect(title: string, body: (dialect: DialectName) => void, timeout?: number): void {
  for (const dialect of enabledDialects()) describe(`${title} [${dialect}]`, { timeout }, () => body(dialect));
}

/** A fresh, migrated database of the dialect for the enclosing describe: opened before its tests, dropped after. */
export function migratedDbForSuite(dialect: DialectName): () => Db {
  let database: TestDatabase | undefined;
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = connectDb(database.target);
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });
  return () => handle!.db;
}
