// Frozen in time: never import application types here, never edit after release.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL: each company's kept JSON (migration 0085) written compact, as SQLite's json_object
 * and the API write it, instead of json_build_object's `"key" : value, …`. The lead list now sends
 * the JSON its statement builds as it is, without parsing and writing it again on the event loop
 * (docs/leads-cold.md, "PostgreSQL's JSON as text"), so the kept company is embedded as it is.
 * The companies' JSON arrays are minified as SQLite's json() does: whitespace between tokens goes,
 * each string and number stays as stored. SQLite keeps nothing else: this migration does nothing there.
 */
const ms = (c: string) => `((${c} % 1000 + 1000) % 1000)`;
const iso = (c: string) =>
  `case when ${c} is null then null else to_char(to_timestamp(((${c} - ${ms(c)}) / 1000)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') || case when ${ms(c)} = 0 then 'Z' else '.' || lpad(${ms(c)}::text, 3, '0') || 'Z' end end`;
/** JSON text of a scalar; null is `null`. */
const value = (expr: string) => `coalesce(to_json(${expr})::text, 'null')`;
/** A text column holding a JSON array, minified: null, '' and JSON that is not an array are []. */
const array = (c: string) =>
  `case when coalesce(${c}, '') = '' then '[]' when json_typeof(${c}::json) = 'array' then regexp_replace(${c}, '("(?:[^"\\\\]|\\\\.)*")|[ \\t\\n\\r]+', '\\1', 'g') else '[]' end`;

/** The company columns shown as they are, in the Company schema's order. */
const PLAIN = ['name', 'slug', 'picture', 'employees_num_min', 'employees_num_max', 'headquarters', 'location', 'followers', 'state', 'country',
  'website_url', 'phone_number', 'company_type', 'founded_year', 'description', 'tagline'];

/** The trigger's compact JSON of the row NEW, in the Company schema's field order. */
function compact(): string {
  const c = (column: string) => `NEW.${column}`;
  const fields: [string, string][] = [
    ...PLAIN.map((k): [string, string] => [k, value(c(k))]),
    ...['industries', 'specialties', 'funding'].map((k): [string, string] => [k, array(c(k))]),
    ['is_verified', `case when ${c('is_verified')} is null then 'null' when ${c('is_verified')} = 1 then 'true' else 'false' end`],
    ['id', value(c('id'))],
    ['hash_id', value(`coalesce(${c('hash_id')}, '')`)],
    ['network_url', value(c('network_url'))],
    ['created_at', value(iso(c('created_at')))],
  ];
  return `concat(${fields.map(([k, v], i) => `'${i === 0 ? '{' : ','}"${k}":', ${v}`).join(', ')}, '}')::json`;
}

/** 0085's json_build_object, for the way down. */
function spaced(): string {
  const c = (column: string) => `NEW.${column}`;
  const pgArray = (col: string) => `case when coalesce(${col}, '') = '' then '[]'::json when json_typeof(${col}::json) = 'array' then ${col}::json else '[]'::json end`;
  const args = [
    ...PLAIN.map((k) => `'${k}', ${c(k)}`),
    ...['industries', 'specialties', 'funding'].map((k) => `'${k}', ${pgArray(c(k))}`),
    `'is_verified', (${c('is_verified')} = 1)`, `'id', ${c('id')}`, `'hash_id', coalesce(${c('hash_id')}, '')`, `'network_url', ${c('network_url')}`,
    `'created_at', ${iso(c('created_at'))}`,
  ].join(', ');
  return `json_build_object(${args})`;
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The trigger's function (0085's name) made to write `json`, then every company written again through it. */
async function rewrite(db: Kysely<unknown>, json: string): Promise<void> {
  await sql.raw(`CREATE OR REPLACE FUNCTION company_json_row() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    NEW.company_json := ${json}; RETURN NEW; END $$`).execute(db);
  // The BEFORE UPDATE trigger writes each row's JSON again.
  await sql.raw('UPDATE companies SET company_json = NULL').execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await rewrite(db, compact());
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await rewrite(db, spaced());
}
