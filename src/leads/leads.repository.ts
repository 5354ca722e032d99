import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, DbOrTx } from '../db/database.js';
import type { Condition, SortColumn } from '../db/keyset.js';
import type { LeadHistoryTable, LeadNotesTable, LeadsTable } from './leads.table.js';

export const DISCARDED = 'DISCARDED';
/** The WHERE of the status × sort indexes (migration 0011), word for word so both engines use them. */
const TRIAGED = sql<boolean>`status not in ('NEW', 'DISCARDED')`;

/** The list filters, resolved: epoch-ms bounds, company ids found for company_public_id. */
export interface LeadFilters {
  /** Inclusive lower bound on created_at (always 00:00:00Z of a day). */
  from: number | null;
  /** Exclusive upper bound on created_at (always 00:00:00Z of a day). */
  to: number | null;
  status: string | null;
  /** null: no company filter; []: the filter matched no company. */
  companyIds: number[] | null;
  postId: string | null;
  emailEnriched: boolean | null;
}

function filtered(db: DbOrTx, workspaceId: string, f: LeadFilters): SelectQueryBuilder<Database, 'leads', {}> {
  let q = db.selectFrom('leads').where('workspace_id', '=', workspaceId);
  q = f.status ? q.where('status', '=', f.status) : q.where('status', '!=', DISCARDED);
  if (f.status && f.status !== 'NEW') q = q.where(TRIAGED);
  if (f.from !== null) q = q.where('created_at', '>=', f.from);
  if (f.to !== null) q = q.where('created_at', '<', f.to);
  if (f.companyIds) q = f.companyIds.length === 1 ? q.where('company_id', '=', f.companyIds[0]!) : q.where('company_id', 'in', f.companyIds);
  if (f.postId !== null) q = q.where('source_post_id', '=', f.postId);
  if (f.emailEnriched !== null) q = q.where('contact_email', f.emailEnriched ? 'is not' : 'is', null);
  return q;
}

/** The page query, not yet run (leads-plans.ts explains it). */
export function selectLeadPage(db: DbOrTx, workspaceId: string, f: LeadFilters, conditions: Condition[], order: readonly SortColumn[], limit: number) {
  let q = filtered(db, workspaceId, f).selectAll();
  for (const c of conditions) q = q.where(c);
  for (const o of order) q = q.orderBy(sql.ref(o.column), o.dir);
  return q.limit(limit);
}

/** A direct count, used only for the selective filters (company, post) the counts table does not key. */
export async function countLeads(db: DbOrTx, workspaceId: string, f: LeadFilters): Promise<number> {
  const row = await filtered(db, workspaceId, f).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findLead(db: DbOrTx, workspaceId: string, id: string) {
  return db
    .selectFrom('leads')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('status', '!=', DISCARDED)
    .executeTakeFirst();
}

export async function findCompanyIds(db: DbOrTx, workspaceId: string, publicId: string): Promise<number[]> {
  const numeric = /^\d+$/.test(publicId) && Number.isSafeInteger(Number(publicId)) ? Number(publicId) : null;
  const rows = await db
    .selectFrom('companies')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where((eb) => (numeric === null ? eb('slug', '=', publicId) : eb.or([eb('slug', '=', publicId), eb('id', '=', numeric)])))
    .execute();
  return rows.map((r) => Number(r.id));
}

export function findCompanies(db: DbOrTx, workspaceId: string, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('companies').selectAll().where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
}

export function findMemberEmails(db: DbOrTx, workspaceId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('team_members').select(['id', 'email']).where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
}

export function findHistory(db: DbOrTx, workspaceId: string, leadIds: string[]) {
  if (leadIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('lead_history')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('lead_id', 'in', leadIds)
    .orderBy('recorded_at')
    .orderBy('id')
    .execute();
}

export function findNotes(db: DbOrTx, workspaceId: string, leadIds: string[]) {
  if (leadIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('lead_notes')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('lead_id', 'in', leadIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findNote(db: DbOrTx, workspaceId: string, leadId: string, noteId: string) {
  return db
    .selectFrom('lead_notes')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('lead_id', '=', leadId)
    .where('id', '=', noteId)
    .executeTakeFirst();
}

export type LeadChanges = Partial<Pick<LeadsTable, 'status' | 'tags' | 'crm_id' | 'crm_contact_url' | 'is_icp_match' | 'icp_manual' | 'updated_at'>>;

export function updateLead(db: DbOrTx, workspaceId: string, id: string, changes: LeadChanges) {
  return db.updateTable('leads').set(changes).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}

export function insertHistory(db: DbOrTx, rows: LeadHistoryTable[]) {
  return db.insertInto('lead_history').values(rows).execute();
}

export function insertNote(db: DbOrTx, row: LeadNotesTable) {
  return db.insertInto('lead_notes').values(row).execute();
}

export function updateNoteContent(db: DbOrTx, workspaceId: string, id: string, content: string, at: number) {
  return db.updateTable('lead_notes').set({ content, updated_at: at }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}
