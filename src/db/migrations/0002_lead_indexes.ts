// Frozen in time: never import application types here, never edit after release.
// Every lead sort order (key, id) with any single equality filter is served by an index, on
// SQLite and PostgreSQL alike. Nullable sort keys need no expression index: the keyset walk
// reads the non-null part (key IS NOT NULL, range on key) and then the null part
// (key IS NULL, range on id) of the same (…, key, id) index (src/db/keyset.ts).
import type { Kysely } from 'kysely';

const SORT_KEYS = ['created_at', 'last_engagement_dt', 'engagement_score'] as const;
const FILTERS = [null, 'status', 'company_id', 'source_post_id'] as const;
const short: Record<string, string> = {
  created_at: 'created',
  last_engagement_dt: 'touch',
  engagement_score: 'score',
  status: 'status',
  company_id: 'company',
  source_post_id: 'post',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const key of SORT_KEYS) {
    for (const filter of FILTERS) {
      const name = filter ? `leads_${short[filter]}_${short[key]}` : `leads_${short[key]}`;
      const columns = ['workspace_id', ...(filter ? [filter] : []), key, 'id'];
      await db.schema.createIndex(name).on('leads').columns(columns).execute();
    }
  }
  await db.schema
    .createTable('lead_counts')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('enriched', 'integer', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lead_counts_pk', ['workspace_id', 'status', 'day', 'enriched'])
    .execute();
  // Feeds: newest/oldest and by impressions, for the whole workspace and per team member.
  await db.schema.createIndex('posts_published').on('posts').columns(['workspace_id', 'published_at', 'id']).execute();
  await db.schema.createIndex('posts_impressions').on('posts').columns(['workspace_id', 'impressions_num', 'published_at', 'id']).execute();
  await db.schema.createIndex('posts_member').on('posts').columns(['workspace_id', 'team_member_id', 'published_at', 'id']).execute();
  await db.schema.createIndex('posts_author').on('posts').columns(['workspace_id', 'author_urn', 'published_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['posts_published', 'posts_impressions', 'posts_member', 'posts_author']) await db.schema.dropIndex(name).execute();
  await db.schema.dropTable('lead_counts').execute();
  for (const key of SORT_KEYS) {
    for (const filter of FILTERS) await db.schema.dropIndex(filter ? `leads_${short[filter]}_${short[key]}` : `leads_${short[key]}`).execute();
  }
}
