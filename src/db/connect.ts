// The one place that knows which SQL engine is underneath.
import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, SqliteQueryCompiler, ValueNode,
  type DatabaseConnection, type LimitNode, type OffsetNode, type OperationNode, type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Db } from './database.js';
import { poolWithCopy } from './pg-copy.js';
import { sqliteReaderDb } from './sqlite-reader.js';
import { openSqlite } from './sqlite-driver.js';

/** SQLite's page cache of the main connection, in KiB (negative: a size, not a page count); see connectDb for why this size. */
const SQLITE_CACHE_SIZE = -12288;
/**
 * The list pages' reading thread's: its pages are cold by nature (a walk asks each page once) and
 * come from the OS file cache either way. Smaller than the main connection's, so that the thread
 * (its cache, heap and allocator) keeps the server under 300 MB resident in the cold walk
 * (measured in seven-case runs: 304 MB at its peak with 16 MiB for both, 297-299 MB with 12 and 8;
 * docs/leads-cold.md).
 */
const SQLITE_READER_CACHE_SIZE = -8192;

/**
 * What opening a SQLite file that does not exist does: make it, and its directories (the data
 * directory's own file, the default); make it in a directory that must exist (`--new-db`); or
 * refuse (a `--db` the operator did not call new: a mistyped path must not start an empty database).
 */
export type MissingFile = 'create-with-directories' | 'create' | 'refuse';

/** Where the database is: a SQLite file (or :memory:) or a PostgreSQL URL (config.ts parses the setting into one). */
export type DbTarget = { dialect: 'sqlite'; file: string; missing?: MissingFile } | { dialect: 'postgres'; url: string };

export type Dialect = DbTarget['dialect'];

/** A connection pool's use at one instant (the metrics read it at each scrape). */
export interface PoolUse {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

export interface DbHandle {
  readonly db: Db;
  /**
   * For the list pages' read-only statements: on a SQLite file, a connection in a worker thread
   * (sqlite-reader.ts), so they neither block the event loop nor wait for its one core; otherwise
   * `db` itself (PostgreSQL's pool already runs statements elsewhere; an in-memory database has no
   * second connection).
   */
  readonly reads: Db;
  readonly dialect: Dialect;
  /** The connection pool's use now (metrics); null for SQLite, whose one connection is no pool. */
  poolUse(): PoolUse | null;
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

class WarmlineSqliteDriver extends SqliteDriver {
  constructor(private readonly sqlite: BetterSqlite3.Database, config: SqliteDialectConfig) {
    super(config);
  }

  // Every transaction of the service writes. A deferred BEGIN reads first and takes the write lock
  // at its first write: if another process (`warmline worker`, an import) committed in between, its
  // snapshot is stale and SQLite fails it at once with SQLITE_BUSY, whatever the busy timeout (a
  // PATCH answered 503). BEGIN IMMEDIATE waits for the lock up front, within the busy timeout.
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  // SQLite itself rolls a transaction back on some errors (SQLITE_FULL, SQLITE_IOERR): Kysely's
  // own rollback then fails with "no transaction is active", and that error would replace the real
  // one (a full disk would answer 500 instead of 503).
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }
}

class WarmlineSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: BetterSqlite3.Database, private readonly config: SqliteDialectConfig) {
    super(config);
  }

  override createDriver() {
    return new WarmlineSqliteDriver(this.sqlite, this.config);
  }

  override createQueryCompiler() {
    return new SqliteCompiler();
  }
}

export interface ConnectOptions {
  poolSize?: number;
  /**
   * PostgreSQL: a request waits this long for a connection when the server is away, then fails
   * (503): a client is told quickly instead of hanging until its own time-out. Default 3 s.
   */
  connectTimeoutMs?: number;
  /** PostgreSQL: no statement holds a request or a worker step forever (the longest, a fold page, takes seconds). Default 60 s. */
  statementTimeoutMs?: number;
  /**
   * SQLite: `normal` (the default) syncs the WAL at checkpoints only, so a power loss may take
   * the last commits (never the file's integrity); `full` syncs at each commit (docs/operations.md).
   */
  sqliteSynchronous?: 'normal' | 'full';
  /** An idle pooled connection failed (the server restarted): the pool drops it and opens a new one on demand. */
  onIdleError?: (err: Error) => void;
}

