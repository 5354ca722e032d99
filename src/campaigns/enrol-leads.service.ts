// Enrolling leads (the console's selection) into a campaign: each lead becomes a profile by its
// network username, through the same enrolment as PUT /v2/networking/campaigns/{id}.
import type { Db } from '../db/database.js';
import { findLeads } from '../leads/leads.repository.js';
import type { Clock } from '../shared/clock.js';
import { DomainError } from '../shared/errors.js';
import { USERNAME_PATTERN } from '../shared/handles.js';
import * as repo from './campaigns.repository.js';
import { enrolProfiles } from './campaigns.service.js';
import { MAX_HANDLE_LENGTH, type EnrolProfile } from './campaigns.schemas.js';

export interface EnrolReport {
  enrolled: string[];
  skipped: { lead_id: string; reason: string }[];
}

const USERNAME = new RegExp(USERNAME_PATTERN, 'u');

/** Every lead id is either enrolled or skipped with a reason, in the order given. */
export async function enrolLeads(db: Db, clock: Clock, workspaceId: string, campaignId: string, leadIds: string[]): Promise<EnrolReport> {
  const campaign = await repo.findCampaign(db, workspaceId, campaignId);
  if (!campaign) throw new DomainError('campaign_not_found');
  if (campaign.status === 'ARCHIVED') throw new DomainError('campaign_archived');
  const ids = [...new Set(leadIds)];
  const leads = new Map((await findLeads(db, workspaceId, ids)).map((l) => [l.id, l]));
  const reasons = new Map<string, string>();
  const byKey = new Map<string, { leadId: string; profile: EnrolProfile }>();
  for (const id of ids) {
    const lead = leads.get(id);
    const username = lead?.username ?? null;
    if (!lead) reasons.set(id, 'lead not found');
    else if (username === null || username.length > MAX_HANDLE_LENGTH || !USERNAME.test(username)) reasons.set(id, 'the lead has no network username');
    else if (byKey.has(username.toLowerCase())) reasons.set(id, `the same person as lead ${byKey.get(username.toLowerCase())!.leadId}`);
    else {
      byKey.set(username.toLowerCase(), {
        leadId: id,
        profile: { username, network_urn: lead.contact_urn, first_name: lead.first_name, last_name: lead.last_name, email: lead.contact_email, crm_id: lead.crm_id },
      });
    }
  }
  for (const contact of await repo.findContactsByUsernameKey(db, workspaceId, campaignId, [...byKey.keys()])) {
    reasons.set(byKey.get(contact.username_key)!.leadId, 'already enrolled');
    byKey.delete(contact.username_key);
  }
  if (byKey.size > 0) await enrolProfiles(db, clock, workspaceId, campaignId, [...byKey.values()].map((e) => e.profile));
  return {
    enrolled: ids.filter((id) => !reasons.has(id)),
    skipped: ids.filter((id) => reasons.has(id)).map((id) => ({ lead_id: id, reason: reasons.get(id)! })),
  };
}
