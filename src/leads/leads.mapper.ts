// Row -> API shape. A page's companies, member emails, history and notes are loaded with one
// query each (by ids), never per row.
import type { DbOrTx } from '../db/database.js';
import { fromFlag, parseJsonArray } from '../db/rows.js';
import type { CompaniesTable } from '../db/schema/contacts.table.js';
import { groupBy } from '../shared/group-by.js';
import { toIso } from '../shared/time.js';
import * as repo from './leads.repository.js';
import type { Company, Lead } from './leads.schemas.js';
import type { LeadsTable } from '../db/schema/leads.table.js';

export function toCompany(row: CompaniesTable): Company {
  return {
    name: row.name,
    slug: row.slug,
    picture: row.picture,
    employees_num_min: row.employees_num_min,
    employees_num_max: row.employees_num_max,
    headquarters: row.headquarters,
    location: row.location,
    followers: row.followers,
    state: row.state,
    country: row.country,
    website_url: row.website_url,
    phone_number: row.phone_number,
    company_type: row.company_type,
    founded_year: row.founded_year,
    description: row.description,
    tagline: row.tagline,
    industries: parseJsonArray(row.industries),
    specialties: parseJsonArray(row.specialties),
    funding: parseJsonArray(row.funding),
    is_verified: row.is_verified === null ? null : fromFlag(row.is_verified),
    id: Number(row.id),
    hash_id: row.hash_id ?? '',
    network_url: row.network_url,
    created_at: toIso(Number(row.created_at)),
  };
}

/** `activity: false` leaves history and notes empty (the CSV export has no column for them). */
export async function toLeads(db: DbOrTx, workspaceId: string, rows: LeadsTable[], placeholderPicture: string, { activity = true } = {}): Promise<Lead[]> {
  const ids = rows.map((r) => r.id);
  const companyIds = [...new Set(rows.flatMap((r) => (r.company_id === null ? [] : [Number(r.company_id)])))];
  const memberIds = [...new Set(rows.flatMap((r) => (r.team_member_id === null ? [] : [r.team_member_id])))];
  const [companies, members, history, notes] = await Promise.all([
    repo.findCompanies(db, workspaceId, companyIds),
    repo.findMemberEmails(db, workspaceId, memberIds),
    activity ? repo.findHistory(db, workspaceId, ids) : [],
    activity ? repo.findNotes(db, workspaceId, ids) : [],
  ]);
  const companyById = new Map(companies.map((c) => [Number(c.id), toCompany(c)]));
  const emailById = new Map(members.map((m) => [m.id, m.email]));
  const historyByLead = groupBy(history, (h) => h.lead_id);
  const notesByLead = groupBy(notes, (n) => n.lead_id);
  return rows.map((r) => ({
    id: r.id,
    crm_id: r.crm_id,
    first_name: r.first_name,
    last_name: r.last_name,
    headline: r.headline,
    job_title: r.job_title,
    username: r.username,
    network_url: r.network_url,
    contact_email: r.contact_email,
    phone_number: r.phone_number,
    enrichment_status: r.enrichment_status,
    team_member_email: r.team_member_id === null ? null : (emailById.get(r.team_member_id) ?? null),
    source: r.source,
    source_content_url: r.source_content_url,
    status: r.status as Lead['status'],
    tags: parseJsonArray(r.tags) as string[],
    engagement_events_count: r.engagement_events_count,
    engagement_score: r.engagement_score,
    is_icp_match: fromFlag(r.is_icp_match),
    is_account_based: fromFlag(r.is_account_based),
    history: (historyByLead.get(r.id) ?? []).map((h) => ({ id: h.id, description: h.description, recorded_at: toIso(h.recorded_at === null ? null : Number(h.recorded_at)) })),
    picture: r.picture ?? placeholderPicture,
    followers_count: r.followers_count,
    connections_count: r.connections_count,
    country: r.country,
    feed_updated_at: toIso(r.feed_updated_at === null ? null : Number(r.feed_updated_at)),
    created_at: toIso(Number(r.created_at)),
    last_engagement_dt: toIso(r.last_engagement_dt === null ? null : Number(r.last_engagement_dt)),
    company: r.company_id === null ? null : (companyById.get(Number(r.company_id)) ?? null),
    notes: (notesByLead.get(r.id) ?? []).map((n) => ({ id: n.id, content: n.content, created_at: toIso(Number(n.created_at)), updated_at: toIso(Number(n.updated_at)) })),
    crm_contact_url: r.crm_contact_url,
  }));
}
