// JSON built by the database, for pages whose rows would otherwise each become a JS object, be
// mapped to the API's shape and serialized again (docs/leads-cold.md, "rendered by the database").
// The two engines spell it differently; everything a feature needs is here, so it never asks
// which engine it runs on. What comes back is the API's JSON as text, byte for byte as
// fast-json-stringify writes it from the mapper (test/leads-rendering.test.ts compares them on
// both engines), and the same text on both engines.
// SQLite marks JSON built by its functions as JSON, so a nested value is embedded, never parsed
// again or quoted as a string. The mark passes through CASE and coalesce(), but since SQLite 3.54
// (bundled by better-sqlite3 13.1 and later) no longer out of a scalar subquery: a value
// read by a subquery is marked outside it (storedJson). The rendering test fails on a version
// that loses the mark.
// PostgreSQL's json_build_object writes `"key" : value, …`, and its driver hands a json value over
// parsed, to be written again by JSON.stringify: 0.6–1.2 ms of the event loop per 41-lead page
// (docs/leads-cold.md, "2026-11-27, last"). So on PostgreSQL the JSON is compact text,
// concatenated here, and never parsed on its way out.
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from './database.js';
import { isPostgres } from './dialect.js';

type Expr = RawBuilder<unknown>;

/** A JSON value built by one of the functions below: embedded as it is in an object or array, never quoted as a string. */
export class Json {
  constructor(readonly expr: Expr) {}
}

/** A value of an object on PostgreSQL as JSON text: a Json as it is, any other value through to_json; null is `null`. */
const pgValue = (value: Expr | Json): Expr => (value instanceof Json ? sql`coalesce(${value.expr}, 'null')` : sql`coalesce(to_json(${value})::text, 'null')`);

/** One JSON object, keys in the order given (the response schema's order); a value that is not a Json is a scalar. */
export function jsonObject(db: DbOrTx, fields: readonly (readonly [string, Expr | Json])[]): Json {
  if (!isPostgres(db)) return new Json(sql`json_object(${sql.join(fields.flatMap(([key, value]) => [sql.lit(key), value instanceof Json ? value.expr : value]))})`);
  // concat() makes one text of all its arguments (at most 100: a lead has 32 fields).
  const parts = fields.flatMap(([key, value], i) => [sql.lit(`${i === 0 ? '{' : ','}${JSON.stringify(key)}:`), pgValue(value)]);
  return new Json(sql`concat(${sql.join(parts)}, '}')`);
}

/**
 * The JSON array of `object` over the rows of `from` (a FROM … WHERE …), in `orderBy`'s order; [] when
 * there are none. On SQLite a scalar subquery: text to store (the kept columns), not marked as JSON
 * outside it since SQLite 3.54 (see the top of this file).
 */
export function jsonArrayOf(db: DbOrTx, object: Json, from: Expr, orderBy: Expr): Json {
  return new Json(isPostgres(db)
    ? sql`coalesce((select '[' || string_agg(${object.expr}, ',' order by ${orderBy}) || ']' ${from}), '[]')`
    : sql`(select json_group_array(${object.expr} order by ${orderBy}) ${from})`);
}

/**
 * Insignificant whitespace taken out of valid JSON text, every string and number left as it is, as
 * SQLite's json() minifies: each string is matched whole and kept, each run of whitespace between
 * tokens dropped. (Migration 0087 writes the same expression into the companies' trigger.)
 */
const MINIFY = sql.raw(String.raw`'("(?:[^"\\]|\\.)*")|[ \t\n\r]+', '\1', 'g'`);
const pgMinified = (text: Expr): Expr => sql`regexp_replace(${text}, ${MINIFY})`;

/**
 * A text column holding a JSON array, as db/rows.ts parseJsonArray reads it: null, '' and any
 * JSON that is not an array are []; text that is not JSON fails the statement, as it fails there.
 * An array is written minified, its strings and numbers as stored, on both engines.
 * On SQLite, text starting with `[` is an array if it is JSON at all, so it is parsed once (by
 * json()) instead of twice: the array columns were a fifth of the page statement's time.
 */
export function jsonArrayColumn(db: DbOrTx, column: string): Json {
  const c = sql.ref(column);
  return new Json(isPostgres(db)
    ? sql`case when coalesce(${c}, '') = '' then '[]' when json_typeof(${c}::json) = 'array' then ${pgMinified(c)} else '[]' end`
    : sql`json(case when coalesce(${c}, '') = '' then '[]' when substr(${c}, 1, 1) = '[' then ${c} when json_type(${c}) = 'array' then ${c} else '[]' end)`);
}

/**
 * A JSON value triggers keep, read by `value` (a column, or a scalar subquery reading one):
 * SQLite's text marked as JSON, PostgreSQL's json column, whose text is as it was written.
 */
export function storedJson(db: DbOrTx, value: Expr): Json {
  return new Json(isPostgres(db) ? value : sql`json(${value})`);
}

/**
 * A JSON value SQLite keeps in the text column `column` (triggers write it) and PostgreSQL computes
 * as `computed`, the same JSON. On PostgreSQL a rewritten row enters every index of its table
 * again, so a value kept on a wide, much-indexed row costs its writes more than it saves reads.
 */
export function keptJson(db: DbOrTx, column: string, computed: Json): Json {
  return isPostgres(db) ? computed : storedJson(db, sql.ref(column));
}

/** A 0/1 flag column as a JSON boolean (1 is true, anything else false, as db/rows.ts fromFlag reads it); null stays null. */
export function jsonFlag(db: DbOrTx, column: string): Json {
  const c = sql.ref(column);
  const text = sql`case when ${c} is null then 'null' when ${c} = 1 then 'true' else 'false' end`;
  return new Json(isPostgres(db) ? text : sql`json(${text})`);
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
