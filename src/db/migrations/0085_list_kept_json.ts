// Frozen in time: never import application types here, never edit after release.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * SQLite: JSON the lead list would otherwise build for every lead of every cold page, kept on the
 * rows instead (docs/leads-cold.md, "JSON kept for the list"):
 * - leads.history_json and leads.notes_json, a lead's history and notes as the list shows them, so a
 *   page reads them with the lead's row instead of looking up, reading and sorting each lead's rows
 *   in two more tables (over 40 % of a 41-lead page's statement at 1M leads);
 * - companies.company_json, the company as the list shows it (about 40 % of what was left).
 *
 * Triggers keep them, so no write path (API, import, ingestion, another process) can forget: after
 * a history or note row is inserted, updated or deleted, its lead gets the whole array again from
 * the table, in the list's order (time, then id); after a company row is inserted or updated, it
 * gets its JSON again from its own columns. The expressions are the ones the list used until now.
 * A lead without history or notes holds '[]'.
 *
 * PostgreSQL keeps no such columns: a rewritten lead row enters each of its 19 indexes again
 * (filling one column took 4 min 48 s at 1M leads), and every row written would do so; its
 * companies stay as they are too, so both engines' lists keep one shape each.
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

/** The company row's own JSON, from its unqualified columns, in the Company schema's field order. */
const PLAIN = ['name', 'slug', 'picture', 'employees_num_min', 'employees_num_max', 'headquarters', 'location', 'followers', 'state', 'country',
  'website_url', 'phone_number', 'company_type', 'founded_year', 'description', 'tagline'];
const COMPANY = `json_object(${[
  ...PLAIN.map((k) => `'${k}', ${k}`),
  `'industries', ${array('industries')}`, `'specialties', ${array('specialties')}`, `'funding', ${array('funding')}`,
  `'is_verified', ${flag('is_verified')}`, `'id', id`, `'hash_id', coalesce(hash_id, '')`, `'network_url', network_url`, `'created_at', ${iso('created_at')}`,
].join(', ')})`;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const { table, column, array: rows } of CHILDREN) {
    await db.schema.alterTable('leads').addColumn(column, 'text', (c) => c.notNull().defaultTo('[]')).execute();
    await sql.raw(`UPDATE leads SET ${column} = ${rows('leads.workspace_id', 'leads.id')}
      WHERE EXISTS (SELECT 1 FROM ${table} c WHERE c.workspace_id = leads.workspace_id AND c.lead_id = leads.id)`).execute(db);
    const refresh = (row: 'NEW' | 'OLD') =>
      `UPDATE leads SET ${column} = ${rows(`${row}.workspace_id`, `${row}.lead_id`)} WHERE workspace_id = ${row}.workspace_id AND id = ${row}.lead_id;`;
    await sql.raw(`CREATE TRIGGER ${column}_insert AFTER INSERT ON ${table} FOR EACH ROW BEGIN ${refresh('NEW')} END`).execute(db);
    await sql.raw(`CREATE TRIGGER ${column}_delete AFTER DELETE ON ${table} FOR EACH ROW BEGIN ${refresh('OLD')} END`).execute(db);
    // A row moved to another lead leaves the first lead's array too.
    await sql.raw(`CREATE TRIGGER ${column}_update AFTER UPDATE ON ${table} FOR EACH ROW BEGIN ${refresh('OLD')} ${refresh('NEW')} END`).execute(db);
  }
  await db.schema.alterTable('companies').addColumn('company_json', 'text').execute();
  await sql.raw(`UPDATE companies SET company_json = ${COMPANY}`).execute(db);
  const refresh = `UPDATE companies SET company_json = ${COMPANY} WHERE workspace_id = NEW.workspace_id AND id = NEW.id;`;
  await sql.raw(`CREATE TRIGGER company_json_insert AFTER INSERT ON companies FOR EACH ROW BEGIN ${refresh} END`).execute(db);
  // After an update of any column but company_json itself, so its own update never fires it again.
  const columns = ['workspace_id', 'id', 'hash_id', ...PLAIN, 'industries', 'specialties', 'funding', 'is_verified', 'network_url', 'created_at'];
  await sql.raw(`CREATE TRIGGER company_json_update AFTER UPDATE OF ${columns.join(', ')} ON companies FOR EACH ROW BEGIN ${refresh} END`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const event of ['insert', 'update']) await sql.raw(`DROP TRIGGER company_json_${event}`).execute(db);
  await db.schema.alterTable('companies').dropColumn('company_json').execute();
  for (const { column } of CHILDREN) {
    for (const event of ['insert', 'delete', 'update']) await sql.raw(`DROP TRIGGER ${column}_${event}`).execute(db);
    await db.schema.alterTable('leads').dropColumn(column).execute();
  }
}
