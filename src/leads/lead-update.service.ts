// PATCH /v2/leads/{id}: absent or null fields leave the lead alone; each real change is
// written with a history record, and a status change moves the lead between count buckets,
// all in one transaction.
import type { Db, DbOrTx } from '../db/database.js';
import { parseJsonArray, toFlag } from '../db/rows.js';
import { workspaceTransaction } from '../db/workspace-lock.js';
import type { Clock } from '../shared/clock.js';
import { DomainError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { moveLeadCount } from './lead-counts.js';
import { getLead } from './leads.service.js';
import * as repo from './leads.repository.js';
import type { Lead, LeadUpdate } from './leads.schemas.js';
import type { LeadsTable } from '../db/schema/leads.table.js';
import { leadEventData } from './lead-events.js';
import { emitEvent } from '../webhooks/outbox.js';

/** Trimmed, empty entries dropped, duplicates removed keeping the first occurrence. */
export function normalizeTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()).filter((t) => t.length > 0))];
}

const shown = (value: string | null) => (value === null ? 'none' : value);

async function applyNote(tx: DbOrTx, clock: Clock, workspaceId: string, leadId: string, note: NonNullable<LeadUpdate['note']>): Promise<string> {
  const now = clock.now();
  if (note.note_id !== undefined && note.note_id !== null) {
    if (!(await repo.findNote(tx, workspaceId, leadId, note.note_id))) throw new DomainError('note_not_found');
    await repo.updateNoteContent(tx, workspaceId, note.note_id, note.note_content, now);
    return 'Note updated';
  }
  await repo.insertNote(tx, { workspace_id: workspaceId, id: newId('note'), lead_id: leadId, content: note.note_content, created_at: now, updated_at: now });
  return 'Note added';
}

export async function updateLead(db: Db, clock: Clock, workspaceId: string, leadId: string, body: LeadUpdate, placeholderPicture: string): Promise<Lead> {
  await workspaceTransaction(db, workspaceId, (tx) => applyLeadUpdate(tx, clock, workspaceId, leadId, body));
  return getLead(db, workspaceId, leadId, placeholderPicture);
}

/** One lead's update inside the caller's transaction, which holds the workspace's lock (PATCH opens one per lead, the console's bulk one for all). */
export async function applyLeadUpdate(tx: DbOrTx, clock: Clock, workspaceId: string, leadId: string, body: LeadUpdate): Promise<void> {
  const lead = await repo.findLead(tx, workspaceId, leadId);
  if (!lead) throw new DomainError('lead_not_found');
  const changes: repo.LeadChanges = {};
  const history: string[] = [];

  if (body.status != null && body.status !== lead.status) {
    changes.status = body.status;
    history.push(`Status changed from ${lead.status} to ${body.status}`);
    await moveLeadCount(tx, workspaceId, lead, { ...lead, status: body.status });
  }
  if (body.tags != null) {
    const tags = normalizeTags(body.tags);
    if (JSON.stringify(tags) !== JSON.stringify(parseJsonArray(lead.tags))) {
      changes.tags = JSON.stringify(tags);
      history.push(tags.length === 0 ? 'Tags cleared' : `Tags changed to ${tags.join(', ')}`);
    }
  }
  if (body.note != null) history.push(await applyNote(tx, clock, workspaceId, leadId, body.note));
  recordText(lead, body, 'crm_id', 'CRM id', changes, history);
  recordText(lead, body, 'crm_contact_url', 'CRM contact URL', changes, history);
  if (body.is_icp_match != null) {
    // A user's answer wins over automatic ICP matching from now on.
    changes.icp_manual = 1;
    changes.is_icp_match = toFlag(body.is_icp_match);
    if (changes.is_icp_match !== lead.is_icp_match) history.push(`ICP match changed from ${lead.is_icp_match === 1} to ${body.is_icp_match}`);
  }

  if (Object.keys(changes).length === 0 && history.length === 0) return;
  const now = clock.now();
  await repo.updateLead(tx, workspaceId, leadId, { ...changes, updated_at: now });
  // lead.updated tells of what a receiver routes on: status and tags (notes, CRM fields and ICP are not events).
  const changed = (['status', 'tags'] as const).filter((f) => changes[f] !== undefined);
  if (changed.length > 0) {
    await emitEvent(tx, workspaceId, now, {
      type: 'lead.updated',
      data: { ...leadEventData({ ...lead, ...changes }), changed, previous: { status: lead.status, tags: parseJsonArray(lead.tags) } },
    });
  }
  if (history.length > 0) {
    // History is shown by (recorded_at, id): sorted ids keep this request's entries in order.
    const ids = history.map(() => newId('lh')).sort();
    await repo.insertHistory(tx, history.map((description, i) => ({ workspace_id: workspaceId, id: ids[i]!, lead_id: leadId, description, recorded_at: now })));
  }
}

function recordText(
  lead: LeadsTable,
  body: LeadUpdate,
  field: 'crm_id' | 'crm_contact_url',
  label: string,
  changes: repo.LeadChanges,
  history: string[],
): void {
  const value = body[field];
  if (value == null || value === lead[field]) return;
  changes[field] = value;
  history.push(`${label} changed from ${shown(lead[field])} to ${value}`);
}
