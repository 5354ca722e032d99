// The credit ledger as a workspace reads it: the balance GET /v2/workspace/credits answers, and
// the entries that make it (grants by an operator, spending by email enrichment).
import type { Db } from '../db/database.js';
import { toIso } from '../shared/time.js';
import { listLedgerEntries } from './workspace.repository.js';
import { getCreditBalance } from './workspace.service.js';

export async function creditLedger(db: Db, workspaceId: string, limit: number) {
  const balance = await getCreditBalance(db, workspaceId);
  const rows = await listLedgerEntries(db, workspaceId, limit);
  return { ...balance, entries: rows.map((r) => ({ id: r.id, delta: Number(r.delta), reason: r.reason, created_at: toIso(Number(r.created_at)) })) };
}
