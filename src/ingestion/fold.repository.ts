// Multi-row statements for folding a page of engagement (one round trip per table and chunk).
import { CompiledQuery } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { bulkWriteVerb, isPostgres, placeholder } from '../db/dialect.js';
import { selectWhereIn } from '../db/select-where-in.js';
import type { CompaniesTable, ContactsTable } from '../db/schema/contacts.table.js';
import type { LeadHistoryTable, LeadsTable } from '../db/schema/leads.table.js';
import { PROFILE_COLUMNS } from './fold-rows.js';
import type { EngagementEventsTable } from '../db/schema/ingestion.table.js';

// SQLite allows 32,766 bound values per statement: chunks stay well below for the widest row.
const chunkOf = (columns: number) => Math.max(1, Math.floor(30_000 / columns));

function* chunks<T>(rows: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

// "(?,?),(?,?)" or "($1,$2),($3,$4)": full chunks repeat on every page, so their text is kept.
const valuesLists = new Map<string, string>();
function valuesList(db: DbOrTx, rows: number, width: number): string {
  const key = `${isPostgres(db)}/${rows}/${width}`;
  let text = valuesLists.get(key);
  if (text === undefined) {
    const param = placeholder(db);
    const tuples: string[] = [];
    for (let r = 0; r < rows; r++) tuples.push(`(${Array.from({ length: width }, (_, c) => param(r * width + c + 1)).join(',')})`);
    text = tuples.join(',');
    if (valuesLists.size >= 64) valuesLists.clear();
    valuesLists.set(key, text);
  }
  return text;
}

/**
 * A multi-row INSERT compiled by hand: Kysely builds a node per bound value, which costs more
 * than SQLite's own work on pages of thousands of rows. Rows of one call share their keys.
 */
async function insertAll(db: DbOrTx, table: string, rows: readonly object[], conflict = '') {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const head = `${bulkWriteVerb(db, 'insert')} into "${table}" (${columns.map((c) => `"${c}"`).join(',')}) values `;
  for (const part of chunks(rows as readonly Record<string, unknown>[], chunkOf(columns.length))) {
    const params: unknown[] = new Array(part.length * columns.length);
    let i = 0;
    for (const row of part) for (const c of columns) params[i++] = row[c];
    await db.executeQuery(CompiledQuery.raw(`${head}${valuesList(db, part.length, columns.length)} ${conflict}`, params));
  }
}

/**
 * Upsert that refreshes `columns` only where one differs: a profile seen again unchanged (most of
 * them) costs a lookup instead of a row and index rewrite.
 */
function refresh(table: string, key: string, columns: readonly string[], stamp: readonly string[] = []) {
  const list = (prefix: string) => columns.map((c) => `${prefix}"${c}"`).join(', ');
  return `on conflict (${key}) do update set ${[...columns, ...stamp].map((c) => `"${c}" = excluded."${c}"`).join(', ')}
    where (${list(`"${table}".`)}) is distinct from (${list('excluded.')})`;
}

export async function findKnownEventIds(db: DbOrTx, workspaceId: string, ids: string[]): Promise<Set<string>> {
  const rows = await selectWhereIn(db, 'engagement_events', workspaceId, 'id', ids, ['id']);
  return new Set(rows.map((r) => r.id));
}

/** What a fold reads of a person's lead: everything it compares, counts or carries forward. */
const FOLDED_LEAD_COLUMNS = [
  'id', 'contact_urn', 'status', 'created_at', 'contact_email', 'source_post_id', 'icp_manual', 'engagement_mass', 'mass_at',
  'engagement_events_count', 'engagement_score', 'last_engagement_dt', 'feed_updated_at', 'updated_at', ...PROFILE_COLUMNS,
] as const;
export type FoldedLead = Pick<LeadsTable, (typeof FOLDED_LEAD_COLUMNS)[number]>;

export function findLeadsByContact(db: DbOrTx, workspaceId: string, urns: string[]): Promise<FoldedLead[]> {
  return selectWhereIn(db, 'leads', workspaceId, 'contact_urn', urns, FOLDED_LEAD_COLUMNS);
}

export function insertEvents(db: DbOrTx, rows: EngagementEventsTable[]) {
  return insertAll(db, 'engagement_events', rows);
}

export function insertLeads(db: DbOrTx, rows: LeadsTable[]) {
  return insertAll(db, 'leads', rows);
}

export function insertHistory(db: DbOrTx, rows: LeadHistoryTable[]) {
  return insertAll(db, 'lead_history', rows);
}

export function upsertCompanies(db: DbOrTx, rows: CompaniesTable[]) {
  return insertAll(db, 'companies', rows, refresh('companies', 'workspace_id, id', ['name', 'slug', 'employees_num_min', 'employees_num_max', 'industries', 'country', 'website_url']));
}

export function upsertContacts(db: DbOrTx, rows: ContactsTable[]) {
  const refreshed = ['username', 'first_name', 'last_name', 'headline', 'job_title', 'picture', 'followers_count', 'connections_count', 'country', 'company_id', 'network_url'];
  return insertAll(db, 'contacts', rows, refresh('contacts', 'workspace_id, urn', refreshed, ['updated_at']));
}

export type FoldedLeadChanges = Partial<Omit<LeadsTable, 'workspace_id' | 'id'>>;

/** Compiled by hand, like insertAll: a page updates thousands of leads, each with its own column set. */
export async function updateFoldedLead(db: DbOrTx, workspaceId: string, id: string, changes: FoldedLeadChanges) {
  const columns = Object.keys(changes) as (keyof FoldedLeadChanges)[];
  if (columns.length === 0) return;
  const param = placeholder(db);
  const sets = columns.map((c, i) => `"${c}" = ${param(i + 1)}`).join(', ');
  const text = `${bulkWriteVerb(db, 'update')} "leads" set ${sets} where "workspace_id" = ${param(columns.length + 1)} and "id" = ${param(columns.length + 2)}`;
  await db.executeQuery(CompiledQuery.raw(text, [...columns.map((c) => changes[c]), workspaceId, id]));
}
