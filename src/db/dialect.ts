// The few places where SQLite and PostgreSQL differ are decided here, never in a feature.
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { DbOrTx } from './database.js';

/** Any database handle or transaction, whatever tables its type knows (the sandbox's included). */
export const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * `insert` or `update` for a bulk write inside a transaction that any error rolls back. SQLite
 * copies every page such a statement touches into a statement journal (so that it alone can be
 * undone if it fails half-way) when it writes several rows or fires a trigger, which doubles the
 * cost of writing leads; `OR FAIL` skips the journal and, with the whole transaction rolled
 * back on error anyway, loses nothing.
 */
export const bulkWriteVerb = (db: DbOrTx, verb: 'insert' | 'update'): string => (isPostgres(db) ? verb : `${verb} or fail`);

/** The n-th (1-based) bound value's placeholder in SQL compiled by hand. */
export function placeholder(db: DbOrTx): (n: number) => string {
  return isPostgres(db) ? (n) => `$${n}` : () => '?';
}

/**
 * A range on `column` that the page's index checks on its entries rather than reads as its range
 * (docs/leads-cold.md, feeds). SQLite keeps no statistics (the service never runs ANALYZE), so the
 * plain column would let it start from that column's index and sort the whole range: `+ 0` hides
 * it. PostgreSQL has statistics for the column and none for `+ 0`, whose guessed selectivity made
 * it scan the table and sort a year of posts; with the plain column it walks the sort's index.
 */
export const checkedRange = (db: DbOrTx, column: string): RawBuilder<number> => (isPostgres(db) ? sql<number>`${sql.ref(column)}` : sql<number>`(${sql.ref(column)} + 0)`);

/**
 * `table` to be read by its index `index` (a from-item). SQLite keeps no statistics, and where two
 * indexes both take a range its estimates can pick the wider one (a company's created_at range:
 * the workspace-wide created_at index, every lead of the range read for one company's): `INDEXED
 * BY` names the one its plan was written for. PostgreSQL chooses by its statistics: the table as it is.
 */
export const indexedBy = <T extends string>(db: DbOrTx, table: T, index: string): T =>
  (isPostgres(db) ? table : sql.raw(`${table} indexed by ${index}`)) as unknown as T;

/**
 * After a bulk write has committed: PostgreSQL's `VACUUM (ANALYZE)` of the tables written, so that
 * their visibility map is set and an index-only read (a company's count, a company's or a post's
 * dated page) skips the rows it checks, from the first request instead of whenever autovacuum
 * comes (autovacuum may be off, as it is on the machines this was measured on). 1.2 s for 1M leads.
 * SQLite keeps no statistics and has no visibility map: nothing to do.
 */
export async function settleAfterBulkWrite(db: DbOrTx, tables: readonly string[]): Promise<void> {
  if (!isPostgres(db) || tables.length === 0) return;
  await sql`vacuum (analyze) ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
}
