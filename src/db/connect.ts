// The one place that knows which SQL engine is underneath.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, SqliteQueryCompiler, ValueNode, type LimitNode, type OffsetNode, type OperationNode } from 'kysely';
import pg from 'pg';
import type { DbTarget } from '../config.js';
import type { Db } from './database.js';

export type Dialect = DbTarget['dialect'];

export interface DbHandle {
  readonly db: Db;
  readonly dialect: Dialect;
  close(): Promise<void>;
}

// int8 (bigint) and numeric come back from pg as strings; every bigint here is an epoch-ms
// timestamp, a count or a company id, all well inside the safe-integer range.
const pgTypes = {
  getTypeParser(oid: number, format?: any) {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
};

// Kysely prepares every query anew; on hot list endpoints preparing costs as much as running.
// Statements are reused by SQL text (Kysely runs one query at a time per SQLite connection and
// reads results with all(), so a cached statement is never busy when it is picked up again).
// Bulk statements (a fold page's multi-row inserts, its IN lists) run to tens of thousands of
// bound values and their programs grow with them, so the cache is bounded by text size too.
function withStatementCache(sqlite: BetterSqlite3.Database, size = 500, chars = 4_000_000) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  let held = 0;
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (!stmt) {
        if (cache.size >= size || held + sql.length > chars) {
          cache.clear();
          held = 0;
        }
        stmt = sqlite.prepare(sql);
        cache.set(sql, stmt);
        held += sql.length;
      }
      return stmt;
    },
  };
}

// The SQLite inside better-sqlite3 is built with STAT4, which plans a statement again on every
// run when its LIMIT or OFFSET is a bound parameter (costing more than the run itself). Whole
// numbers are written into the SQL instead; the statement cache keeps one statement per value.
class SqliteCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append('limit ');
    this.appendCount(node.limit);
  }

  protected override visitOffset(node: OffsetNode): void {
    this.append('offset ');
    this.appendCount(node.offset);
  }

  private appendCount(node: OperationNode): void {
    if (ValueNode.is(node) && Number.isSafeInteger(node.value)) this.append(String(node.value));
    else this.visitNode(node);
  }
}

class SqliteDialectWithFixedLimits extends SqliteDialect {
  override createQueryCompiler() {
    return new SqliteCompiler();
  }
}

// A request waits this long for a connection when PostgreSQL is away, then answers 503: a
// client is told quickly instead of hanging until its own time-out.
const CONNECT_TIMEOUT_MS = 3_000;
// No statement holds a request or a worker step forever (the longest, a fold page, takes seconds).
const STATEMENT_TIMEOUT_MS = 60_000;

export interface ConnectOptions {
  poolSize?: number;
  /** An idle pooled connection failed (the server restarted): the pool drops it and opens a new one on demand. */
  onIdleError?: (err: Error) => void;
}

export function connectDb(target: DbTarget, options: ConnectOptions = {}): DbHandle {
  if (target.dialect === 'sqlite') {
    if (target.file !== ':memory:') {
      // The file holds every workspace's personal data: only the service's user may read it.
      // SQLite gives the -wal and -shm files the mode of the database file.
      fs.mkdirSync(path.dirname(target.file), { recursive: true, mode: 0o700 });
      fs.closeSync(fs.openSync(target.file, 'a', 0o600));
    }
    const sqlite = new BetterSqlite3(target.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 10000');
    sqlite.pragma('synchronous = NORMAL');
    // The default 2 MiB page cache is far smaller than the lead indexes a fold or a list walks;
    // this is a ceiling (pages are only held once read), not an allocation.
    sqlite.pragma('cache_size = -262144');
    const db = new Kysely<any>({ dialect: new SqliteDialectWithFixedLimits({ database: withStatementCache(sqlite) }) }) as Db;
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: options.poolSize ?? 10,
    types: pgTypes,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    // The client-side bound for a server that stopped answering without closing the socket.
    query_timeout: STATEMENT_TIMEOUT_MS + 5_000,
  });
  // Without a listener, an idle client's error (a restart's "terminating connection due to
  // administrator command") is an unhandled 'error' event that ends the process.
  pool.on('error', (err) => options.onIdleError?.(err));
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) }) as Db;
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