export function connectDb(target: DbTarget, options: ConnectOptions = {}): DbHandle {
  if (target.dialect === 'sqlite') {
    if (target.file !== ':memory:') {
      // The file holds every workspace's personal data: only the service's user may read it.
      // SQLite gives the -wal and -shm files the mode of the database file.
      // An existing file is left as it is: a read-only one is still served for reading.
      if (!fs.existsSync(target.file)) {
        const missing = target.missing ?? 'create-with-directories';
        if (missing === 'refuse') throw new Error('there is no such file (check the path; add --new-db to create a new database there)');
        if (missing === 'create' && !fs.existsSync(path.dirname(target.file))) throw new Error(`its directory ${path.dirname(target.file)} does not exist (make it first)`);
        fs.mkdirSync(path.dirname(target.file), { recursive: true, mode: 0o700 });
        fs.closeSync(fs.openSync(target.file, 'a', 0o600));
      }
    }
    const sqlite = openSqlite(target.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 10000');
    sqlite.pragma(`synchronous = ${options.sqliteSynchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    // The default 2 MiB page cache is far smaller than the lead indexes a fold walks; this is a
    // ceiling (pages are only held once read), not an allocation. At 64 MiB a server walking 1M
    // leads cold for five minutes filled it and passed 300 MB resident (331 MB). Since the list
    // pages read on their own thread (and cache), 12 MiB: folding 50,000 events measured 20,800
    // events/s against 21,500 at 16 MiB and 19,700 at 8 MiB (docs/leads-cold.md).
    sqlite.pragma(`cache_size = ${SQLITE_CACHE_SIZE}`);
    const db = new Kysely<any>({ dialect: new WarmlineSqliteDialect(sqlite, { database: withStatementCache(sqlite) }) }) as Db;
    if (target.file === ':memory:') return { db, reads: db, dialect: 'sqlite', poolUse: () => null, close: () => db.destroy() };
    const reads = sqliteReaderDb(target.file, SQLITE_READER_CACHE_SIZE, () => new SqliteCompiler());
    return { db, reads, dialect: 'sqlite', poolUse: () => null, close: async () => void (await Promise.all([reads.destroy(), db.destroy()])) };
  }
  const statementTimeoutMs = options.statementTimeoutMs ?? 60_000;
  const max = options.poolSize ?? 10;
  const pool = new pg.Pool({
    connectionString: target.url,
    max,
    types: pgTypes,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 3_000,
    statement_timeout: statementTimeoutMs,
    // JIT compiles a plan whose estimated cost is high, which a LIMIT'ed list statement over many
    // index runs (the date buckets, docs/leads-cold.md) reaches while running in milliseconds:
    // measured 3.1 s of compiling for 90 ms of work. Short statements are all this service runs.
    // Parallel workers likewise: with a whole table's statistics PostgreSQL gave each bucket run of
    // a date range its own Gather Merge, a few milliseconds of starting workers per run for a few
    // rows each (a page 30 ms instead of 6), while 32 other requests wanted the same two cores.
    options: '-c jit=off -c max_parallel_workers_per_gather=0',
    // The client-side bound for a server that stopped answering without closing the socket.
    query_timeout: statementTimeoutMs + 5_000,
  });
  // Without a listener, an idle client's error (a restart's "terminating connection due to
  // administrator command") is an unhandled 'error' event that ends the process.
  pool.on('error', (err) => options.onIdleError?.(err));
  // A client checked out of the pool has no listener of pg-pool's: a restart's error arriving
  // between two statements of a transaction would end the process the same way. The client is
  // marked unusable by pg itself, its next statement fails (503) and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: poolWithCopy(pool) }) }) as Db;
  const poolUse = () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db, reads: db, dialect: 'postgres', poolUse, close: () => db.destroy() };
}
