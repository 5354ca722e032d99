// Bulk loads write rows faster into a table without its secondary indexes (each is built once,
// by sorting, afterwards), without its triggers and, on PostgreSQL, without its foreign keys
// (each row's check locks its parent row; adding the key back checks every row in one join).
// These are the statements to run before such a load and after it, read from the database
// itself so they follow every migration. Unique indexes stay: upserts need them to find
// conflicts. SQLite cannot drop a foreign key without rebuilding its table: its keys stay.
import os from 'node:os';
import { sql } from 'kysely';
import type { Db, DbOrTx } from './database.js';
import { isPostgres } from './dialect.js';

export interface SuspendedObjects {
  drop: string[];
  create: string[];
}

/** Statements suspending the non-unique indexes of `indexed`, and the triggers (and PostgreSQL's foreign keys) of `triggered`. */
export async function secondaryObjectsOf(db: DbOrTx, indexed: string[], triggered: string[] = indexed): Promise<SuspendedObjects> {
  if (!isPostgres(db)) {
    const rows = await sql<{ type: string; name: string; sql: string }>`
      select type, name, sql from sqlite_master
      where sql is not null and ((type = 'index' and tbl_name in (${sql.join(indexed)}) and sql not like 'create unique%' collate nocase)
        or (type = 'trigger' and tbl_name in (${sql.join(triggered)})))
      order by type, name`.execute(db);
    // Index builds sort; SQLite sorts a large one's runs on helper threads when allowed (off by
    // default): 21 lead indexes over 1M leads took 18 s on one thread, 9.7 s with 2 cores.
    const create = [`pragma threads = ${os.availableParallelism()}`, ...rows.rows.map((r) => r.sql), 'pragma threads = 0'];
    return { drop: rows.rows.map((r) => `drop ${r.type} "${r.name}"`), create };
  }
  const indexes = await sql<{ name: string; def: string }>`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
    where t.relname in (${sql.join(indexed)}) and t.relnamespace = current_schema()::regnamespace
      and not i.indisunique and not i.indisprimary
    order by c.relname`.execute(db);
  const keys = await sql<{ tbl: string; name: string; def: string }>`
    select t.relname as tbl, k.conname as name, pg_get_constraintdef(k.oid) as def
    from pg_constraint k join pg_class t on t.oid = k.conrelid
    where k.contype = 'f' and t.relname in (${sql.join(triggered)}) and t.relnamespace = current_schema()::regnamespace
    order by t.relname, k.conname`.execute(db);
  return {
    drop: [
      ...keys.rows.map((k) => `alter table "${k.tbl}" drop constraint "${k.name}"`),
      ...indexes.rows.map((r) => `drop index "${r.name}"`),
      ...triggered.map((t) => `alter table "${t}" disable trigger user`),
    ],
    create: [
      // Index builds sort in memory up to this (default 64 MB: a million leads' index spilled to disk); for this transaction only.
      `set local maintenance_work_mem = '256MB'`,
      ...indexes.rows.map((r) => r.def),
      ...keys.rows.map((k) => `alter table "${k.tbl}" add constraint "${k.name}" ${k.def}`),
      ...triggered.map((t) => `alter table "${t}" enable trigger user`),
    ],
  };
}

export async function runAll(db: DbOrTx, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * SQLite: runs `load` with a rollback journal instead of the WAL, when no other connection has the
 * file open. SQLite journals only the pages a file had before the transaction, so rows loaded into
 * empty tables are written once, into the file; through the WAL they are written twice, the second
 * time by the checkpoint at commit (1M leads: 10.7 s from the last counter to the end, 1.7 s this
 * way; 5.9 GB written, 2.7 GB). The switch needs the file alone: another process holding it (a
 * server, a worker) makes it fail at once, and the load runs in the WAL as before. The WAL comes
 * back afterwards, whether the load committed or rolled back. While the load runs, a process
 * opening the file waits for it like any writer (busy timeout). PostgreSQL and in-memory
 * databases run `load` as it is.
 */
export async function withRollbackJournal<T>(db: Db, load: () => Promise<T>): Promise<T> {
  if (isPostgres(db) || (await pragma(db, 'journal_mode')) !== 'wal') return load();
  const busyTimeout = await pragma(db, 'busy_timeout');
  const synchronous = await pragma(db, 'synchronous');
  await pragma(db, 'busy_timeout = 0');
  const switched = await pragma(db, 'journal_mode = delete').then(
    (mode) => mode === 'delete',
    () => false, // SQLITE_BUSY: another connection has the file open
  );
  await pragma(db, `busy_timeout = ${busyTimeout}`);
  if (!switched) return load();
  // FULL: the rollback journal without the small risk NORMAL leaves it on a power loss (SQLite's documentation).
  await pragma(db, 'synchronous = full');
  try {
    return await load();
  } finally {
    await pragma(db, `synchronous = ${synchronous}`);
    // Fails only if another process holds a lock past the busy timeout; the file then stays in the
    // rollback journal until the next connectDb, which sets the WAL on every open.
    await pragma(db, 'journal_mode = wal').catch(() => undefined);
  }
}

async function pragma(db: Db, statement: string): Promise<unknown> {
  const { rows } = await sql.raw<Record<string, unknown>>(`pragma ${statement}`).execute(db);
  return rows[0] === undefined ? undefined : Object.values(rows[0])[0];
}
