// Frozen in time: never import application types here, never edit after release.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The feeds cold (docs/leads-cold.md, "Feeds and campaigns").
 *
 * Indexes: each feed × sort is one range of one index. The team feed's are partial (team posts
 * only), so a page never skips tracked contacts' posts, and the tracked feed's are partial the
 * other way; least_viewed_first is (impressions asc, published_at desc, id desc), a mixed
 * direction no ascending index reads in order, hence its own `desc` columns.
 *
 * Counters: post_counts holds posts per owner × UTC day of published_at (and an all-days row,
 * day -1). Owners: `tm:<member>` and `team` (every team post) for team posts, `au:<urn>` for a
 * contact's post. Triggers keep them in the writing statement's transaction, so no write path
 * (ingestion, snapshot import, another process) can forget them. A deletion only decrements
 * rows that exist: deleting a workspace (its counters possibly first) leaves nothing behind.
 */
const TEAM = sql.raw('team_member_id is not null');
const AUTHOR = sql.raw('author_urn is not null');
const DAY_MS = 86_400_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  const index = (name: string, columns: string, where: typeof TEAM) =>
    sql`create index ${sql.ref(name)} on posts (${sql.raw(columns)}) where ${where}`.execute(db);
  await index('posts_team_published', 'workspace_id, published_at, id', TEAM);
  await index('posts_team_views', 'workspace_id, impressions_num, published_at, id', TEAM);
  await index('posts_team_views_asc', 'workspace_id, impressions_num, published_at desc, id desc', TEAM);
  await index('posts_member_views', 'workspace_id, team_member_id, impressions_num, published_at, id', TEAM);
  await index('posts_member_views_asc', 'workspace_id, team_member_id, impressions_num, published_at desc, id desc', TEAM);
  // author_urn last: the tracked check reads it from the index entry, not the row.
  await index('posts_tracked_published', 'workspace_id, published_at, id, author_urn', AUTHOR);
  await index('posts_tracked_views', 'workspace_id, impressions_num, published_at, id, author_urn', AUTHOR);
  await index('posts_tracked_views_asc', 'workspace_id, impressions_num, published_at desc, id desc, author_urn', AUTHOR);
  // Superseded by the partial ones: a page read from them skipped the other feed's posts.
  await db.schema.dropIndex('posts_published').execute();
  await db.schema.dropIndex('posts_impressions').execute();

  await db.schema
    .createTable('post_counts')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_counts_pk', ['workspace_id', 'owner', 'day'])
    .execute();

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    // One function per row change; owners and days in a fixed order (owner, day), so concurrent
    // writers lock shared rows (`team`, day -1) in the same order.
    await sql.raw(`
      CREATE FUNCTION post_counts_owners(tm text, au text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
        SELECT array_remove(ARRAY['au:' || au, 'team' || CASE WHEN tm IS NULL THEN NULL ELSE '' END, 'tm:' || tm], NULL) $$`).execute(db);
    await sql.raw(`
      CREATE FUNCTION post_counts_row() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          UPDATE post_counts SET count = count - 1
          WHERE workspace_id = OLD.workspace_id AND owner = ANY (post_counts_owners(OLD.team_member_id, OLD.author_urn))
            AND day IN (OLD.published_at / ${DAY_MS}, -1);
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          INSERT INTO post_counts (workspace_id, owner, day, count)
          SELECT NEW.workspace_id, o, d, 1 FROM unnest(post_counts_owners(NEW.team_member_id, NEW.author_urn)) o,
            unnest(ARRAY[-1, (NEW.published_at / ${DAY_MS})::int]) d
          ORDER BY o, d
          ON CONFLICT (workspace_id, owner, day) DO UPDATE SET count = post_counts.count + 1;
        END IF;
        RETURN NULL; END $$`).execute(db);
    await sql.raw(`CREATE TRIGGER posts_counts_insert_delete AFTER INSERT OR DELETE ON posts FOR EACH ROW EXECUTE FUNCTION post_counts_row()`).execute(db);
    await sql.raw(`
      CREATE TRIGGER posts_counts_update AFTER UPDATE ON posts FOR EACH ROW
      WHEN (OLD.workspace_id IS DISTINCT FROM NEW.workspace_id OR OLD.published_at IS DISTINCT FROM NEW.published_at
        OR OLD.team_member_id IS DISTINCT FROM NEW.team_member_id OR OLD.author_urn IS DISTINCT FROM NEW.author_urn)
      EXECUTE FUNCTION post_counts_row()`).execute(db);
  } else {
    const owners = (row: 'NEW' | 'OLD') => `
      SELECT 'au:' || ${row}.author_urn AS o WHERE ${row}.author_urn IS NOT NULL
      UNION ALL SELECT 'team' WHERE ${row}.team_member_id IS NOT NULL
      UNION ALL SELECT 'tm:' || ${row}.team_member_id WHERE ${row}.team_member_id IS NOT NULL`;
    const add = `
      INSERT INTO post_counts (workspace_id, owner, day, count)
      SELECT NEW.workspace_id, o, d, 1 FROM (${owners('NEW')}), (SELECT -1 AS d UNION ALL SELECT NEW.published_at / ${DAY_MS}) WHERE true
      ON CONFLICT (workspace_id, owner, day) DO UPDATE SET count = count + 1;`;
    const remove = `
      UPDATE post_counts SET count = count - 1
      WHERE workspace_id = OLD.workspace_id AND owner IN (${owners('OLD')}) AND day IN (OLD.published_at / ${DAY_MS}, -1);`;
    await sql.raw(`CREATE TRIGGER posts_counts_insert AFTER INSERT ON posts FOR EACH ROW BEGIN ${add} END`).execute(db);
    await sql.raw(`CREATE TRIGGER posts_counts_delete AFTER DELETE ON posts FOR EACH ROW BEGIN ${remove} END`).execute(db);
    await sql.raw(`
      CREATE TRIGGER posts_counts_update AFTER UPDATE OF workspace_id, published_at, team_member_id, author_urn ON posts FOR EACH ROW
      WHEN OLD.workspace_id IS NOT NEW.workspace_id OR OLD.published_at IS NOT NEW.published_at
        OR OLD.team_member_id IS NOT NEW.team_member_id OR OLD.author_urn IS NOT NEW.author_urn
      BEGIN ${remove} ${add} END`).execute(db);
  }
  // Posts written before this migration.
  // [owner, its GROUP BY columns, rows counted]; a constant is never in a GROUP BY (a position to both engines).
  const perOwner = [
    [`'au:' || author_urn`, ', author_urn', 'author_urn is not null'],
    [`'team'`, '', 'team_member_id is not null'],
    [`'tm:' || team_member_id`, ', team_member_id', 'team_member_id is not null'],
  ];
  for (const [owner, groups, where] of perOwner) {
    for (const [day, dayGroup] of [[`published_at / ${DAY_MS}`, `, published_at / ${DAY_MS}`], ['-1', '']]) {
      await sql.raw(`
        INSERT INTO post_counts (workspace_id, owner, day, count)
        SELECT workspace_id, ${owner}, ${day}, count(*) FROM posts WHERE ${where} GROUP BY workspace_id${groups}${dayGroup}`).execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const t of postgres ? ['posts_counts_insert_delete', 'posts_counts_update'] : ['posts_counts_insert', 'posts_counts_delete', 'posts_counts_update']) {
    await sql.raw(`DROP TRIGGER ${t}${postgres ? ' ON posts' : ''}`).execute(db);
  }
  if (postgres) await sql.raw('DROP FUNCTION post_counts_row(); DROP FUNCTION post_counts_owners(text, text)').execute(db);
  await db.schema.dropTable('post_counts').execute();
  for (const name of ['posts_team_published', 'posts_team_views', 'posts_team_views_asc', 'posts_member_views', 'posts_member_views_asc', 'posts_tracked_published', 'posts_tracked_views', 'posts_tracked_views_asc']) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.createIndex('posts_published').on('posts').columns(['workspace_id', 'published_at', 'id']).execute();
  await db.schema.createIndex('posts_impressions').on('posts').columns(['workspace_id', 'impressions_num', 'published_at', 'id']).execute();
}
