// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/**
 * When a sync last read each post's engagement, and how much engagement the post's own counts
 * showed then. Where a provider's counts are exact (Unipile), a post whose counts have not moved is
 * not read again until a day has passed: each read is API calls charged to the member's account,
 * and re-reading 30 days of posts every sync spent thousands a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('post_engagement_reads')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    // likes + comments as the post's listing gave them at that read
    .addColumn('engagement', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_engagement_reads_pk', ['workspace_id', 'post_id'])
    .addForeignKeyConstraint('post_engagement_reads_post', ['workspace_id', 'post_id'], 'posts', ['workspace_id', 'id'], (fk) => fk.onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('post_engagement_reads').execute();
}
