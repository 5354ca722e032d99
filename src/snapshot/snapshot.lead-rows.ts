// Document items <-> table rows for leads (with history and notes), connections and campaigns.
import type { CampaignContact, CampaignsTable, NewCampaignContact } from '../db/schema/campaigns.table.js';
import type { ConnectionsTable } from '../db/schema/connections.table.js';
import type { ContactsTable } from '../db/schema/contacts.table.js';
import { fromFlag, parseJsonArray, toFlag } from '../db/rows.js';
import type { LeadHistoryTable, LeadNotesTable, LeadsTable } from '../db/schema/leads.table.js';
import { toIso } from '../shared/time.js';
import { ms, PROFILE_FIELDS, type Item } from './snapshot.rows.js';

const or = <T>(value: T | undefined, fallback: T): T => (value === undefined ? fallback : value);

/** A lead row: profile fields given on the lead win over the contact's; absent ones come from it. */
export function leadRow(workspaceId: string, l: Item, id: string, contact: Pick<ContactsTable, (typeof PROFILE_FIELDS)[number]> | undefined, postUrl: string | null, now: number): LeadsTable {
  // One literal in column order (not a loop over field names): a million leads go through here.
  const profile = (f: (typeof PROFILE_FIELDS)[number]) => (l[f] !== undefined ? l[f] : (contact?.[f] ?? null));
  return {
    workspace_id: workspaceId,
    id,
    contact_urn: or(l.contact_urn, null),
    team_member_id: or(l.team_member_id, null),
    source_post_id: or(l.source_post_id, null),
    company_id: or(l.company_id, null),
    crm_id: or(l.crm_id, null),
    crm_contact_url: or(l.crm_contact_url, null),
    contact_email: or(l.contact_email, null),
    phone_number: or(l.phone_number, null),
    enrichment_status: or(l.enrichment_status, null),
    source: or(l.source, null),
    engagement_events_count: or(l.engagement_events_count, null),
    engagement_score: or(l.engagement_score, null),
    first_name: profile('first_name'),
    last_name: profile('last_name'),
    headline: profile('headline'),
    job_title: profile('job_title'),
    username: profile('username'),
    network_url: profile('network_url'),
    picture: profile('picture'),
    followers_count: profile('followers_count'),
    connections_count: profile('connections_count'),
    country: profile('country'),
    status: or(l.status, 'NEW'),
    tags: JSON.stringify(l.tags ?? []),
    source_content_url: l.source_content_url !== undefined ? l.source_content_url : postUrl,
    is_icp_match: toFlag(or(l.is_icp_match, false)),
    icp_manual: 0,
    is_account_based: toFlag(or(l.is_account_based, false)),
    feed_updated_at: ms(l.feed_updated_at),
    created_at: ms(l.created_at)!,
    last_engagement_dt: ms(l.last_engagement_dt),
    updated_at: now,
  } as LeadsTable;
}

// Children without ids get ids derived from their parent and position, so re-imports replace them.
export const historyRows = (workspaceId: string, leadId: string, history: Item[]): LeadHistoryTable[] =>
  history.map((h, i) => ({ workspace_id: workspaceId, id: h.id ?? `${leadId}_h${i}`, lead_id: leadId, description: or(h.description, null), recorded_at: ms(h.recorded_at) }));

export const noteRows = (workspaceId: string, leadId: string, notes: Item[]): LeadNotesTable[] =>
  notes.map((n, i) => ({
    workspace_id: workspaceId,
    id: n.id ?? `${leadId}_n${i}`,
    lead_id: leadId,
    content: n.content,
    created_at: ms(n.created_at)!,
    updated_at: ms(n.updated_at ?? n.created_at)!,
  }));

export const leadDoc = (r: LeadsTable, history: LeadHistoryTable[], notes: LeadNotesTable[]) => ({
  id: r.id,
  contact_urn: r.contact_urn,
  first_name: r.first_name,
  last_name: r.last_name,
  headline: r.headline,
  job_title: r.job_title,
  username: r.username,
  network_url: r.network_url,
  picture: r.picture,
  followers_count: r.followers_count,
  connections_count: r.connections_count,
  country: r.country,
  team_member_id: r.team_member_id,
  source_post_id: r.source_post_id,
  company_id: r.company_id,
  status: r.status,
  tags: parseJsonArray(r.tags),
  crm_id: r.crm_id,
  crm_contact_url: r.crm_contact_url,
  contact_email: r.contact_email,
  phone_number: r.phone_number,
  enrichment_status: r.enrichment_status,
  source: r.source,
  source_content_url: r.source_content_url,
  engagement_events_count: r.engagement_events_count,
  engagement_score: r.engagement_score,
  is_icp_match: fromFlag(r.is_icp_match),
  is_account_based: fromFlag(r.is_account_based),
  created_at: toIso(r.created_at),
  last_engagement_dt: toIso(r.last_engagement_dt),
  feed_updated_at: toIso(r.feed_updated_at),
  history: history.map((h) => ({ id: h.id, description: h.description, recorded_at: toIso(h.recorded_at) })),
  notes: notes.map((n) => ({ id: n.id, content: n.content, created_at: toIso(n.created_at), updated_at: toIso(n.updated_at) })),
});

export const connectionRow = (workspaceId: string, c: Item, now: number): ConnectionsTable => ({
  workspace_id: workspaceId,
  team_member_id: c.team_member_id,
  contact_urn: c.contact_urn,
  state: c.state,
  since: ms(c.since),
  updated_at: now,
});

export const connectionDoc = (r: ConnectionsTable) => ({ team_member_id: r.team_member_id, contact_urn: r.contact_urn, state: r.state, since: toIso(r.since) });

export function campaignRow(workspaceId: string, c: Item, id: string, now: number): CampaignsTable {
  return {
    workspace_id: workspaceId,
    id,
    name: c.name,
    status: or(c.status, 'DRAFT'),
    description: or(c.description, null),
    creator_id: c.creator_id,
    settings: '{}',
    created_at: ms(c.created_at)!,
    updated_at: now,
  };
}

export const campaignContactRows = (workspaceId: string, campaignId: string, contacts: Item[], now: number): NewCampaignContact[] =>
  contacts.map((c, i) => ({
    workspace_id: workspaceId,
    campaign_id: campaignId,
    id: c.id ?? `${campaignId}_cc${i}`,
    username: c.username,
    username_key: String(c.username).toLowerCase(),
    network_urn: or(c.network_urn, null),
    first_name: or(c.first_name, null),
    last_name: or(c.last_name, null),
    email: or(c.email, null),
    crm_id: or(c.crm_id, null),
    status: or(c.status, 'QUEUED'),
    follow_up_step: or(c.follow_up_step, 0),
    created_at: now,
    updated_at: now,
  }));

export const campaignDoc = (r: CampaignsTable, participantIds: string[], contacts: CampaignContact[]) => ({
  id: r.id,
  name: r.name,
  status: r.status,
  description: r.description,
  creator_id: r.creator_id,
  participant_ids: participantIds,
  created_at: toIso(r.created_at),
  contacts: contacts.map((c) => ({
    id: c.id,
    username: c.username,
    network_urn: c.network_urn,
    first_name: c.first_name,
    last_name: c.last_name,
    email: c.email,
    crm_id: c.crm_id,
    status: c.status,
    // Written only once a step was sent: absent means 0, so documents of before sequences export unchanged.
    ...(c.follow_up_step ? { follow_up_step: c.follow_up_step } : {}),
  })),
});
