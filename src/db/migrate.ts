import { Migrator, type MigrationResultSet } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

// Kysely's own migration record.
const MIGRATION_TABLE = 'kysely_migration';

/**
 * Refuses a database this version must not touch: another application's (tables, but no Warmline
 * migration among those it records) or a newer Warmline's (a migration this version does not
 * know: running on it could misread or damage what the newer schema means). A fresh, empty
 * database passes.
 */
export async function checkKnownSchema(db: Db): Promise<void> {
  const tables = (await db.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name);
  if (tables.length === 0) return;
  if (!tables.includes(MIGRATION_TABLE)) {
    throw new Error(`not a Warmline database (it holds ${tables.length} tables of something else, e.g. "${tables.sort()[0]}"); use another --db`);
  }
  const executed = (await db.selectFrom(MIGRATION_TABLE as never).select('name' as never).execute()).map((r) => (r as { name: string }).name);
  const unknown = executed.filter((name) => !(name in migrations));
  if (unknown.length > 0 && unknown.length === executed.length) {
    throw new Error(`not a Warmline database (its migrations, e.g. "${unknown[0]}", are another application's); use another --db`);
  }
  if (unknown.length > 0) {
    throw new Error(`the schema is newer than this version of Warmline (migration "${unknown.sort().at(-1)}" is unknown to it); run the newer version or restore a backup made for this one`);
  }
}

/** Brings the schema up to date; returns the names of the migrations that ran. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  await checkKnownSchema(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The names of the migrations this version has that the database has not run (reads only). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}
