// Multi-row statements for folding a page of engagement (one round trip per table and chunk).
import { sql, type Insertable } from 'kysely';
import type { Database, DbOrTx } from '../db/database.js';
import { isPostgres } from '../db/dialect.js';
import type { CompaniesTable, ContactsTable } from '../contacts/contacts.table.js';
import type { LeadHistoryTable, LeadsTable } from '../leads/leads.table.js';
import type { EngagementEventsTable } from './ingestion.table.js';

// SQLite allows 32,766 bound values per statement: chunks stay well below for the widest row.
const chunkOf = (columns: number) => Math.max(1, Math.floor(30_000 / columns));

function* chunks<T>(rows: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

async function insertAll<T extends keyof Database>(db: DbOrTx, table: T, rows: readonly Insertable<Database[T]>[], columns: number) {
  for (const part of chunks(rows, chunkOf(columns))) await db.insertInto(table).values(part as any).execute();
}

/** Serializes folds and credit spending of one workspace on PostgreSQL (SQLite serializes writers). */
export async function lockWorkspace(tx: DbOrTx, workspaceId: string): Promise<void> {
  if (isPostgres(tx)) await tx.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forUpdate().execute();
}

export async function findKnownEventIds(db: DbOrTx, workspaceId: string, ids: string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (const part of chunks(ids, 1000)) {
    const rows = await db.selectFrom('engagement_events').select('id').where('workspace_id', '=', workspaceId).where('id', 'in', part).execute();
    for (const r of rows) known.add(r.id);
  }
  return known;
}

export async function findLeadsByContact(db: DbOrTx, workspaceId: string, urns: string[]): Promise<LeadsTable[]> {
  const found: LeadsTable[] = [];
  for (const part of chunks(urns, 1000)) {
    found.push(...(await db.selectFrom('leads').selectAll().where('workspace_id', '=', workspaceId).where('contact_urn', 'in', part).execute()));
  }
  return found;
}

export function insertEvents(db: DbOrTx, rows: EngagementEventsTable[]) {
  return insertAll(db, 'engagement_events', rows, 7);
}

export function insertLeads(db: DbOrTx, rows: LeadsTable[]) {
  return insertAll(db, 'leads', rows, 40);
}

export function insertHistory(db: DbOrTx, rows: LeadHistoryTable[]) {
  return insertAll(db, 'lead_history', rows, 5);
}

const excluded = (columns: readonly string[]) => Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)]));

export async function upsertCompanies(db: DbOrTx, rows: CompaniesTable[]) {
  const refreshed = ['name', 'slug', 'employees_num_min', 'employees_num_max', 'industries', 'country', 'website_url'];
  for (const part of chunks(rows, chunkOf(26))) {
    await db.insertInto('companies').values(part).onConflict((oc) => oc.columns(['workspace_id', 'id']).doUpdateSet(excluded(refreshed))).execute();
  }
}

export async function upsertContacts(db: DbOrTx, rows: ContactsTable[]) {
  const refreshed = ['username', 'first_name', 'last_name', 'headline', 'job_title', 'picture', 'followers_count', 'connections_count', 'country', 'company_id', 'network_url', 'updated_at'];
  for (const part of chunks(rows, chunkOf(15))) {
    await db.insertInto('contacts').values(part).onConflict((oc) => oc.columns(['workspace_id', 'urn']).doUpdateSet(excluded(refreshed))).execute();
  }
}

export type FoldedLeadChanges = Partial<Omit<LeadsTable, 'workspace_id' | 'id'>>;

export function updateFoldedLead(db: DbOrTx, workspaceId: string, id: string, changes: FoldedLeadChanges) {
  return db.updateTable('leads').set(changes).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}
