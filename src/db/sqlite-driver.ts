// The one place that picks the better-sqlite3 this process runs, for the main connection, the
// reading thread (sqlite-reader.ts) and the scripts and tests that open a file themselves.
//
// better-sqlite3 up to 12 wraps its objects in Node's own node::ObjectWrap. Since Node 24.19 that
// header's destructor removes an environment cleanup hook, which aborts the process
// (`Assertion failed: (env) != nullptr`) when a statement is collected outside JavaScript (an idle
// GC, a worker thread's exit). Any 12.x built from source against those headers does it (this
// machine has no prebuilt binaries): the whole suite crashed on Node 24.21. 13 uses Node-API, with
// prebuilt binaries in its package, but needs Node-API 10 (Node ≥ 22.14): it crashes on Node 20.
// So both are installed: `better-sqlite3` (12) and, as an optional dependency that npm installs
// only on Node ≥ 22 (its engines), `better-sqlite3-napi` (13). Drop 12 when Node 20 support ends.
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/** Node-API 10 is the first 13.x can load. */
const NODE_API_FOR_13 = 10;

function driverPath(): string {
  if (Number(process.versions.napi) >= NODE_API_FOR_13) {
    try {
      return require.resolve('better-sqlite3-napi');
    } catch {
      // Installed on an older Node (npm left the optional package out): 12 it is.
    }
  }
  return require.resolve('better-sqlite3');
}

/** The driver module's path, for a worker thread that loads it itself. */
export const SQLITE_DRIVER_PATH = driverPath();

/** The better-sqlite3 Database class (both versions have the same API). */
export const Sqlite = require(SQLITE_DRIVER_PATH) as typeof BetterSqlite3;
