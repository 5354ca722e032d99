// Enrichment of new leads, one credit per email found and kept (docs/enrichment.md).
// enrichment_status: null (not requested by the workspace's policy), PENDING (waiting),
// ENRICHED (email stored, one credit spent), NOT_FOUND (no email; a phone may be stored),
// NO_CREDITS (an email exists but the balance is zero: paused until credits are granted).
// Each person's result is kept (enrichment_results): a found email is bought once, an email
// found while the balance was zero is held and taken when credits come (the vendor is not asked
// again), and a person with no email is asked again only after the binding's re-ask period.
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
import { DAY_MS } from '../shared/time.js';
import { sumLedger } from '../workspace/workspace.repository.js';
import type { EnrichmentFound, EnrichmentProvider } from './enrichment.provider.js';
import { deleteResult, dueReasks, findResult, requeuePerson, saveResult, type Outcome } from './enrichment.repository.js';
import { VendorUnavailable } from './vendor.js';

const WAITING = ['PENDING', 'NO_CREDITS'];

/**
 * The ledger's reason for one credit spent on a lead: the lead, the vendor and what was found (an
 * email at a domain, never the address itself); leadOfReason reads the lead back (the console names it).
 */
export const spendingReason = (leadId: string, email: string, vendor: string | null) => `email at ${email.split('@')[1] ?? '?'} found for lead ${leadId}${vendor ? ` by ${vendor}` : ''}`;
export const leadOfReason = (reason: string | null): string | null => /^email (?:at \S+ )?found for lead (\S+?)(?: by \S+)?$/.exec(reason ?? '')?.[1] ?? null;

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

/**
 * People whose re-ask period has passed go back to the queue (their kept "nothing found" is
 * dropped, so the vendors are asked again), for workspaces still bound to a vendor.
 */
async function requeueDueReasks(deps: EnrichmentDeps, limit: number): Promise<void> {
  const now = deps.clock.now();
  for (const due of await dueReasks(deps.db, now, limit)) {
    await deps.db.transaction().execute(async (tx) => {
      await deleteResult(tx, due.workspace_id, due.person);
      await requeuePerson(tx, due.workspace_id, due.person, now);
    });
  }
}

/** Enriches up to `limit` waiting leads; returns how many were settled (not still waiting on the vendor). */
export async function enrichWaitingLeads(deps: EnrichmentDeps, limit = 50, workspaceId?: string): Promise<number> {
  await requeueDueReasks(deps, limit);
  const waiting = await findWaiting(deps.db, limit, workspaceId);
  let settled = 0;
  // A workspace whose vendor cannot answer now is left for this round: its leads wait.
  const resting = new Set<string>();
  for (const lead of waiting) {
    if (resting.has(lead.workspace_id)) continue;
    const vendor = await deps.enrichments(lead.workspace_id);
    if (!vendor) continue; // unbound since the read
    const person = lead.contact_urn ?? lead.id;
    const kept = await findResult(deps.db, lead.workspace_id, person);
    let found: EnrichmentFound;
    if (kept && (kept.outcome !== 'NOT_FOUND' || Number(kept.reask_at ?? Infinity) > deps.clock.now())) {
      // Bought (or held) before, or found nothing lately: the vendors are not asked again.
      found = { email: kept.email, phone: null, ...(kept.vendor ? { vendor: kept.vendor } : {}) };
    } else {
      try {
        found = await vendor.find({ urn: person, firstName: lead.first_name, lastName: lead.last_name, companyDomain: hostOf(lead.website_url) });
      } catch (err) {
        if (!(err instanceof VendorUnavailable)) throw err;
        resting.add(lead.workspace_id);
        continue;
      }
    }
    const reaskAt = vendor.reaskDays === undefined ? null : deps.clock.now() + vendor.reaskDays * DAY_MS;
    if (await storeFound(deps, lead.workspace_id, lead.id, person, { companyId: lead.company_id, companySlug: lead.slug }, found, reaskAt)) settled++;
  }
  return settled;
}

async function storeFound(
  deps: EnrichmentDeps,
  workspaceId: string,
  leadId: string,
  person: string,
  company: { companyId: number | null; companySlug: string | null },
  found: EnrichmentFound,
  reaskAt: number | null,
): Promise<boolean> {
  return workspaceTransaction(deps.db, workspaceId, async (tx) => {
    const lead = await tx.selectFrom('leads').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', leadId).executeTakeFirst();
    // Another enricher settled it meanwhile, or the lead left the queue: nothing to do or to charge.
    if (!lead || !WAITING.includes(lead.enrichment_status ?? '') || lead.status === DISCARDED) return false;
    const now = deps.clock.now();
    const set = (changes: { enrichment_status: string; contact_email?: string; phone_number?: string | null; status?: string }) =>
      tx.updateTable('leads').set({ ...changes, updated_at: now }).where('workspace_id', '=', workspaceId).where('id', '=', leadId).execute();
    const vendor = found.vendor ?? null;
    const keep = (outcome: Outcome, email: string | null) =>
      saveResult(tx, { workspace_id: workspaceId, person, outcome, email, vendor, asked_at: now, reask_at: outcome === 'NOT_FOUND' ? reaskAt : null });
    if (found.email === null) {
      await keep('NOT_FOUND', null);
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
    const kept = await findResult(tx, workspaceId, person);
    // The person's email was bought before in this workspace (a lead made again): not charged twice.
    const paid = kept?.outcome === 'FOUND' && kept.email === found.email;
    if (!paid) {
      const { balance } = await sumLedger(tx, workspaceId);
      if (balance < 1) {
        // Held, not lost: taken from here when credits come, without asking the vendor again.
        await keep('HELD', found.email);
        await set({ enrichment_status: 'NO_CREDITS' });
        return lead.enrichment_status !== 'NO_CREDITS';
      }
      // The ledger names the lead, the vendor and what was found (an email at a domain), never the address itself.
      await tx.insertInto('credit_ledger').values({ workspace_id: workspaceId, id: newId('cr'), delta: -1, reason: spendingReason(leadId, found.email, vendor), created_at: now }).execute();
      await keep('FOUND', found.email);
    }
    await set({ enrichment_status: 'ENRICHED', contact_email: found.email, phone_number: found.phone ?? lead.phone_number });
    // The event says the lead was enriched; the email itself is read with GET /v2/leads/{id} (contact details never travel in events).
    await emitEvent(tx, workspaceId, now, { type: 'lead.enriched', data: { ...leadEventData(lead), enrichment_status: 'ENRICHED' } });
    // The email moves the lead to the "enriched" count bucket.
    await moveLeadCount(tx, workspaceId, lead, { ...lead, contact_email: found.email });
    return true;
  });
}
