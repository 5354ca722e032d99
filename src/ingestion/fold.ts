// Folds a page of engagement events into leads, in one transaction: events stored once by the
// provider's id, a lead created on a person's first engagement and refreshed on every later one,
// history, score, ICP/account flags, suppression, and exact lead_counts (docs/ingestion.md).
import type { Db } from '../db/database.js';
import { workspaceTransaction } from '../db/workspace-lock.js';
import type { CompaniesTable, ContactsTable } from '../db/schema/contacts.table.js';
import { applyLeadCountDeltas, type CountedLead } from '../leads/lead-counts.js';
import { DISCARDED } from '../leads/leads.repository.js';
import { leadEventData, scoreCrossing } from '../leads/lead-events.js';
import { emitEvents } from '../webhooks/outbox.js';
import type { LeadHistoryTable, LeadsTable } from '../db/schema/leads.table.js';
import { groupBy } from '../shared/group-by.js';
import { newId } from '../shared/ids.js';
import { loadFoldRules } from './fold-rules.js';
import { companyRow, contactRow, enrichmentStatusFor, historyText, PROFILE_COLUMNS, profileFields, SOURCE } from './fold-rows.js';
import * as repo from './fold.repository.js';
import type { FoldedLead } from './fold.repository.js';
import type { FoldEvent, FoldResult } from './fold.types.js';
import type { NetworkProfile } from '../network/provider.js';
import { foldMass, scoreOfMass, type EngagementKind } from './scoring.js';

/** A person's lead: the oldest one still visible, else the oldest discarded one (which stays discarded). */
function leadOf(rows: FoldedLead[]): FoldedLead | undefined {
  if (rows.length <= 1) return rows[0];
  const byAge = [...rows].sort((a, b) => Number(a.created_at) - Number(b.created_at) || a.id.localeCompare(b.id));
  return byAge.find((r) => r.status !== DISCARDED) ?? byAge[0];
}

/** History texts of a page, one per post and kind: most events share a handful of posts. */
function historyTexts() {
  const byPost = new Map<string, Partial<Record<EngagementKind, string>>>();
  return (e: FoldEvent) => {
    let texts = byPost.get(e.post.id);
    if (!texts) byPost.set(e.post.id, (texts = {}));
    return (texts[e.kind] ??= historyText(e.kind, e.post));
  };
}

