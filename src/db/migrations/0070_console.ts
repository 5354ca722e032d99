// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/**
 * The web console's sign-in: a member's password (scrypt) and role, one-time invitation links,
 * sessions and failed sign-in attempts. Tokens are stored only as SHA-256 hashes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('console_credentials')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('console_credentials_pk', ['workspace_id', 'member_id'])
    .execute();
  await db.schema.createIndex('console_credentials_email').on('console_credentials').column('email').execute();
  await db.schema
    .createTable('console_invites')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createTable('console_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('console_sessions_member').on('console_sessions').columns(['workspace_id', 'member_id']).execute();
  await db.schema
    .createTable('console_sign_in_failures')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('console_sign_in_failures_subject').on('console_sign_in_failures').columns(['subject', 'failed_at']).execute();
}
