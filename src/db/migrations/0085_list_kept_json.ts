// Frozen in time: never import application types here, never edit after release.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * JSON the lead list would otherwise build for every lead of every cold page, kept on the rows
 * instead (docs/leads-cold.md, "JSON kept for the list"):
 * - SQLite: leads.history_json and leads.notes_json, a lead's history and notes as the list shows
 *   them, so a page reads them with the lead's row instead of looking up, reading and sorting each
 *   lead's rows in two more tables (over 40 % of a 41-lead page's statement at 1M leads);
 * - both engines: companies.company_json, the company as the list shows it (about 40 % of what was
 *   left on SQLite, 15–20 % of PostgreSQL's statement).
 *
 * Triggers keep them, so no write path (API, import, ingestion, another process) can forget: after
 * a history or note row is inserted, updated or deleted, its lead gets the whole array again from
 * the table, in the list's order (time, then id); a company row written gets its JSON again from
 * its own columns (SQLite: after, by an update of that column alone; PostgreSQL: before, in the
 * row itself). The expressions are the ones the list used until now. A lead without history or
 * notes holds '[]'.
 *
 * PostgreSQL keeps no history or notes on the lead: a rewritten lead row enters each of its 19
 * indexes again (filling one column took 4 min 48 s at 1M leads), and every history row written
 * would do so. Its companies are few, narrow and rarely written.
 */
const ms = (c: string) => `((${c} % 1000 + 1000) % 1000)`;
const iso = (c: string) =>
  `case when ${c} is null then null else replace(datetime(((${c} - ${ms(c)}) / 1000), 'unixepoch'), ' ', 'T') || case when ${ms(c)} = 0 then 'Z' else printf('.%03dZ', ${ms(c)}) end end`;
/** A text column holding a JSON array: null, '' and JSON that is not an array are []. */
const array = (c: string) => `json(case when coalesce(${c}, '') = '' then '[]' when substr(${c}, 1, 1) = '[' then ${c} when json_type(${c}) = 'array' then ${c} else '[]' end)`;
/** A 0/1 flag: 1 is true, anything else false, null stays null. */
const flag = (c: string) => `json(case when ${c} is null then 'null' when ${c} = 1 then 'true' else 'false' end)`;

/** Per child table: the lead's column and the JSON array of the lead (ws, id)'s rows. */
const CHILDREN = [
  {
    table: 'lead_history',
    column: 'history_json',
    array: (ws: string, id: string) =>
      `(select json_group_array(json_object('id', h.id, 'description', h.description, 'recorded_at', ${iso('h.recorded_at')}) order by h.recorded_at, h.id)
        from lead_history h where h.workspace_id = ${ws} and h.lead_id = ${id})`,
  },
  {
    table: 'lead_notes',
    column: 'notes_json',
    array: (ws: string, id: string) =>
      `(select json_group_array(json_object('id', n.id, 'content', n.content, 'created_at', ${iso('n.created_at')}, 'updated_at', ${iso('n.updated_at')}) order by n.created_at, n.id)
        from lead_notes n where n.workspace_id = ${ws} and n.lead_id = ${id})`,
  },
] as const;

/** PostgreSQL's spellings of iso, array and flag (the list's, until now). */
const pgIso = (c: string) =>
  `case when ${c} is null then null else to_char(to_timestamp(((${c} - ${ms(c)}) / 1000)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') || case when ${ms(c)} = 0 then 'Z' else '.' || lpad(${ms(c)}::text, 3, '0') || 'Z' end end`;
const pgArray = (c: string) => `case when coalesce(${c}, '') = '' then '[]'::json when json_typeof(${c}::json) = 'array' then ${c}::json else '[]'::json end`;

/** The company columns shown as they are, in the Company schema's order. */
const PLAIN = ['name', 'slug', 'picture', 'employees_num_min', 'employees_num_max', 'headquarters', 'location', 'followers', 'state', 'country',
  'website_url', 'phone_number', 'company_type', 'founded_year', 'description', 'tagline'];
/** A company row's JSON from its columns (`row` prefixes them: 'NEW.' in a trigger), in the Company schema's field order. */
function companyJson(postgres: boolean, row = ''): string {
  const c = (column: string) => `${row}${column}`;
  const [toArray, toFlag, toIso] = postgres ? [pgArray, (f: string) => `(${f} = 1)`, pgIso] : [array, flag, iso];
  const args = [
    ...PLAIN.map((k) => `'${k}', ${c(k)}`),
    ...['industries', 'specialties', 'funding'].map((k) => `'${k}', ${toArray(c(k))}`),
    `'is_verified', ${toFlag(c('is_verified'))}`, `'id', ${c('id')}`, `'hash_id', coalesce(${c('hash_id')}, '')`, `'network_url', ${c('network_url')}`,
    `'created_at', ${toIso(c('created_at'))}`,
  ].join(', ');
  return postgres ? `json_build_object(${args})` : `json_object(${args})`;
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema.alterTable('companies').addColumn('company_json', postgres ? 'json' : 'text').execute();
  await sql.raw(`UPDATE companies SET company_json = ${companyJson(postgres)}`).execute(db);
  if (postgres) {
    await sql.raw(`CREATE FUNCTION company_json_row() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      NEW.company_json := ${companyJson(true, 'NEW.')}; RETURN NEW; END $$`).execute(db);
    await sql.raw('CREATE TRIGGER company_json BEFORE INSERT OR UPDATE ON companies FOR EACH ROW EXECUTE FUNCTION company_json_row()').execute(db);
    return;
  }
  const refresh = `UPDATE companies SET company_json = ${companyJson(false)} WHERE workspace_id = NEW.workspace_id AND id = NEW.id;`;
  await sql.raw(`CREATE TRIGGER company_json_insert AFTER INSERT ON companies FOR EACH ROW BEGIN ${refresh} END`).execute(db);
  // After an update of any column but company_json itself, so its own update never fires it again.
  const columns = ['workspace_id', 'id', 'hash_id', ...PLAIN, 'industries', 'specialties', 'funding', 'is_verified', 'network_url', 'created_at'];
  await sql.raw(`CREATE TRIGGER company_json_update AFTER UPDATE OF ${columns.join(', ')} ON companies FOR EACH ROW BEGIN ${refresh} END`).execute(db);

  for (const { table, column, array: rows } of CHILDREN) {
    await db.schema.alterTable('leads').addColumn(column, 'text', (c) => c.notNull().defaultTo('[]')).execute();
    await sql.raw(`UPDATE leads SET ${column} = ${rows('leads.workspace_id', 'leads.id')}
      WHERE EXISTS (SELECT 1 FROM ${table} c WHERE c.workspace_id = leads.workspace_id AND c.lead_id = leads.id)`).execute(db);
    const refreshLead = (row: 'NEW' | 'OLD') =>
      `UPDATE leads SET ${column} = ${rows(`${row}.workspace_id`, `${row}.lead_id`)} WHERE workspace_id = ${row}.workspace_id AND id = ${row}.lead_id;`;
    await sql.raw(`CREATE TRIGGER ${column}_insert AFTER INSERT ON ${table} FOR EACH ROW BEGIN ${refreshLead('NEW')} END`).execute(db);
    await sql.raw(`CREATE TRIGGER ${column}_delete AFTER DELETE ON ${table} FOR EACH ROW BEGIN ${refreshLead('OLD')} END`).execute(db);
    // A row moved to another lead leaves the first lead's array too.
    await sql.raw(`CREATE TRIGGER ${column}_update AFTER UPDATE ON ${table} FOR EACH ROW BEGIN ${refreshLead('OLD')} ${refreshLead('NEW')} END`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('DROP TRIGGER company_json ON companies; DROP FUNCTION company_json_row()').execute(db);
  } else {
    for (const event of ['insert', 'update']) await sql.raw(`DROP TRIGGER company_json_${event}`).execute(db);
    for (const { column } of CHILDREN) {
      for (const event of ['insert', 'delete', 'update']) await sql.raw(`DROP TRIGGER ${column}_${event}`).execute(db);
      await db.schema.alterTable('leads').dropColumn(column).execute();
    }
  }
  await db.schema.alterTable('companies').dropColumn('company_json').execute();
}
