import type { DbOrTx } from '../db/database.js';
import type { LeadHistoryTable, LeadNotesTable, LeadsTable } from '../db/schema/leads.table.js';

export const DISCARDED = 'DISCARDED';

// The list's page and count queries live in leads-page.query.ts.
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

/** The engagement events folded into a lead, oldest first (its score's "why"). */
export function findLeadEvents(db: DbOrTx, workspaceId: string, leadId: string) {
  return db
    .selectFrom('engagement_events')
    .select(['id', 'post_id', 'kind', 'at'])
    .where('workspace_id', '=', workspaceId)
    .where('lead_id', '=', leadId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/** The workspace's leads among `ids` (DISCARDED ones are not shown, so not found). */
export function findLeads(db: DbOrTx, workspaceId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]); // `in ()` is an error on PostgreSQL
  return db.selectFrom('leads').selectAll().where('workspace_id', '=', workspaceId).where('id', 'in', [...ids]).where('status', '!=', DISCARDED).execute();
}
