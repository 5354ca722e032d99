// The list pages' statements on a SQLite file, off the event loop: better-sqlite3 runs a statement
// synchronously, so a cold 50-lead page (≈ 0.5–1 ms at 1M leads, more from a cold disk) held every
// other request of every workspace, and used one core of two. A worker thread with its own
// connection to the same file runs them instead; the main thread meanwhile parses, authenticates
// and writes TLS for other requests. The connection is query-only: every write stays on the main
// connection, in its transactions. Reads see what was committed when they start (WAL), as the
// main connection's own reads did between its transactions.
import { Worker } from 'node:worker_threads';
import {
  Kysely, SqliteAdapter, SqliteIntrospector,
  type CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type QueryResult,
} from 'kysely';
import type { Db } from './database.js';
import { sqliteDriverPath } from './sqlite-driver.js';

/**
 * The thread's code, as text: a worker started from a file would need that file compiled, which
 * the tests (run from the TypeScript sources) and the built service would find in different places.
 * It prepares each statement once by its text, as the main connection's cache does.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 10000');
db.pragma('cache_size = ' + workerData.cacheSize);
db.pragma('query_only = 1');
const statements = new Map();
parentPort.on('message', (query) => {
  try {
    let statement = statements.get(query.sql);
    if (statement === undefined) {
      if (statements.size >= 500) statements.clear();
      statement = db.prepare(query.sql);
      statements.set(query.sql, statement);
    }
    // A write reaches SQLite, which refuses it (query_only): SQLITE_READONLY.
    const rows = statement.reader ? statement.all(query.parameters) : (statement.run(query.parameters), []);
    parentPort.postMessage({ id: query.id, rows });
  } catch (err) {
    parentPort.postMessage({ id: query.id, error: { message: String(err && err.message), code: err && err.code } });
  }
});
`;

type Waiting = { resolve: (rows: unknown[]) => void; reject: (err: Error) => void };

/** The reading thread of one SQLite file, started on the first read. */
class SqliteReader {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private next = 0;

  constructor(
    private readonly file: string,
    /** SQLite's cache_size setting (negative: KiB). */
    private readonly cacheSize: number,
  ) {}

  read(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const worker = (this.worker ??= this.start());
    const id = this.next++;
    // Held while a read waits (a CLI command has nothing else keeping it alive), let go when idle.
    if (this.waiting.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, sql, parameters });
    });
  }

  private start(): Worker {
    const worker = new Worker(THREAD, {
      eval: true,
      // Plain CommonJS, whatever the process was started with (--input-type=module, a loader).
      execArgv: [],
      workerData: { file: this.file, driver: sqliteDriverPath(), cacheSize: this.cacheSize },
      // The thread holds a few pages' rows at a time: a small heap, so V8 does not let it grow.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
    });
    worker.on('message', (message: { id: number; rows?: unknown[]; error?: { message: string; code?: string } }) => {
      const waiting = this.waiting.get(message.id);
      if (!waiting) return;
      this.waiting.delete(message.id);
      // An idle reader does not keep the process alive (a CLI command's end, a test's).
      if (this.waiting.size === 0) worker.unref();
      if (message.error) waiting.reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
      else waiting.resolve(message.rows!);
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null; // the next read starts another
      for (const waiting of this.waiting.values()) waiting.reject(err);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(Object.assign(new Error(`the SQLite reading thread stopped (exit code ${code})`), { code: 'SQLITE_READER_EXITED' })));
    return worker;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}

class ReaderConnection implements DatabaseConnection {
  constructor(private readonly reader: SqliteReader) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.reader.read(query.sql, query.parameters)) as R[] };
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the SQLite reader does not stream');
  }
}

class ReaderDriver implements Driver {
  private readonly connection: ReaderConnection;
  constructor(private readonly reader: SqliteReader) {
    this.connection = new ReaderConnection(reader);
  }
  async init() {}
  // Statements queue in the thread, in order; no connection is ever held by one request.
  async acquireConnection() {
    return this.connection;
  }
  async releaseConnection() {}
  async beginTransaction(): Promise<void> {
    throw new Error('the SQLite reader runs single statements: transactions write, on the main connection');
  }
  async commitTransaction() {}
  async rollbackTransaction() {}
  async destroy() {
    await this.reader.close();
  }
}

/**
 * A Kysely over a reading thread of `file`, compiling as `compiler` does (the main connection's
 * compiler: the statement texts, and so the prepared statements, are the same).
 */
export function sqliteReaderDb(file: string, cacheSize: number, compiler: Dialect['createQueryCompiler']): Db {
  const reader = new SqliteReader(file, cacheSize);
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ReaderDriver(reader),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: compiler,
  };
  return new Kysely<any>({ dialect }) as Db;
}
