// JSON built by the database, for pages whose rows would otherwise each become a JS object, be
// mapped to the API's shape and serialized again (docs/leads-cold.md, "rendered by the database").
// The two engines spell it differently; everything a feature needs is here, so it never asks
// which engine it runs on. What comes back is the API's JSON, byte for byte as fast-json-stringify
// writes it from the mapper (test/leads-rendering.test.ts compares them on both engines).
// SQLite marks JSON built by its functions as JSON, so a nested value is embedded, never parsed
// again or quoted as a string. The mark passes through CASE and coalesce(), but since SQLite 3.54
// (bundled by better-sqlite3 13.1 and later) no longer out of a scalar subquery: a value
// read by a subquery is marked outside it (storedJson). The rendering test fails on a version
// that loses the mark.
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from './database.js';
import { isPostgres } from './dialect.js';

type Expr = RawBuilder<unknown>;

/** One JSON object, keys in the order given (the response schema's order). */
export function jsonObject(db: DbOrTx, fields: readonly (readonly [string, Expr])[]): Expr {
  const args = sql.join(fields.flatMap(([key, value]) => [sql.lit(key), value]));
  return isPostgres(db) ? sql`json_build_object(${args})` : sql`json_object(${args})`;
}

/**
 * The JSON array of `object` over the rows of `from` (a FROM … WHERE …), in `orderBy`'s order; [] when
 * there are none. On SQLite a scalar subquery: text to store (the kept columns), not marked as JSON
 * outside it since SQLite 3.54 (see the top of this file).
 */
export function jsonArrayOf(db: DbOrTx, object: Expr, from: Expr, orderBy: Expr): Expr {
  return isPostgres(db)
    ? sql`coalesce((select json_agg(${object} order by ${orderBy}) ${from}), '[]'::json)`
    : sql`(select json_group_array(${object} order by ${orderBy}) ${from})`;
}

/**
 * A text column holding a JSON array, as db/rows.ts parseJsonArray reads it: null, '' and any
 * JSON that is not an array are []; text that is not JSON fails the statement, as it fails there.
 * On SQLite, text starting with `[` is an array if it is JSON at all, so it is parsed once (by
 * json()) instead of twice: the array columns were a fifth of the page statement's time.
 */
export function jsonArrayColumn(db: DbOrTx, column: string): Expr {
  const c = sql.ref(column);
  return isPostgres(db)
    ? sql`case when coalesce(${c}, '') = '' then '[]'::json when json_typeof(${c}::json) = 'array' then ${c}::json else '[]'::json end`
    : sql`json(case when coalesce(${c}, '') = '' then '[]' when substr(${c}, 1, 1) = '[' then ${c} when json_type(${c}) = 'array' then ${c} else '[]' end)`;
}

/**
 * A JSON value triggers keep, read by `value` (a column, or a scalar subquery reading one):
 * SQLite's text marked as JSON, PostgreSQL's json column as it is.
 */
export function storedJson(db: DbOrTx, value: Expr): Expr {
  return isPostgres(db) ? value : sql`json(${value})`;
}

/**
 * A JSON value SQLite keeps in the text column `column` (triggers write it) and PostgreSQL computes
 * as `computed`, the same JSON. On PostgreSQL a rewritten row enters every index of its table
 * again, so a value kept on a wide, much-indexed row costs its writes more than it saves reads.
 */
export function keptJson(db: DbOrTx, column: string, computed: Expr): Expr {
  return isPostgres(db) ? computed : storedJson(db, sql.ref(column));
}

/** A 0/1 flag column as a JSON boolean (1 is true, anything else false, as db/rows.ts fromFlag reads it); null stays null. */
export function jsonFlag(db: DbOrTx, column: string): Expr {
  const c = sql.ref(column);
  return isPostgres(db) ? sql`(${c} = 1)` : sql`json(case when ${c} is null then 'null' when ${c} = 1 then 'true' else 'false' end)`;
}

/**
 * An epoch-ms column as shared/time.ts toIso writes it: ISO 8601 UTC with a `Z`, milliseconds only
 * when there are some; null stays null. Whole seconds and milliseconds are taken apart as integers
 * (floored, so times before 1970 come out right too): no floating point touches the value.
 * SQLite: datetime() with its space made a `T`, not strftime(), which formats field by field
 * through printf (with the single parse of the array columns: a 41-lead page statement 0.535 -> 0.497 ms).
 */
export function isoTime(db: DbOrTx, column: string): Expr {
  const c = sql.ref(column);
  const ms = sql`((${c} % 1000 + 1000) % 1000)`;
  const seconds = sql`((${c} - ${ms}) / 1000)`;
  return isPostgres(db)
    ? sql`case when ${c} is null then null else to_char(to_timestamp(${seconds}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') || case when ${ms} = 0 then 'Z' else '.' || lpad(${ms}::text, 3, '0') || 'Z' end end`
    : sql`case when ${c} is null then null else replace(datetime(${seconds}, 'unixepoch'), ' ', 'T') || case when ${ms} = 0 then 'Z' else printf('.%03dZ', ${ms}) end end`;
}

/** A JSON value the database built, as text: SQLite returns its text; PostgreSQL's driver has parsed json into a value. */
export const builtJson = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
