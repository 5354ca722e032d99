// Keyset (seek) pagination, the same SQL on SQLite and PostgreSQL: no OFFSET, no
// dialect-specific NULLS FIRST/LAST. A nullable leading sort key is walked in two parts
// (key IS NOT NULL, then key IS NULL ordered by the remaining columns), which gives "nulls
// last" in both directions and lets both parts use a plain (…, key, id) index.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { CursorValue } from '../shared/cursor.js';

export interface SortColumn {
  column: string;
  dir: 'asc' | 'desc';
}

export interface SortSpec {
  columns: readonly SortColumn[];
  /** The first column may be null; nulls come last whatever its direction. */
  nullableFirst: boolean;
}

export type Condition = RawBuilder<SqlBool>;
/** Runs the caller's filtered query with extra conditions, an order and a row limit. */
export type PageQuery<R> = (conditions: Condition[], order: readonly SortColumn[], limit: number) => Promise<R[]>;

const ref = (c: SortColumn) => sql.ref(c.column);
const op = (c: SortColumn, strict: boolean) => sql.raw(c.dir === 'asc' ? (strict ? '>' : '>=') : strict ? '<' : '<=');

/** Rows strictly after `values` in `columns` order. The leading non-strict bound gives the index a range. */
function after(columns: readonly SortColumn[], values: readonly CursorValue[]): Condition {
  const branches = columns.map((col, i) => {
    const equal = columns.slice(0, i).map((c, j) => sql`${ref(c)} = ${values[j]}`);
    return sql.join([...equal, sql`${ref(col)} ${op(col, true)} ${values[i]}`], sql` and `);
  });
  const first = columns[0]!;
  if (columns.length === 1) return branches[0]! as Condition;
  return sql<SqlBool>`${ref(first)} ${op(first, false)} ${values[0]} and (${sql.join(branches.map((b) => sql`(${b})`), sql` or `)})`;
}

/** Up to `limit` rows after `position` (null: from the start). */
export async function seekPage<R>(spec: SortSpec, position: readonly CursorValue[] | null, limit: number, query: PageQuery<R>): Promise<R[]> {
  const [first, ...rest] = spec.columns;
  if (!spec.nullableFirst) return query(position ? [after(spec.columns, position)] : [], spec.columns, limit);
  const isNull = sql<SqlBool>`${ref(first!)} is null`;
  // The null part still orders by the (constant) key first: PostgreSQL then reads the
  // (…, key, id) index in order instead of sorting every null-key row.
  if (position && position[0] === null) return query([isNull, after(rest, position.slice(1))], spec.columns, limit);
  const notNull = sql<SqlBool>`${ref(first!)} is not null`;
  // After a non-null key the range itself excludes nulls; a redundant IS NOT NULL would only
  // blur the planner's estimate (SQLite then picks the unfiltered index).
  const rows = await query(position ? [after(spec.columns, position)] : [notNull], spec.columns, limit);
  if (rows.length >= limit) return rows;
  return rows.concat(await query([isNull], spec.columns, limit - rows.length));
}
