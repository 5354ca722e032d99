// Rows of one workspace whose column is one of many values, compiled by hand: Kysely builds a
// node per bound value, and a fold page asks for tens of thousands at once.
import { CompiledQuery, type Selectable } from 'kysely';
import type { Database, DbOrTx } from './database.js';
import { placeholder } from './dialect.js';

// Values per statement: below SQLite's 32,766 bound values with the workspace id.
const CHUNK = 30_000;

type Column<T extends keyof Database> = keyof Selectable<Database[T]> & string;

/** All columns, or only `columns`, of the workspace's rows of `table` whose `column` is in `values`. */
export async function selectWhereIn<T extends keyof Database, C extends Column<T> = Column<T>>(
  db: DbOrTx,
  table: T,
  workspaceId: string,
  column: Column<T>,
  values: readonly string[],
  columns?: readonly C[],
): Promise<Pick<Selectable<Database[T]>, C>[]> {
  const param = placeholder(db);
  const head = `select ${columns ? columns.map((c) => `"${c}"`).join(', ') : '*'} from "${table}" where "workspace_id" = ${param(1)} and "${column}" in `;
  const found: Pick<Selectable<Database[T]>, C>[] = [];
  for (let i = 0; i < values.length; i += CHUNK) {
    const part = values.slice(i, i + CHUNK);
    const { rows } = await db.executeQuery<Pick<Selectable<Database[T]>, C>>(CompiledQuery.raw(`${head}(${part.map((_, k) => param(k + 2)).join(',')})`, [workspaceId, ...part]));
    for (const row of rows) found.push(row);
  }
  return found;
}
