// Frozen in time: never import application types here, never edit after release.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * SQLite: leads.history_json, a lead's history as the list shows it (docs/leads-cold.md, "History
 * kept on the lead"), so a cold page reads it with the lead's row instead of looking up, reading
 * and sorting each lead's history rows (a third of a 41-lead page's statement at 1M leads).
 *
 * Triggers on lead_history keep it, so no write path (API, import, ingestion, another process)
 * can forget: after a row is inserted, updated or deleted, its lead gets its whole history again
 * from lead_history, in the list's order (recorded_at, then id), with the expression the list
 * used until now. A lead without history holds '[]'.
 *
 * PostgreSQL keeps no such column: a rewritten lead row enters each of its 19 indexes again
 * (filling the column took 4 min 48 s at 1M leads), and every history row written would do so.
 */
const ms = (c: string) => `((${c} % 1000 + 1000) % 1000)`;
const iso = (c: string) =>
  `case when ${c} is null then null else replace(datetime(((${c} - ${ms(c)}) / 1000), 'unixepoch'), ' ', 'T') || case when ${ms(c)} = 0 then 'Z' else printf('.%03dZ', ${ms(c)}) end end`;
/** The history JSON of the lead (ws, id). */
const history = (ws: string, id: string) =>
  `(select json_group_array(json_object('id', h.id, 'description', h.description, 'recorded_at', ${iso('h.recorded_at')}) order by h.recorded_at, h.id)
    from lead_history h where h.workspace_id = ${ws} and h.lead_id = ${id})`;
const refresh = (row: 'NEW' | 'OLD') =>
  `UPDATE leads SET history_json = ${history(`${row}.workspace_id`, `${row}.lead_id`)} WHERE workspace_id = ${row}.workspace_id AND id = ${row}.lead_id;`;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema.alterTable('leads').addColumn('history_json', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await sql.raw(`UPDATE leads SET history_json = ${history('leads.workspace_id', 'leads.id')}
    WHERE EXISTS (SELECT 1 FROM lead_history h WHERE h.workspace_id = leads.workspace_id AND h.lead_id = leads.id)`).execute(db);
  await sql.raw(`CREATE TRIGGER lead_history_json_insert AFTER INSERT ON lead_history FOR EACH ROW BEGIN ${refresh('NEW')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER lead_history_json_delete AFTER DELETE ON lead_history FOR EACH ROW BEGIN ${refresh('OLD')} END`).execute(db);
  // A row moved to another lead leaves the first lead's history too.
  await sql.raw(`CREATE TRIGGER lead_history_json_update AFTER UPDATE ON lead_history FOR EACH ROW BEGIN ${refresh('OLD')} ${refresh('NEW')} END`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const event of ['insert', 'delete', 'update']) await sql.raw(`DROP TRIGGER lead_history_json_${event}`).execute(db);
  await db.schema.alterTable('leads').dropColumn('history_json').execute();
}
