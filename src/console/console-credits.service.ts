// The Settings page's credit ledger with each spending entry's lead named (its reason holds only
// the lead's id), so a row reads "email found for Ana Lee" and links to the lead.
import type { Db } from '../db/database.js';
import { leadOfReason } from '../enrichment/enrichment.engine.js';
import { findLeads } from '../leads/leads.repository.js';
import { creditLedger } from '../workspace/credits.service.js';

export async function readableCreditLedger(db: Db, workspaceId: string, limit: number) {
  const ledger = await creditLedger(db, workspaceId, limit);
  const ids = [...new Set(ledger.entries.map((e) => leadOfReason(e.reason)).filter((id): id is string => id !== null))];
  const names = new Map((await findLeads(db, workspaceId, ids)).map((l) => [l.id, [l.first_name, l.last_name].filter(Boolean).join(' ') || l.username || l.id]));
  return {
    ...ledger,
    entries: ledger.entries.map((e) => {
      const id = leadOfReason(e.reason);
      return { ...e, lead: id !== null && names.has(id) ? { id, name: names.get(id)! } : null };
    }),
  };
}
