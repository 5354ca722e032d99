// Frozen in time: never import application types here, never edit after release.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The console's lead search (name and headline words, by prefix; docs/console.md, "Search"), an
 * index so a word is found among a million leads without reading them:
 * - SQLite: an FTS5 index over the leads' own rows (external content, keyed by rowid), kept by
 *   triggers; a bulk load that suspends the triggers rebuilds it after (snapshot/snapshot.bulk.ts).
 * - PostgreSQL: a GIN index of the same words as a `simple` text-search vector (no stemming, no
 *   stop words: names are not English).
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;
const COLUMNS = 'first_name, last_name, headline';
const TRIGGERS = ['leads_search_insert', 'leads_search_delete', 'leads_search_update'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create index leads_search on leads using gin (to_tsvector('simple'::regconfig, coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(headline, '')))`.execute(db);
    return;
  }
  await sql.raw(`create virtual table leads_search using fts5(${COLUMNS}, content='leads', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`).execute(db);
  await sql.raw(`create trigger leads_search_insert after insert on leads begin
    insert into leads_search(rowid, ${COLUMNS}) values (new.rowid, new.first_name, new.last_name, new.headline); end`).execute(db);
  await sql.raw(`create trigger leads_search_delete after delete on leads begin
    insert into leads_search(leads_search, rowid, ${COLUMNS}) values ('delete', old.rowid, old.first_name, old.last_name, old.headline); end`).execute(db);
  await sql.raw(`create trigger leads_search_update after update of first_name, last_name, headline on leads begin
    insert into leads_search(leads_search, rowid, ${COLUMNS}) values ('delete', old.rowid, old.first_name, old.last_name, old.headline);
    insert into leads_search(rowid, ${COLUMNS}) values (new.rowid, new.first_name, new.last_name, new.headline); end`).execute(db);
  await sql`insert into leads_search(leads_search) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.dropIndex('leads_search').execute();
    return;
  }
  for (const name of TRIGGERS) await sql.raw(`drop trigger ${name}`).execute(db);
  await sql`drop table leads_search`.execute(db);
}
