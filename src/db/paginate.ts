// The one paging skeleton of every list (leads, both feeds, campaigns): read the signed cursor,
// keep the `days` window the walk started with, seek one row past the page, cut, and sign the
// position of the page's last row.
import { decodeCursor, encodeCursor, type CursorScope, type CursorValue } from '../shared/cursor.js';
import { seekPage, type PageQuery, type SortSpec } from './keyset.js';

export interface PageRequest<R> {
  secret: Buffer;
  scope: CursorScope;
  spec: SortSpec;
  limit: number;
  cursor: string | undefined;
  /** Where a `days` window starts for a walk begun now; null without `days`. A cursor keeps its own. */
  windowStart: () => number | null;
  /** False for a walk that never shows the total (an export): the page's total is then 0. */
  countTotal?: boolean;
  /** The rows in the window (null: nothing can match) and their total. */
  source: (windowStart: number | null) => Promise<{ rows: PageQuery<R>; total: () => Promise<number> } | null>;
}

export interface Page<R> {
  total: number;
  rows: R[];
  cursor: string | null;
}

/** A position value as the cursor stores it: the column's value, numbers as numbers. */
function positionValue(row: object, column: string): CursorValue {
  const value = (row as Record<string, unknown>)[column];
  return value === null || value === undefined ? null : typeof value === 'string' ? value : Number(value);
}

export async function paginate<R extends object>(request: PageRequest<R>): Promise<Page<R>> {
  const { secret, scope, spec, limit } = request;
  const state = request.cursor === undefined ? null : decodeCursor(secret, scope, request.cursor, spec.columns.length);
  // A walk keeps the window it started with, so a cursor replayed later means the same thing.
  const windowStart = state?.windowStart ?? request.windowStart();
  const source = await request.source(windowStart);
  if (source === null) return { total: 0, rows: [], cursor: null };
  const [rows, total] = await Promise.all([seekPage(spec, state?.position ?? null, limit + 1, source.rows), request.countTotal === false ? 0 : source.total()]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const cursor =
    rows.length > limit && last ? encodeCursor(secret, scope, { position: spec.columns.map((c) => positionValue(last, c.column)), windowStart }) : null;
  return { total, rows: page, cursor };
}