export async function foldEngagement(db: Db, workspaceId: string, now: number, events: readonly FoldEvent[]): Promise<FoldResult> {
  if (events.length === 0) return { folded: 0, created: 0, discarded: 0 };
  return workspaceTransaction(db, workspaceId, async (tx) => {
    const known = await repo.findKnownEventIds(tx, workspaceId, [...new Set(events.map((e) => e.id))]);
    const fresh = new Map<string, FoldEvent>();
    for (const e of events) if (!known.has(e.id) && !fresh.has(e.id)) fresh.set(e.id, e);
    if (fresh.size === 0) return { folded: 0, created: 0, discarded: 0 };

    const rules = await loadFoldRules(tx, workspaceId);
    for (const [id, e] of fresh) if (rules.isForgotten(e.person.urn)) fresh.delete(id);
    if (fresh.size === 0) return { folded: 0, created: 0, discarded: 0 };
    const inOrder = [...fresh.values()].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
    const byPerson = groupBy(inOrder.filter((e) => !rules.isTeamMember(e.person)), (e) => e.person.urn);
    const existing = groupBy(await repo.findLeadsByContact(tx, workspaceId, [...byPerson.keys()]), (row) => row.contact_urn);

    const leadOfPerson = new Map<string, string>();
    const created: LeadsTable[] = [];
    /** Known leads whose counted fields (status, company) this page changed: their counters move. */
    const moved: { before: CountedLead; after: CountedLead }[] = [];
    let discarded = 0;
    const history: LeadHistoryTable[] = [];
    // Known leads whose score crossed the hot line with this page (lead.updated).
    const crossings: NonNullable<ReturnType<typeof scoreCrossing>>[] = [];
    const describe = historyTexts();
    const companies = new Map<number, CompaniesTable>();
    const contacts: ContactsTable[] = [];

    for (const [urn, personEvents] of byPerson) {
      const last = personEvents[personEvents.length - 1]!;
      const person = last.person;
      const lead = leadOf(existing.get(urn) ?? []);
      const company = person.company ?? null;
      const suppressed = rules.isSuppressed({ companyId: company?.id ?? null, companySlug: company?.slug ?? null, email: lead?.contact_email ?? null });
      if (!lead && suppressed) continue;

      if (company && !companies.has(company.id)) companies.set(company.id, companyRow(workspaceId, company, now));
      const fields = profileFields(person, rules, lead?.icp_manual === 1, lead?.is_icp_match ?? 0);
      const leadId = lead?.id ?? newId('ld');
      leadOfPerson.set(urn, leadId);
      for (const e of personEvents) {
        history.push({ workspace_id: workspaceId, id: newId('lh'), lead_id: leadId, description: describe(e), recorded_at: e.at });
      }
      const mass = foldMass(lead?.engagement_mass ?? 0, Number(lead?.mass_at ?? now), personEvents, now);
      if (!lead) {
        contacts.push(contactRow(workspaceId, person, now));
        // A lead is born when the person first engaged (docs/decisions.md, "Demo data"), not when a sync saw it.
        const first = personEvents[0]!;
        created.push({
          workspace_id: workspaceId, id: leadId, contact_urn: urn, team_member_id: first.post.teamMemberId, source_post_id: first.post.id,
          status: 'NEW', tags: '[]', crm_id: null, crm_contact_url: null, contact_email: null, phone_number: null,
          enrichment_status: enrichmentStatusFor(rules, fields.is_icp_match), source: SOURCE[first.kind], source_content_url: first.post.url,
          engagement_events_count: personEvents.length, icp_manual: 0, created_at: Math.min(first.at, now), last_engagement_dt: last.at,
          engagement_mass: mass, mass_at: now, engagement_score: scoreOfMass(mass), feed_updated_at: now, updated_at: now,
          ...fields,
        });
        continue;
      }
      const changes: repo.FoldedLeadChanges = {
        engagement_mass: mass,
        engagement_events_count: (lead.engagement_events_count ?? 0) + personEvents.length,
      };
      changed(changes, lead, 'mass_at', now);
      const score = scoreOfMass(mass);
      changed(changes, lead, 'engagement_score', score);
      const crossing = scoreCrossing(leadId, Number(lead.engagement_score ?? 0), score);
      if (crossing) crossings.push(crossing);
      changed(changes, lead, 'last_engagement_dt', Math.max(Number(lead.last_engagement_dt ?? 0), last.at));
      changed(changes, lead, 'feed_updated_at', now);
      changed(changes, lead, 'updated_at', now);
      let profileMoved = false;
      for (const column of PROFILE_COLUMNS) profileMoved = changed(changes, lead, column, fields[column]) || profileMoved;
      // The contact was written from the same profile as the lead: it only needs a refresh when that moved.
      if (profileMoved) contacts.push(contactRow(workspaceId, person, now));
      if (suppressed && lead.status !== DISCARDED) {
        changes.status = DISCARDED;
        discarded++;
        history.push({ workspace_id: workspaceId, id: newId('lh'), lead_id: leadId, description: `Status changed from ${lead.status} to DISCARDED (suppressed)`, recorded_at: now });
      }
      if (changes.status !== undefined || changes.company_id !== undefined) {
        const before: CountedLead = { status: lead.status, created_at: Number(lead.created_at), contact_email: lead.contact_email, company_id: lead.company_id, source_post_id: lead.source_post_id };
        moved.push({ before, after: { ...before, status: changes.status ?? lead.status, company_id: changes.company_id === undefined ? lead.company_id : changes.company_id } });
      }
      await repo.updateFoldedLead(tx, workspaceId, leadId, changes);
    }

    await repo.upsertCompanies(tx, [...companies.values()]);
    await repo.upsertContacts(tx, contacts);
    await repo.insertLeads(tx, created);
    await emitEvents(tx, workspaceId, now, [...created.map((lead) => ({ type: 'lead.created' as const, data: leadEventData(lead) })), ...crossings]);
    await applyLeadCountDeltas(tx, workspaceId, [
      ...created.map((lead) => ({ lead, delta: 1 })),
      ...moved.flatMap(({ before, after }) => [{ lead: before, delta: -1 }, { lead: after, delta: 1 }]),
    ]);
    await repo.insertHistory(tx, history);
    await repo.insertEvents(
      tx,
      [...fresh.values()].map((e) => ({ workspace_id: workspaceId, id: e.id, post_id: e.post.id, contact_urn: e.person.urn, kind: e.kind, at: e.at, lead_id: leadOfPerson.get(e.person.urn) ?? null })),
    );
    return { folded: fresh.size, created: created.length, discarded };
  });
}

