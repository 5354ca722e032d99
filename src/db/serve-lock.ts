// One `warmline serve` per data directory on SQLite: a second one (another port, the same data
// directory) would run the engines twice over one file, which is no supported deployment
// (docs/decisions.md, "One server per data directory on SQLite"). The lock is SQLite's own: an
// exclusive transaction, never committed, on a small file in the data directory. The operating
// system releases it when the process ends however it ends, so a crash leaves no stale lock for
// the next start to judge. The empty file stays: removing it at the end could let two later
// servers lock two different files.
import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { UsageError } from '../shared/errors.js';
import type { DbTarget } from './connect.js';
import { openSqlite } from './sqlite-driver.js';

export interface ServeLock {
  release(): void;
}

const NO_LOCK: ServeLock = { release: () => {} };

/** The lock file of a data directory. */
export const serveLockFile = (dataDir: string) => path.join(dataDir, 'serve.lock');

/**
 * Takes the data directory's serve lock, or throws when another process holds it. On PostgreSQL
 * none is taken: several servers on one database (sharing a data directory for the secret and the
 * certificate, or not) are a supported deployment. A directory where the file cannot be made
 * (read-only) goes without: SQLite could not make its own files there either.
 */
export function takeServeLock(dataDir: string, target: DbTarget): ServeLock {
  if (target.dialect !== 'sqlite' || target.file === ':memory:') return NO_LOCK;
  const file = serveLockFile(dataDir);
  let lock: BetterSqlite3.Database;
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.closeSync(fs.openSync(file, 'a', 0o600));
    lock = openSqlite(file, { timeout: 0 });
  } catch {
    return NO_LOCK;
  }
  try {
    // The journal in memory: the transaction writes nothing, and no journal file joins the lock's.
    lock.pragma('journal_mode = MEMORY');
    lock.exec('begin exclusive');
  } catch (err) {
    lock.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY') {
      throw new UsageError(`another \`warmline serve\` is already running on the data directory ${dataDir}; stop it first (one server per data directory on SQLite)`);
    }
    throw err;
  }
  return { release: () => lock.close() };
}
