// The console's bulk qualify/disqualify: every lead of a selection moves in one transaction, each
// exactly as PATCH /v2/leads/{id} would move it (history, counts, lead.updated), or none does.
import type { Db } from '../db/database.js';
import { workspaceTransaction } from '../db/workspace-lock.js';
import type { Clock } from '../shared/clock.js';
import { applyLeadUpdate } from './lead-update.service.js';
import * as repo from './leads.repository.js';
import type { LeadStatus } from './leads.schemas.js';

export type BulkStatusResult = { missing: string[] } | { missing: []; updated: string[]; unchanged: string[] };

/** Sets `status` on every lead of `leadIds`; when any is not a visible lead of the workspace, nothing changes and those are named. */
export async function setLeadsStatus(db: Db, clock: Clock, workspaceId: string, leadIds: readonly string[], status: LeadStatus): Promise<BulkStatusResult> {
  const ids = [...new Set(leadIds)];
  return workspaceTransaction(db, workspaceId, async (tx) => {
    const found = new Map((await repo.findLeads(tx, workspaceId, ids)).map((l) => [l.id, l.status]));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) return { missing };
    const updated = ids.filter((id) => found.get(id) !== status);
    for (const id of updated) await applyLeadUpdate(tx, clock, workspaceId, id, { status });
    return { missing: [] as [], updated, unchanged: ids.filter((id) => found.get(id) === status) };
  });
}
