// The one place that picks the better-sqlite3 this process runs, for the main connection, the
// reading thread (sqlite-reader.ts) and the scripts and tests that open a file themselves.
//
// better-sqlite3 up to 12 wraps its objects in Node's own node::ObjectWrap. Since Node 24.19 that
// header's destructor removes an environment cleanup hook, which aborts the process
// (`Assertion failed: (env) != nullptr`) when a statement is collected outside JavaScript (an idle
// GC, a worker thread's exit). Any 12.x built from source against those headers does it (this
// machine has no prebuilt binaries): the whole suite crashed on Node 24.21. 13 uses Node-API, with
// prebuilt binaries in its package, but needs Node-API 10 (Node >= 22.14): it crashes on Node 20.
// So both are installed: `better-sqlite3` (12) and, as an optional dependency that npm installs
// only on Node >= 22 (its engines), `better-sqlite3-napi` (13.0.x), which only Node 24 and later
// run. 13.0.x because 13.1 and later bundle SQLite 3.54, which made a cold list page cost 20-60 %
// more server CPU (docs/leads-cold.md, 2026-11-27 evening); 13.0.3's SQLite 3.53.4 costs what 12
// does. Drop 12 when Node 20 and 22 support ends.
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

function driverPath(): string {
  if (Number(process.versions.node.split('.')[0]) < 24) return require.resolve('better-sqlite3');
  try {
    return require.resolve('better-sqlite3-napi');
  } catch {
    throw new Error(`Node ${process.versions.node} needs better-sqlite3 13, installed as the optional dependency better-sqlite3-napi: run npm ci with this Node, without --omit=optional`);
  }
}

let chosen: string | undefined;

/** The driver module's path, for a worker thread that loads it itself. Chosen when SQLite is first opened: a PostgreSQL deployment needs neither. */
export function sqliteDriverPath(): string {
  return (chosen ??= driverPath());
}

/** A connection to a SQLite file with the driver this Node runs (both versions have the same API). */
export function openSqlite(file: string, options?: BetterSqlite3.Options): BetterSqlite3.Database {
  const Database = require(sqliteDriverPath()) as typeof BetterSqlite3;
  return new Database(file, options);
}
