// Frozen in time: never import application types here, never edit after release.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * SQLite: leads.history_json and leads.notes_json, a lead's history and notes as the list shows
 * them (docs/leads-cold.md, "History and notes kept on the lead"), so a cold page reads them with
 * the lead's row instead of looking up, reading and sorting each lead's rows in two more tables
 * (over 40 % of a 41-lead page's statement at 1M leads).
 *
 * Triggers on lead_history and lead_notes keep them, so no write path (API, import, ingestion,
 * another process) can forget: after a row is inserted, updated or deleted, its lead gets the
 * whole array again from the table, in the list's order (time, then id), with the expression the
 * list used until now. A lead without history or notes holds '[]'.
 *
 * PostgreSQL keeps no such columns: a rewritten lead row enters each of its 19 indexes again
 * (filling one column took 4 min 48 s at 1M leads), and every row written would do so.
 */
const ms = (c: string) => `((${c} % 1000 + 1000) % 1000)`;
const iso = (c: string) =>
  `case when ${c} is null then null else replace(datetime(((${c} - ${ms(c)}) / 1000), 'unixepoch'), ' ', 'T') || case when ${ms(c)} = 0 then 'Z' else printf('.%03dZ', ${ms(c)}) end end`;

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

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const { table, column, array } of CHILDREN) {
    await db.schema.alterTable('leads').addColumn(column, 'text', (c) => c.notNull().defaultTo('[]')).execute();
    await sql.raw(`UPDATE leads SET ${column} = ${array('leads.workspace_id', 'leads.id')}
      WHERE EXISTS (SELECT 1 FROM ${table} c WHERE c.workspace_id = leads.workspace_id AND c.lead_id = leads.id)`).execute(db);
    const refresh = (row: 'NEW' | 'OLD') =>
      `UPDATE leads SET ${column} = ${array(`${row}.workspace_id`, `${row}.lead_id`)} WHERE workspace_id = ${row}.workspace_id AND id = ${row}.lead_id;`;
    await sql.raw(`CREATE TRIGGER ${column}_insert AFTER INSERT ON ${table} FOR EACH ROW BEGIN ${refresh('NEW')} END`).execute(db);
    await sql.raw(`CREATE TRIGGER ${column}_delete AFTER DELETE ON ${table} FOR EACH ROW BEGIN ${refresh('OLD')} END`).execute(db);
    // A row moved to another lead leaves the first lead's array too.
    await sql.raw(`CREATE TRIGGER ${column}_update AFTER UPDATE ON ${table} FOR EACH ROW BEGIN ${refresh('OLD')} ${refresh('NEW')} END`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const { column } of CHILDREN) {
    for (const event of ['insert', 'delete', 'update']) await sql.raw(`DROP TRIGGER ${column}_${event}`).execute(db);
    await db.schema.alterTable('leads').dropColumn(column).execute();
  }
}