/**
 * Sets `column` in `changes` only when its value differs, and says whether it did: SQLite
 * rewrites every index on a column named in SET, even with an equal value, and leads carry a
 * dozen indexes (company, score, touch).
 */
function changed<K extends keyof repo.FoldedLeadChanges & keyof FoldedLead>(changes: repo.FoldedLeadChanges, lead: FoldedLead, column: K, value: LeadsTable[K]) {
  const current = lead[column];
  const same = typeof value === 'number' && current !== null && current !== undefined ? Number(current) === value : current === value;
  if (!same) changes[column] = value;
  return !same;
}

/**
 * A profile looked up after its person's lead was made from the engagement alone (or a known
 * profile refreshed): the contact, its company and the lead's profile columns, ICP and account
 * flags follow it, with the counters, as when new engagement refreshes a profile. No engagement is
 * counted. Returns the leads changed.
 */
export async function applyProfiles(db: Db, workspaceId: string, now: number, profiles: readonly NetworkProfile[]): Promise<number> {
  if (profiles.length === 0) return 0;
  return workspaceTransaction(db, workspaceId, async (tx) => {
    const rules = await loadFoldRules(tx, workspaceId);
    const existing = groupBy(await repo.findLeadsByContact(tx, workspaceId, profiles.map((p) => p.urn)), (row) => row.contact_urn);
    const companies = new Map<number, CompaniesTable>();
    const moved: { before: CountedLead; after: CountedLead }[] = [];
    const history: LeadHistoryTable[] = [];
    let changedLeads = 0;
    for (const person of profiles) {
      if (person.company && !companies.has(person.company.id)) companies.set(person.company.id, companyRow(workspaceId, person.company, now));
      const lead = leadOf(existing.get(person.urn) ?? []);
      if (!lead) continue;
      const fields = profileFields(person, rules, lead.icp_manual === 1, lead.is_icp_match ?? 0);
      const changes: repo.FoldedLeadChanges = {};
      let profileMoved = false;
      for (const column of PROFILE_COLUMNS) profileMoved = changed(changes, lead, column, fields[column]) || profileMoved;
      const company = person.company ?? null;
      if (rules.isSuppressed({ companyId: company?.id ?? null, companySlug: company?.slug ?? null, email: lead.contact_email ?? null }) && lead.status !== DISCARDED) {
        changes.status = DISCARDED;
        history.push({ workspace_id: workspaceId, id: newId('lh'), lead_id: lead.id, description: `Status changed from ${lead.status} to DISCARDED (suppressed)`, recorded_at: now });
      }
      if (!profileMoved && changes.status === undefined) continue;
      changes.updated_at = now;
      changes.feed_updated_at = now;
      if (changes.status !== undefined || changes.company_id !== undefined) {
        const before: CountedLead = { status: lead.status, created_at: Number(lead.created_at), contact_email: lead.contact_email, company_id: lead.company_id, source_post_id: lead.source_post_id };
        moved.push({ before, after: { ...before, status: changes.status ?? lead.status, company_id: changes.company_id === undefined ? lead.company_id : changes.company_id } });
      }
      await repo.updateFoldedLead(tx, workspaceId, lead.id, changes);
      changedLeads++;
    }
    await repo.upsertCompanies(tx, [...companies.values()]);
    // A person erased on request gets no contact row back from a look-up.
    await repo.upsertContacts(tx, profiles.filter((p) => !rules.isForgotten(p.urn)).map((p) => contactRow(workspaceId, p, now)));
    await applyLeadCountDeltas(tx, workspaceId, moved.flatMap(({ before, after }) => [{ lead: before, delta: -1 }, { lead: after, delta: 1 }]));
    await repo.insertHistory(tx, history);
    return changedLeads;
  });
}
