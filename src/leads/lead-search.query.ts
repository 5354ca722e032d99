// The console's lead search (lead-search.service.ts): leads whose name and headline hold every
// word by prefix, through migration 0103's index, and leads of companies whose name holds the text.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { indexedBy, isPostgres } from '../db/dialect.js';
import type { SortColumn } from '../db/keyset.js';
import type { LeadsTable } from '../db/schema/leads.table.js';
import { DISCARDED } from './leads.repository.js';

/** Word matches read from the index at most: a word in half the workspace sorts this many, not all. */
export const SEARCH_CANDIDATES = 1000;
/** Companies whose name holds the text, at most. */
const COMPANY_CANDIDATES = 100;

export interface SearchMatch {
  /** Lowercase words of letters and digits; each must start a word of the lead's name or headline. */
  words: string[];
  /** The whole text, lowercase, found anywhere in the company's name. */
  company: string;
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function wordsMatch(db: DbOrTx, workspaceId: string, words: string[]): RawBuilder<SqlBool> {
  if (isPostgres(db)) {
    const vector = sql`to_tsvector('simple'::regconfig, coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(headline, ''))`;
    const query = words.map((w) => `${w}:*`).join(' & ');
    return sql<SqlBool>`id in (select id from leads where workspace_id = ${workspaceId} and ${vector} @@ to_tsquery('simple', ${query}) limit ${SEARCH_CANDIDATES})`;
  }
  const query = words.map((w) => `"${w}"*`).join(' ');
  return sql<SqlBool>`rowid in (select rowid from leads_search where leads_search match ${query} order by rowid desc limit ${SEARCH_CANDIDATES})`;
}

const companyMatch = (workspaceId: string, text: string) =>
  sql<SqlBool>`company_id in (select id from companies where workspace_id = ${workspaceId} and lower(name) like ${`%${likeEscaped(text)}%`} escape '\\' limit ${COMPANY_CANDIDATES})`;

/** Up to `limit` matching leads in `order` (nulls last), of `status` or of any shown status. */
export async function searchLeadRows(db: DbOrTx, workspaceId: string, match: SearchMatch, status: string | undefined, order: readonly SortColumn[], limit: number): Promise<LeadsTable[]> {
  // SQLite keeps no statistics and took the workspace's created_at index for the order, reading
  // every lead of the workspace against the matches (20 s at 1M leads): the matched words are read
  // by rowid, the companies' leads by the company index, and their few rows sorted.
  const arm = (condition: RawBuilder<SqlBool>, from: 'leads') => {
    let q = db.selectFrom(from).selectAll().where('workspace_id', '=', workspaceId).where('status', status ? '=' : '!=', status ?? DISCARDED).where(condition);
    for (const c of order) q = q.orderBy(sql`${sql.ref(c.column)} ${sql.raw(c.dir)} nulls last`);
    return q.limit(limit);
  };
  const byRowid = (isPostgres(db) ? 'leads' : sql.raw('leads not indexed')) as unknown as 'leads';
  const arms = [
    ...(match.words.length ? [arm(wordsMatch(db, workspaceId, match.words), byRowid)] : []),
    arm(companyMatch(workspaceId, match.company), indexedBy(db, 'leads', 'leads_company_count')),
  ].map((q, i) => db.selectFrom(q.as(`arm${i}`)).selectAll());
  const both = arms.length === 2 ? arms[0]!.union(arms[1]!) : arms[0]!;
  let q = db.selectFrom(both.as('found')).selectAll();
  for (const c of order) q = q.orderBy(sql`${sql.ref(c.column)} ${sql.raw(c.dir)} nulls last`);
  return (await q.limit(limit).execute()) as LeadsTable[];
}

/** Companies whose name or slug holds the text, by name: the leads page's company picker. */
export function findCompaniesByName(db: DbOrTx, workspaceId: string, text: string, limit: number) {
  const like = `%${likeEscaped(text.toLowerCase())}%`;
  return db
    .selectFrom('companies')
    .select(['id', 'slug', 'name'])
    .where('workspace_id', '=', workspaceId)
    .where(sql<SqlBool>`(lower(name) like ${like} escape '\\' or lower(slug) like ${like} escape '\\')`)
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * SQLite: fills the search index again from the leads, after a bulk load that suspended its
 * triggers (snapshot/snapshot.bulk.ts, which loads only into an empty leads table). PostgreSQL's
 * index is rebuilt with the other indexes.
 */
export async function rebuildLeadSearch(db: DbOrTx): Promise<void> {
  if (!isPostgres(db)) await sql`insert into leads_search(leads_search) values ('rebuild')`.execute(db);
}
