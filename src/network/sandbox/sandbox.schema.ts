// The simulation's tables are not the product's: they have their own migration set, recorded in
// their own migration table, and are created only when a workspace is first bound to the sandbox.
import { Migrator, type Kysely, type Migration } from 'kysely';
import * as tables from './migrations/0001_sandbox_tables.js';
import * as accountUrnsAndReplies from './migrations/0002_account_urns_and_replies.js';

/** Every migration of the sandbox, in order. Explicit on purpose: no folder scanning, names never change. */
const migrations: Record<string, Migration> = {
  '0001_sandbox_tables': tables,
  '0002_account_urns_and_replies': accountUrnsAndReplies,
};

/** Brings the sandbox's tables up to date (idempotent; Kysely's migration lock serializes concurrent callers). */
export async function ensureSandboxSchema(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'sandbox_migration',
    migrationLockTableName: 'sandbox_migration_lock',
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
