// Document items <-> table rows for the workspace, team members, companies, contacts and posts.
// The `...Doc` functions list the fields in the documented order: export writes exactly that.
import { fromFlag, parseJsonArray, toFlag } from '../db/rows.js';
import type { CompaniesTable, ContactsTable } from '../db/schema/contacts.table.js';
import type { PostsTable } from '../db/schema/posts.table.js';
import { parseIso, toIso } from '../shared/time.js';
import type { CreditLedgerTable, TeamMembersTable } from '../db/schema/workspace.table.js';

/** A validated document item: fields may be absent (undefined) or given (possibly null). */
export type Item = Record<string, any>;

/**
 * Epoch ms of a validated date-time (or null). The schema has checked it is a real calendar
 * date-time, so Date.parse alone reads it; parseIso's own checks are for what it rejects.
 */
export function ms(value: string | null | undefined): number | null {
  if (value == null) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? parseIso(value)! : t;
}
const or = <T>(value: T | undefined, fallback: T): T => (value === undefined ? fallback : value);

export function creditRows(workspaceId: string, credits: Item[]): CreditLedgerTable[] {
  // The ledger has no ids in the document: positional ids keep the order stable across re-imports.
  return credits.map((c, i) => ({
    workspace_id: workspaceId,
    id: `cr_snapshot_${String(i).padStart(9, '0')}`,
    delta: c.delta,
    reason: or(c.reason, null),
    created_at: ms(c.created_at)!,
  }));
}

export const creditDoc = (row: CreditLedgerTable) => ({ delta: row.delta, reason: row.reason, created_at: toIso(row.created_at) });

export function teamMemberRow(workspaceId: string, m: Item, id: string, now: number): TeamMembersTable {
  return {
    workspace_id: workspaceId,
    id,
    email: m.email,
    first_name: or(m.first_name, null),
    last_name: or(m.last_name, null),
    is_active_seat: toFlag(or(m.is_active_seat, true)),
    integration_status: or(m.integration_status, 'NOT_CONNECTED'),
    network_username: or(m.network_username, null),
    network_urn: or(m.network_urn, null),
    profile_views_count: or(m.profile_views_count, null),
    followers_count: or(m.followers_count, null),
    last_network_update: ms(m.last_network_update),
    profile_picture: or(m.profile_picture, null),
    // Not part of the snapshot format: new members start in UTC; a re-import keeps what an operator set.
    time_zone: 'UTC',
    created_at: now,
  };
}

export const teamMemberDoc = (r: TeamMembersTable, tracked: string[]) => ({
  id: r.id,
  email: r.email,
  first_name: r.first_name,
  last_name: r.last_name,
  is_active_seat: fromFlag(r.is_active_seat),
  integration_status: r.integration_status,
  network_username: r.network_username,
  network_urn: r.network_urn,
  profile_views_count: r.profile_views_count,
  followers_count: r.followers_count,
  last_network_update: toIso(r.last_network_update),
  profile_picture: r.profile_picture,
  tracked_contacts: tracked,
});

const COMPANY_TEXT = ['name', 'slug', 'picture', 'headquarters', 'location', 'state', 'country', 'website_url', 'phone_number', 'company_type', 'description', 'tagline', 'network_url'] as const;
const COMPANY_INT = ['employees_num_min', 'employees_num_max', 'followers', 'founded_year'] as const;

export function companyRow(workspaceId: string, c: Item): CompaniesTable {
  const row: Record<string, unknown> = { workspace_id: workspaceId, id: c.id, hash_id: or(c.hash_id, '') };
  for (const f of [...COMPANY_TEXT, ...COMPANY_INT]) row[f] = or(c[f], null);
  for (const f of ['industries', 'specialties', 'funding']) row[f] = JSON.stringify(c[f] ?? []);
  row.is_verified = c.is_verified == null ? null : toFlag(c.is_verified);
  row.created_at = ms(c.created_at);
  return row as unknown as CompaniesTable;
}

export const companyDoc = (r: CompaniesTable) => ({
  id: r.id,
  hash_id: r.hash_id,
  name: r.name,
  slug: r.slug,
  picture: r.picture,
  employees_num_min: r.employees_num_min,
  employees_num_max: r.employees_num_max,
  headquarters: r.headquarters,
  location: r.location,
  followers: r.followers,
  state: r.state,
  country: r.country,
  website_url: r.website_url,
  phone_number: r.phone_number,
  company_type: r.company_type,
  founded_year: r.founded_year,
  description: r.description,
  tagline: r.tagline,
  industries: parseJsonArray(r.industries),
  specialties: parseJsonArray(r.specialties),
  funding: parseJsonArray(r.funding),
  is_verified: r.is_verified === null ? null : fromFlag(r.is_verified),
  network_url: r.network_url,
  created_at: toIso(r.created_at),
});

/** The person's profile fields, shared by contacts and the lead's own copy. */
export const PROFILE_FIELDS = ['first_name', 'last_name', 'headline', 'job_title', 'username', 'network_url', 'picture', 'followers_count', 'connections_count', 'country'] as const;

// Written out field by field: built by a loop over PROFILE_FIELDS and a spread (objects in
// dictionary mode), a million contacts took 8.3 s to import; as this literal, 5.3 s.
export function contactRow(workspaceId: string, c: Item, now: number): ContactsTable {
  return {
    workspace_id: workspaceId,
    urn: c.urn,
    first_name: or(c.first_name, null),
    last_name: or(c.last_name, null),
    headline: or(c.headline, null),
    job_title: or(c.job_title, null),
    username: or(c.username, null),
    network_url: or(c.network_url, null),
    picture: or(c.picture, null),
    followers_count: or(c.followers_count, null),
    connections_count: or(c.connections_count, null),
    country: or(c.country, null),
    company_id: or(c.company_id, null),
    created_at: now,
    updated_at: now,
  };
}

export const contactDoc = (r: ContactsTable) => ({
  urn: r.urn,
  username: r.username,
  first_name: r.first_name,
  last_name: r.last_name,
  headline: r.headline,
  job_title: r.job_title,
  picture: r.picture,
  followers_count: r.followers_count,
  connections_count: r.connections_count,
  country: r.country,
  company_id: r.company_id,
  network_url: r.network_url,
});

const POST_NULLABLE = ['activity_urn', 'type', 'content', 'parent_content', 'image', 'parent_image', 'impressions_num', 'likes_num', 'comments_num', 'shares_num', 'team_member_id', 'author_urn'] as const;

export function postRow(workspaceId: string, p: Item, id: string, now: number): PostsTable {
  const row: Record<string, unknown> = { workspace_id: workspaceId, id, author: p.author, post_url: p.post_url, published_at: ms(p.published_at) };
  for (const f of POST_NULLABLE) row[f] = or(p[f], null);
  return { ...(row as object), created_at: now, updated_at: now } as PostsTable;
}

export const postDoc = (r: PostsTable) => ({
  id: r.id,
  activity_urn: r.activity_urn,
  type: r.type,
  content: r.content,
  parent_content: r.parent_content,
  author: r.author,
  post_url: r.post_url,
  image: r.image,
  parent_image: r.parent_image,
  impressions_num: r.impressions_num,
  likes_num: r.likes_num,
  comments_num: r.comments_num,
  shares_num: r.shares_num,
  published_at: toIso(r.published_at),
  team_member_id: r.team_member_id,
  author_urn: r.author_urn,
});
