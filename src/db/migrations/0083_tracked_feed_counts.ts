// Frozen in time: never import application types here, never edit after release.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The tracked feed's totals as counters (docs/leads-cold.md, "Feeds and campaigns"): post_counts
 * (migration 0080) gains two kinds of owner, `tr:<member>` (posts by the contacts a member tracks)
 * and `tracked` (posts by contacts anyone in the workspace tracks, each post once), so a tracked
 * total reads one row, or one per day of a range, instead of one per tracked contact.
 *
 * They move with posts (the posts triggers now also count a post for its author's trackers) and
 * with tracked_contacts: a member starting to track a contact adds the contact's per-day rows
 * (`au:<urn>`) to the member's, and to `tracked` when nobody tracked the contact before; stopping
 * subtracts them, from `tracked` when nobody tracks the contact any longer. On PostgreSQL the
 * tracked_contacts triggers are per statement, over the statement's rows (an AFTER ROW trigger
 * sees every row of its statement, so it cannot tell the first tracker of a contact from the
 * second). Rows of tracked_contacts are inserted and deleted, never updated: an UPDATE is refused.
 * Subtractions go through rows that exist only (a contact's rows exist, so its trackers' do).
 */
const DAY_MS = 86_400_000;

// 0080's posts triggers, with the trackers' owners added (SQLite; PostgreSQL's owners function below).
const sqliteOwners = (row: 'NEW' | 'OLD', tracked: boolean) => `
  SELECT 'au:' || ${row}.author_urn AS o WHERE ${row}.author_urn IS NOT NULL
  UNION ALL SELECT 'team' WHERE ${row}.team_member_id IS NOT NULL
  UNION ALL SELECT 'tm:' || ${row}.team_member_id WHERE ${row}.team_member_id IS NOT NULL${tracked ? `
  UNION ALL SELECT 'tr:' || team_member_id FROM tracked_contacts WHERE workspace_id = ${row}.workspace_id AND contact_urn = ${row}.author_urn
  UNION ALL SELECT 'tracked' WHERE EXISTS (SELECT 1 FROM tracked_contacts WHERE workspace_id = ${row}.workspace_id AND contact_urn = ${row}.author_urn)` : ''}`;

async function sqlitePostsTriggers(db: Kysely<unknown>, tracked: boolean): Promise<void> {
  for (const t of ['posts_counts_insert', 'posts_counts_delete', 'posts_counts_update']) await sql.raw(`DROP TRIGGER ${t}`).execute(db);
  const add = `
    INSERT INTO post_counts (workspace_id, owner, day, count)
    SELECT NEW.workspace_id, o, d, 1 FROM (${sqliteOwners('NEW', tracked)}), (SELECT -1 AS d UNION ALL SELECT NEW.published_at / ${DAY_MS}) WHERE true
    ON CONFLICT (workspace_id, owner, day) DO UPDATE SET count = count + 1;`;
  const remove = `
    UPDATE post_counts SET count = count - 1
    WHERE workspace_id = OLD.workspace_id AND owner IN (${sqliteOwners('OLD', tracked)}) AND day IN (OLD.published_at / ${DAY_MS}, -1);`;
  await sql.raw(`CREATE TRIGGER posts_counts_insert AFTER INSERT ON posts FOR EACH ROW BEGIN ${add} END`).execute(db);
  await sql.raw(`CREATE TRIGGER posts_counts_delete AFTER DELETE ON posts FOR EACH ROW BEGIN ${remove} END`).execute(db);
  await sql.raw(`
    CREATE TRIGGER posts_counts_update AFTER UPDATE OF workspace_id, published_at, team_member_id, author_urn ON posts FOR EACH ROW
    WHEN OLD.workspace_id IS NOT NEW.workspace_id OR OLD.published_at IS NOT NEW.published_at
      OR OLD.team_member_id IS NOT NEW.team_member_id OR OLD.author_urn IS NOT NEW.author_urn
    BEGIN ${remove} ${add} END`).execute(db);
}

// PostgreSQL: the owners of a post, 0080's (post_counts_owners(tm, au)) and its author's trackers', for post_counts_row().
const PG_OWNERS_TRACKED = `
  CREATE FUNCTION post_counts_owners(ws text, tm text, au text) RETURNS text[] LANGUAGE sql STABLE AS $$
    SELECT post_counts_owners(tm, au)
      || ARRAY(SELECT 'tr:' || team_member_id FROM tracked_contacts WHERE workspace_id = ws AND contact_urn = au)
      || ARRAY(SELECT 'tracked' WHERE EXISTS (SELECT 1 FROM tracked_contacts WHERE workspace_id = ws AND contact_urn = au)) $$`;

const pgPostCountsRow = (owners: (row: 'OLD' | 'NEW') => string) => `
  CREATE OR REPLACE FUNCTION post_counts_row() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE post_counts SET count = count - 1
      WHERE workspace_id = OLD.workspace_id AND owner = ANY (${owners('OLD')})
        AND day IN (OLD.published_at / ${DAY_MS}, -1);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      INSERT INTO post_counts (workspace_id, owner, day, count)
      SELECT NEW.workspace_id, o, d, 1 FROM unnest(${owners('NEW')}) o,
        unnest(ARRAY[-1, (NEW.published_at / ${DAY_MS})::int]) d
      ORDER BY o, d
      ON CONFLICT (workspace_id, owner, day) DO UPDATE SET count = post_counts.count + 1;
    END IF;
    RETURN NULL; END $$`;

