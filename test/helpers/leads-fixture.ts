// Loads leads, companies and posts straight into the store (the snapshot importer lands in
// parallel), then rebuilds the lead counters as any bulk loader must.
import type { Db } from '../../src/db/database.js';
import type { CompaniesTable } from '../../src/db/schema/contacts.table.js';
import type { PostsTable } from '../../src/db/schema/posts.table.js';
import { rebuildLeadCounts } from '../../src/leads/lead-counts.js';
import type { LeadsTable } from '../../src/db/schema/leads.table.js';

export type LeadSeed = Partial<LeadsTable> & { id: string; created_at: number };

export function leadRow(workspaceId: string, seed: LeadSeed): LeadsTable {
  return {
    workspace_id: workspaceId,
    contact_urn: null,
    team_member_id: null,
    source_post_id: null,
    company_id: null,
    status: 'NEW',
    tags: '[]',
    crm_id: null,
    crm_contact_url: null,
    first_name: null,
    last_name: null,
    headline: null,
    job_title: null,
    username: null,
    network_url: null,
    contact_email: null,
    phone_number: null,
    enrichment_status: null,
    source: null,
    source_content_url: null,
    engagement_events_count: null,
    engagement_score: null,
    is_icp_match: 0,
    icp_manual: 0,
    is_account_based: 0,
    picture: null,
    followers_count: null,
    connections_count: null,
    country: null,
    feed_updated_at: null,
    last_engagement_dt: null,
    engagement_mass: null,
    mass_at: null,
    updated_at: seed.created_at,
    ...seed,
  };
}

export async function insertLeads(db: Db, workspaceId: string, seeds: LeadSeed[]): Promise<void> {
  for (let i = 0; i < seeds.length; i += 200) {
    await db.insertInto('leads').values(seeds.slice(i, i + 200).map((s) => leadRow(workspaceId, s))).execute();
  }
  await rebuildLeadCounts(db, workspaceId);
}

export async function insertCompany(db: Db, workspaceId: string, company: Partial<CompaniesTable> & { id: number }): Promise<void> {
  await db
    .insertInto('companies')
    .values({
      workspace_id: workspaceId, hash_id: '', name: null, slug: null, picture: null, employees_num_min: null, employees_num_max: null,
      headquarters: null, location: null, followers: null, state: null, country: null, website_url: null, phone_number: null,
      company_type: null, founded_year: null, description: null, tagline: null, industries: '[]', specialties: '[]', funding: '[]',
      is_verified: null, network_url: null, created_at: Date.parse('2024-01-01T00:00:00Z'), ...company,
    })
    .execute();
}

export type PostSeed = Partial<PostsTable> & { id: string; published_at: number };

export async function insertPosts(db: Db, workspaceId: string, seeds: PostSeed[]): Promise<void> {
  if (seeds.length === 0) return;
  await db
    .insertInto('posts')
    .values(
      seeds.map((s) => ({
        workspace_id: workspaceId, activity_urn: null, type: 'SHARE', content: null, parent_content: null, author: `author-${s.id}`,
        post_url: `https://network.test/posts/${s.id}`, image: null, parent_image: null, shares_num: null, likes_num: null,
        impressions_num: null, comments_num: null, team_member_id: null, author_urn: null, created_at: s.published_at, updated_at: s.published_at, ...s,
      })),
    )
    .execute();
}

export async function trackContact(db: Db, workspaceId: string, teamMemberId: string, contactUrn: string): Promise<void> {
  await db.insertInto('tracked_contacts').values({ workspace_id: workspaceId, team_member_id: teamMemberId, contact_urn: contactUrn }).execute();
}
