// Enrichment of new leads, one credit per email found (docs/ingestion.md "Enrichment").
// enrichment_status: null (not requested by the workspace's policy), PENDING (waiting),
// ENRICHED (email stored, one credit spent), NOT_FOUND (no email; a phone may be stored),
// NO_CREDITS (an email exists but the balance is zero: paused until credits are granted).
// The vendor is asked outside any transaction; storing the email and taking its credit happen
// in one transaction that first locks the workspace row (PostgreSQL; SQLite serializes
// writers), re-reads the balance and re-checks the lead, so concurrent enrichers never
// overspend, never charge twice for a lead and never take the balance below zero.
import { emitEvent } from '../webhooks/outbox.js';
import { leadEventData } from '../leads/lead-events.js';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { workspaceTransaction } from '../db/workspace-lock.js';
import { moveLeadCount } from '../leads/lead-counts.js';
import { DISCARDED } from '../leads/leads.repository.js';
import { boundWorkspaces } from '../network/bindings.repository.js';
import type { ProviderFor } from '../network/registry.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { loadSuppressionMatcher } from '../suppression/suppression.service.js';
import { sumLedger } from '../workspace/workspace.repository.js';
import type { EnrichmentFound, EnrichmentProvider } from './enrichment.provider.js';

const WAITING = ['PENDING', 'NO_CREDITS'];

/** The ledger's reason for one credit spent on a lead; leadOfReason reads the lead back (the console names it). */
export const spendingReason = (leadId: string) => `email found for lead ${leadId}`;
export const leadOfReason = (reason: string | null): string | null => /^email found for lead (\S+)$/.exec(reason ?? '')?.[1] ?? null;

export interface EnrichmentDeps {
  db: Db;
  clock: Clock;
  enrichments: ProviderFor<EnrichmentProvider>;
}

/**
 * Leads waiting for enrichment: PENDING ones, and paused ones of workspaces that have credits
 * again; only in workspaces bound to an enrichment vendor (none spends no credit).
 */
function findWaiting(db: Db, limit: number, workspaceId?: string) {
  const funded = db.selectFrom('credit_ledger').select('workspace_id').groupBy('workspace_id').having(sql`sum(delta)`, '>', 0);
  return db
    .selectFrom('leads')
    .leftJoin('companies', (j) => j.onRef('companies.workspace_id', '=', 'leads.workspace_id').onRef('companies.id', '=', 'leads.company_id'))
    .select(['leads.workspace_id', 'leads.id', 'leads.contact_urn', 'leads.first_name', 'leads.last_name', 'companies.website_url', 'companies.slug', 'leads.company_id'])
    .where((eb) => eb.or([eb('leads.enrichment_status', '=', 'PENDING'), eb.and([eb('leads.enrichment_status', '=', 'NO_CREDITS'), eb('leads.workspace_id', 'in', funded)])]))
    // Literal, the same term as the partial index leads_enrichment_waiting, so the planner uses it.
    .where(sql.ref('leads.enrichment_status'), 'in', [sql.lit('PENDING'), sql.lit('NO_CREDITS')])
    .where('leads.status', '!=', DISCARDED)
    .where('leads.workspace_id', 'in', boundWorkspaces(db, 'enrichment'))
    .$if(workspaceId !== undefined, (q) => q.where('leads.workspace_id', '=', workspaceId!))
    .limit(limit)
    .execute();
}

const hostOf = (url: string | null) => (url ? url.replace(/^https?:\/\//, '').replace(/\/.*$/, '').replace(/^www\./, '') : null);

/** Enriches up to `limit` waiting leads; returns how many were settled (not still waiting on the vendor). */
export async function enrichWaitingLeads(deps: EnrichmentDeps, limit = 50, workspaceId?: string): Promise<number> {
  const waiting = await findWaiting(deps.db, limit, workspaceId);
  let settled = 0;
  for (const lead of waiting) {
    const vendor = await deps.enrichments(lead.workspace_id);
    if (!vendor) continue; // unbound since the read
    const found = await vendor.find({ urn: lead.contact_urn ?? lead.id, firstName: lead.first_name, lastName: lead.last_name, companyDomain: hostOf(lead.website_url) });
    if (await storeFound(deps, lead.workspace_id, lead.id, { companyId: lead.company_id, companySlug: lead.slug }, found)) settled++;
  }
  return settled;
}

async function storeFound(deps: EnrichmentDeps, workspaceId: string, leadId: string, company: { companyId: number | null; companySlug: string | null }, found: EnrichmentFound): Promise<boolean> {
  return workspaceTransaction(deps.db, workspaceId, async (tx) => {
    const lead = await tx.selectFrom('leads').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', leadId).executeTakeFirst();
    // Another enricher settled it meanwhile, or the lead left the queue: nothing to do or to charge.
    if (!lead || !WAITING.includes(lead.enrichment_status ?? '') || lead.status === DISCARDED) return false;
    const now = deps.clock.now();
    const set = (changes: { enrichment_status: string; contact_email?: string; phone_number?: string | null; status?: string }) =>
      tx.updateTable('leads').set({ ...changes, updated_at: now }).where('workspace_id', '=', workspaceId).where('id', '=', leadId).execute();
    if (found.email === null) {
      await set({ enrichment_status: 'NOT_FOUND', phone_number: found.phone ?? lead.phone_number });
      return true;
    }
    const suppressed = await loadSuppressionMatcher(tx, workspaceId);
    if (suppressed({ ...company, email: found.email })) {
      // A person at a suppressed email domain is never a lead: discarded, nothing stored or charged.
      await set({ enrichment_status: 'NOT_FOUND', status: DISCARDED });
      await moveLeadCount(tx, workspaceId, lead, { ...lead, status: DISCARDED });
      return true;
    }
    const { balance } = await sumLedger(tx, workspaceId);
    if (balance < 1) {
      await set({ enrichment_status: 'NO_CREDITS' });
      return lead.enrichment_status !== 'NO_CREDITS';
    }
    await tx.insertInto('credit_ledger').values({ workspace_id: workspaceId, id: newId('cr'), delta: -1, reason: spendingReason(leadId), created_at: now }).execute();
    await set({ enrichment_status: 'ENRICHED', contact_email: found.email, phone_number: found.phone ?? lead.phone_number });
    // The event says the lead was enriched; the email itself is read with GET /v2/leads/{id} (contact details never travel in events).
    await emitEvent(tx, workspaceId, now, { type: 'lead.enriched', data: { ...leadEventData(lead), enrichment_status: 'ENRICHED' } });
    // The email moves the lead to the "enriched" count bucket.
    await moveLeadCount(tx, workspaceId, lead, { ...lead, contact_email: found.email });
    return true;
  });
}