/**
 * The counter rows a set of tracked_contacts rows (`rows`: workspace_id, team_member_id,
 * contact_urn) stands for, `sign` × the contacts' per-day rows: each member's, and `tracked` for
 * the contacts `alone` selects. One upsert in (workspace, owner, day) order, as every writer of
 * post_counts locks its rows.
 */
const moveTracked = (rows: string, alone: string, sign: '' | '-') => `
  INSERT INTO post_counts (workspace_id, owner, day, count)
  SELECT workspace_id, owner, day, ${sign}sum(count) FROM (
    SELECT r.workspace_id, 'tr:' || r.team_member_id AS owner, pc.day, pc.count
      FROM ${rows} r JOIN post_counts pc ON pc.workspace_id = r.workspace_id AND pc.owner = 'au:' || r.contact_urn
    UNION ALL
    SELECT f.workspace_id, 'tracked', pc.day, pc.count
      FROM (SELECT DISTINCT r.workspace_id, r.contact_urn FROM ${rows} r WHERE ${alone}) f
      JOIN post_counts pc ON pc.workspace_id = f.workspace_id AND pc.owner = 'au:' || f.contact_urn
  ) moved
  GROUP BY workspace_id, owner, day ORDER BY workspace_id, owner, day
  ON CONFLICT (workspace_id, owner, day) DO UPDATE SET count = post_counts.count + excluded.count`;

const trackersOf = (r: string) => `(SELECT count(*) FROM tracked_contacts t WHERE t.workspace_id = ${r}.workspace_id AND t.contact_urn = ${r}.contact_urn)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql.raw(PG_OWNERS_TRACKED).execute(db);
    await sql.raw(pgPostCountsRow((row) => `post_counts_owners(${row}.workspace_id, ${row}.team_member_id, ${row}.author_urn)`)).execute(db);
    // After the statement the table holds every tracker: a contact whose trackers are all in `added` had none before.
    await sql.raw(`
      CREATE FUNCTION tracked_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        ${moveTracked('added', `${trackersOf('r')} = (SELECT count(*) FROM added b WHERE b.workspace_id = r.workspace_id AND b.contact_urn = r.contact_urn)`, '')};
        RETURN NULL; END $$`).execute(db);
    await sql.raw(`
      CREATE FUNCTION tracked_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        ${moveTracked('removed', `${trackersOf('r')} = 0`, '-')};
        RETURN NULL; END $$`).execute(db);
    await sql.raw(`
      CREATE FUNCTION tracked_contacts_no_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        RAISE EXCEPTION 'tracked_contacts rows are inserted and deleted, never updated (their feed counters follow them)'; END $$`).execute(db);
    await sql.raw(`CREATE TRIGGER tracked_counts_insert AFTER INSERT ON tracked_contacts REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION tracked_counts_insert()`).execute(db);
    await sql.raw(`CREATE TRIGGER tracked_counts_delete AFTER DELETE ON tracked_contacts REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION tracked_counts_delete()`).execute(db);
    await sql.raw(`CREATE TRIGGER tracked_contacts_no_update BEFORE UPDATE ON tracked_contacts FOR EACH ROW EXECUTE FUNCTION tracked_contacts_no_update()`).execute(db);
  } else {
    await sqlitePostsTriggers(db, true);
    // A row trigger runs as its row is written: the table then holds the trackers up to this one.
    const one = (row: 'NEW' | 'OLD') => `(SELECT ${row}.workspace_id AS workspace_id, ${row}.team_member_id AS team_member_id, ${row}.contact_urn AS contact_urn)`;
    await sql.raw(`CREATE TRIGGER tracked_counts_insert AFTER INSERT ON tracked_contacts FOR EACH ROW BEGIN ${moveTracked(one('NEW'), `${trackersOf('r')} = 1`, '')}; END`).execute(db);
    await sql.raw(`CREATE TRIGGER tracked_counts_delete AFTER DELETE ON tracked_contacts FOR EACH ROW BEGIN ${moveTracked(one('OLD'), `${trackersOf('r')} = 0`, '-')}; END`).execute(db);
    await sql.raw(`
      CREATE TRIGGER tracked_contacts_no_update BEFORE UPDATE ON tracked_contacts FOR EACH ROW
      BEGIN SELECT RAISE(ABORT, 'tracked_contacts rows are inserted and deleted, never updated (their feed counters follow them)'); END`).execute(db);
  }
  // What was tracked before this migration.
  await sql.raw(moveTracked('tracked_contacts', 'true', '')).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const t of ['tracked_counts_insert', 'tracked_counts_delete', 'tracked_contacts_no_update']) {
    await sql.raw(`DROP TRIGGER ${t}${postgres ? ' ON tracked_contacts' : ''}`).execute(db);
  }
  if (postgres) {
    await sql.raw(pgPostCountsRow((row) => `post_counts_owners(${row}.team_member_id, ${row}.author_urn)`)).execute(db);
    await sql.raw('DROP FUNCTION tracked_counts_insert(); DROP FUNCTION tracked_counts_delete(); DROP FUNCTION tracked_contacts_no_update(); DROP FUNCTION post_counts_owners(text, text, text)').execute(db);
  } else {
    await sqlitePostsTriggers(db, false);
  }
  await sql`delete from post_counts where owner = 'tracked' or owner like 'tr:%'`.execute(db);
}
