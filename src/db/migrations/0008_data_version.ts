// Frozen in time: never import application types here, never edit after release.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * workspaces.data_version moves whenever anything a lead or feed page shows changes, so that
 * served pages can be cached and reused exactly until then. Triggers do it, so no write path
 * (API, import, ingestion, another process) can forget.
 */
const WATCHED = ['leads', 'lead_history', 'lead_notes', 'companies', 'team_members', 'posts', 'tracked_contacts'] as const;
const EVENTS = [
  ['insert', 'INSERT', 'NEW'],
  ['update', 'UPDATE', 'NEW'],
  ['delete', 'DELETE', 'OLD'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('workspaces').addColumn('data_version', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    // Statement-level with transition tables: one bump per statement, not one per row, so a
    // bulk import does not rewrite the workspace row a million times.
    for (const [name, , ref] of EVENTS) {
      await sql
        .raw(
          `CREATE FUNCTION bump_data_version_${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
             UPDATE workspaces SET data_version = data_version + 1 WHERE id IN (SELECT DISTINCT workspace_id FROM changed_rows);
             RETURN NULL; END $$`,
        )
        .execute(db);
      for (const table of WATCHED) {
        await sql
          .raw(
            `CREATE TRIGGER ${table}_data_version_${name} AFTER ${name.toUpperCase()} ON ${table}
             REFERENCING ${ref === 'NEW' ? 'NEW' : 'OLD'} TABLE AS changed_rows
             FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_${name}()`,
          )
          .execute(db);
      }
    }
    return;
  }
  for (const table of WATCHED) {
    for (const [name, event, ref] of EVENTS) {
      await sql
        .raw(
          `CREATE TRIGGER ${table}_data_version_${name} AFTER ${event} ON ${table} FOR EACH ROW BEGIN
             UPDATE workspaces SET data_version = data_version + 1 WHERE id = ${ref}.workspace_id; END`,
        )
        .execute(db);
    }
  }
}
