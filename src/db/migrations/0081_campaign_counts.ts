// Frozen in time: never import application types here, never edit after release.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The campaigns list's totals as counters (docs/leads-cold.md, "Feeds and campaigns"):
 * campaign_counts holds, per workspace, the number of campaigns (campaign_id '') and each
 * campaign's number of contacts. Triggers keep them in the writing statement's transaction
 * (enrolment, snapshot import, workspace deletion alike); a deletion only decrements rows that exist.
 */
const WATCH = [
  ['campaigns', `''`],
  ['campaign_contacts', 'campaign_id'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaign_counts')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_counts_pk', ['workspace_id', 'campaign_id'])
    .execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [table, key] of WATCH) {
    const add = (row: string) => `INSERT INTO campaign_counts (workspace_id, campaign_id, count) VALUES (${row}.workspace_id, ${key === `''` ? key : `${row}.${key}`}, 1)
      ON CONFLICT (workspace_id, campaign_id) DO UPDATE SET count = campaign_counts.count + 1;`;
    const remove = (row: string) => `UPDATE campaign_counts SET count = count - 1 WHERE workspace_id = ${row}.workspace_id AND campaign_id = ${key === `''` ? key : `${row}.${key}`};`;
    if (postgres) {
      await sql.raw(`
        CREATE FUNCTION ${table}_counts_row() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
          IF TG_OP = 'DELETE' THEN ${remove('OLD')} ELSE ${add('NEW')} END IF;
          RETURN NULL; END $$`).execute(db);
      await sql.raw(`CREATE TRIGGER ${table}_counts AFTER INSERT OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_counts_row()`).execute(db);
    } else {
      await sql.raw(`CREATE TRIGGER ${table}_counts_insert AFTER INSERT ON ${table} FOR EACH ROW BEGIN ${add('NEW')} END`).execute(db);
      await sql.raw(`CREATE TRIGGER ${table}_counts_delete AFTER DELETE ON ${table} FOR EACH ROW BEGIN ${remove('OLD')} END`).execute(db);
    }
    // Rows written before this migration.
    await sql.raw(`INSERT INTO campaign_counts (workspace_id, campaign_id, count) SELECT workspace_id, ${key}, count(*) FROM ${table} GROUP BY workspace_id${key === `''` ? '' : `, ${key}`}`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [table] of WATCH) {
    if (postgres) await sql.raw(`DROP TRIGGER ${table}_counts ON ${table}; DROP FUNCTION ${table}_counts_row()`).execute(db);
    else for (const t of ['insert', 'delete']) await sql.raw(`DROP TRIGGER ${table}_counts_${t}`).execute(db);
  }
  await db.schema.dropTable('campaign_counts').execute();
}
