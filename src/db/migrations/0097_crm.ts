// Frozen in time: never import application types here, never edit after release.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * CRM sync (docs/crm.md). The binding itself is a workspace_bindings row of service `crm`. Here:
 * the push outbox (one row per lead change that matches the push rule, processed in `seq` order
 * per workspace; a row is SENDING before its call goes out, so a crash leaves a row to reconcile),
 * each lead's link with its CRM contact (what was pushed last, whether its note was made), each
 * workspace's sync state (cursors, the rate-limit window, counts, the last call and sync), the
 * errors by kind, and the customers pulled from the CRM, which campaigns never invite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('crm_outbox')
    .addColumn('seq', postgres ? sql`bigserial` : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('lead_id', 'text', (c) => c.notNull())
    // PENDING | SENDING | DONE | SKIPPED | FAILED
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('crm_outbox_waiting').on('crm_outbox').columns(['workspace_id', 'state', 'seq']).execute();
  await db.schema
    .createTable('crm_links')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('lead_id', 'text', (c) => c.notNull())
    .addColumn('crm_id', 'text')
    .addColumn('company_crm_id', 'text')
    // What was pushed last (a digest of the fields sent): an unchanged lead costs no call.
    .addColumn('pushed_digest', 'text')
    .addColumn('noted_at', 'bigint')
    .addColumn('pushed_at', 'bigint')
    .addPrimaryKeyConstraint('crm_links_pk', ['workspace_id', 'lead_id'])
    .execute();
  await db.schema
    .createTable('crm_sync_state')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    // The last lead change queued: (updated_at, id) of the leads table.
    .addColumn('lead_cursor_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lead_cursor_id', 'text', (c) => c.notNull().defaultTo(''))
    // The CRM's own cursor of customers pulled (its modification time).
    .addColumn('pull_cursor', 'text')
    .addColumn('next_pull_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('window_start', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('window_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    // Set while the CRM refuses the token: pushes wait, nothing is lost.
    .addColumn('auth_error', 'text')
    .addColumn('last_call_at', 'bigint')
    .addColumn('last_sync_at', 'bigint')
    .addColumn('pushed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pulled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('crm_errors')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_message', 'text')
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('crm_errors_pk', ['workspace_id', 'kind'])
    .execute();
  await db.schema
    .createTable('crm_customers')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('crm_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    // A network username (the profile URL's last part), lower case.
    .addColumn('username', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('crm_customers_pk', ['workspace_id', 'crm_id'])
    .execute();
  // The sync queues a CRM-bound workspace's lead changes by walking (updated_at, id) from its cursor.
  await db.schema.createIndex('leads_changed').on('leads').columns(['workspace_id', 'updated_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('leads_changed').execute();
  for (const table of ['crm_customers', 'crm_errors', 'crm_sync_state', 'crm_links', 'crm_outbox']) await db.schema.dropTable(table).execute();
}
