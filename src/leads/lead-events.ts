// What a lead event (lead.created, lead.updated, lead.enriched) says of its lead: the identity
// and state a receiver acts on. The full lead is one GET /v2/leads/{id} away; contact details
// (email, phone) are never put in an event.
import { parseJsonArray } from '../db/rows.js';
import type { LeadsTable } from '../db/schema/leads.table.js';

/** A lead whose score reaches this is hot; crossing it either way is a lead.updated (docs/webhooks.md). */
export const HOT_SCORE = 50;

/** The lead.updated of a score that crossed HOT_SCORE between `before` and `after`, or null. */
export function scoreCrossing(leadId: string, before: number, after: number) {
  if (before >= HOT_SCORE === after >= HOT_SCORE) return null;
  return { type: 'lead.updated' as const, data: { lead_id: leadId, engagement_score: after, changed: ['engagement_score'], previous: { engagement_score: before } } };
}

export function leadEventData(lead: Pick<LeadsTable, 'id' | 'status' | 'tags' | 'engagement_score' | 'contact_urn' | 'first_name' | 'last_name' | 'team_member_id'>) {
  return {
    lead_id: lead.id,
    status: lead.status,
    tags: parseJsonArray(lead.tags),
    engagement_score: lead.engagement_score === null ? null : Number(lead.engagement_score),
    contact_urn: lead.contact_urn,
    first_name: lead.first_name,
    last_name: lead.last_name,
    team_member_id: lead.team_member_id,
  };
}
