// Batched writes for import, compiled by hand: Kysely builds and compiles a node per bound value,
// which cost more than SQLite's own work on a million leads. SQLite: multi-row upserts under its
// bind-parameter limit (32766), the SQL text of a full batch the same every time (its statement
// cache reuses it). PostgreSQL: the whole batch as ONE json parameter expanded by
// json_populate_recordset, so the server parses one short statement instead of 30,000
// placeholders and the client serializes with JSON.stringify instead of value by value; and a bulk
// load into tables that were empty by COPY (copyOrUpsert).
import { CompiledQuery, sql, type Insertable } from 'kysely';
import type { Database, DbOrTx } from '../db/database.js';
import { bulkWriteVerb, isPostgres, placeholder } from '../db/dialect.js';
import { copyStatement, copyText } from '../db/pg-copy.js';

const MAX_PARAMS = 30_000;
const MAX_ROWS = 500;
const UNIQUE_VIOLATION = '23505';

type Table = keyof Database;

const texts = new Map<string, string>();

function upsertText(db: DbOrTx, table: string, columns: string[], rows: number, key: string[], updated: string[]): string {
  const verb = bulkWriteVerb(db, 'insert');
  const id = `${verb}|${table}|${columns.join(',')}|${rows}|${key.join(',')}|${updated.join(',')}`;
  let text = texts.get(id);
  if (text === undefined) {
    const param = placeholder(db);
    const tuples: string[] = [];
    for (let r = 0, n = 1; r < rows; r++) tuples.push(`(${columns.map(() => param(n++)).join(',')})`);
    const onConflict = updated.length === 0 ? 'do nothing' : `do update set ${updated.map((c) => `"${c}" = excluded."${c}"`).join(', ')}`;
    text = `${verb} into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(',')} on conflict (${key.map((k) => `"${k}"`).join(', ')}) ${onConflict}`;
    if (texts.size > 200) texts.clear();
    texts.set(id, text);
  }
  return text;
}

/** Inserts rows, or updates the existing row with the same key (columns in `keep` are not updated). */
export async function upsertRows<T extends Table>(db: DbOrTx, table: T, rows: Insertable<Database[T]>[], key: string[], keep: string[] = ['created_at']): Promise<void> {
  if (rows.length === 0) return;
  rows = lastOfEachKey(rows, key);
  const columns = Object.keys(rows[0] as object);
  const updated = columns.filter((c) => !key.includes(c) && !keep.includes(c));
  if (isPostgres(db)) return upsertJson(db, table, rows, columns, key, updated);
  const perStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns.length)));
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const params: unknown[] = [];
    for (const row of chunk) for (const c of columns) params.push((row as any)[c] ?? null);
    await db.executeQuery(CompiledQuery.raw(upsertText(db, table, columns, chunk.length, key, updated), params));
  }
}

/** Rows for one table, with the key an upsert of them would conflict on. */
export interface KeyedRows {
  table: Table;
  rows: object[];
  key: string[];
}

/**
 * A batch of a bulk load into tables that were empty (snapshot.bulk.ts). On PostgreSQL its rows are
 * inserted by COPY, all tables under one savepoint; only when one of their keys is already there
 * (an id the document gives twice, in different batches) does the batch roll back to that savepoint
 * and go through `upsert`, the way any batch is written. On SQLite, `upsert`: its multi-row upsert
 * is its fastest write already.
 */
export async function copyOrUpsert(db: DbOrTx, tables: KeyedRows[], upsert: () => Promise<void>): Promise<void> {
  if (!isPostgres(db)) return upsert();
  const copies = tables.filter((t) => t.rows.length > 0).map(({ table, rows, key }) => {
    const distinct = lastOfEachKey(rows, key);
    const columns = Object.keys(distinct[0]!);
    return CompiledQuery.raw(copyStatement(table, columns), [copyText(distinct, columns)]);
  });
  // All statements handed over at once: the transaction's connection runs each as soon as the one
  // before has answered, without waiting for this thread, busy reading the next batch, to send it.
  const statements = [CompiledQuery.raw('savepoint copy_batch'), ...copies, CompiledQuery.raw('release savepoint copy_batch')];
  const failed = (await Promise.allSettled(statements.map((s) => db.executeQuery(s)))).find((r) => r.status === 'rejected');
  if (!failed) return;
  // The first failure is the cause; the statements after it failed because the transaction had.
  if ((failed.reason as { code?: string }).code !== UNIQUE_VIOLATION) throw failed.reason;
  await sql`rollback to savepoint copy_batch`.execute(db);
  await upsert();
  await sql`release savepoint copy_batch`.execute(db);
}

// One statement may not touch a row twice (PostgreSQL refuses): the last occurrence of a key wins,
// as it would across separate statements.
function lastOfEachKey<R>(rows: R[], key: string[]): R[] {
  const byKey = new Map(rows.map((row) => [key.map((k) => (row as any)[k]).join('\u0000'), row]));
  return byKey.size < rows.length ? [...byKey.values()] : rows;
}

async function upsertJson(db: DbOrTx, table: string, rows: object[], columns: string[], key: string[], updated: string[]): Promise<void> {
  const list = columns.map((c) => `"${c}"`).join(', ');
  const onConflict = updated.length === 0 ? 'do nothing' : `do update set ${updated.map((c) => `"${c}" = excluded."${c}"`).join(', ')}`;
  const text = `insert into "${table}" (${list}) select ${list} from json_populate_recordset(null::"${table}", $1) on conflict (${key.map((k) => `"${k}"`).join(', ')}) ${onConflict}`;
  await db.executeQuery(CompiledQuery.raw(text, [JSON.stringify(rows)]));
}

/** Deletes a workspace's rows whose `column` is one of `values` (children about to be replaced). */
export async function deleteWhereIn(db: DbOrTx, table: Table, workspaceId: string, column: string, values: string[]): Promise<void> {
  for (let i = 0; i < values.length; i += MAX_ROWS) {
    await (db as any)
      .deleteFrom(table)
      .where('workspace_id', '=', workspaceId)
      .where(column, 'in', values.slice(i, i + MAX_ROWS))
      .execute();
  }
}
