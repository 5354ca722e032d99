// Batched writes for import: multi-row upserts sized to stay under the bind-parameter limits of
// both engines (SQLite 32766, PostgreSQL 65535 per statement).
import { sql } from 'kysely';
import type { Database, DbOrTx } from '../db/database.js';

const MAX_PARAMS = 30_000;
const MAX_ROWS = 500;

type Table = keyof Database;

/** Inserts rows, or updates the existing row with the same key (columns in `keep` are not updated). */
export async function upsertRows<T extends Table>(db: DbOrTx, table: T, rows: Database[T][], key: string[], keep: string[] = ['created_at']): Promise<void> {
  if (rows.length === 0) return;
  // One statement may not touch a row twice (PostgreSQL refuses): the last occurrence of a key wins,
  // as it would across separate statements.
  const byKey = new Map(rows.map((row) => [key.map((k) => (row as any)[k]).join('\u0000'), row]));
  if (byKey.size < rows.length) rows = [...byKey.values()];
  const columns = Object.keys(rows[0] as object);
  const updated = columns.filter((c) => !key.includes(c) && !keep.includes(c));
  const perStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns.length)));
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    await (db as DbOrTx)
      .insertInto(table as any)
      .values(chunk as any)
      .onConflict((oc: any) => {
        const target = oc.columns(key);
        return updated.length === 0 ? target.doNothing() : target.doUpdateSet(Object.fromEntries(updated.map((c) => [c, sql.ref(`excluded.${c}`)])));
      })
      .execute();
  }
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
