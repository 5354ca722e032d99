// The rows a folded page writes, built from the network's profiles and the workspace's rules.
import type { CompaniesTable, ContactsTable } from '../db/schema/contacts.table.js';
import type { LeadsTable } from '../db/schema/leads.table.js';
import type { NetworkProfile } from '../network/provider.js';
import type { FoldRules } from './fold-rules.js';
import type { FoldPost } from './fold.types.js';
import { matchesIcp } from './icp.js';
import type { EngagementKind } from './scoring.js';

export const SOURCE: Record<EngagementKind, string> = { LIKE: 'POST_LIKE', COMMENT: 'POST_COMMENT', SHARE: 'POST_REPOST' };
const VERB: Record<EngagementKind, string> = { LIKE: 'Reacted to', COMMENT: 'Commented on', SHARE: 'Reposted' };

/**
 * What an engagement's history text says of its post: the kind, and the post's opening words (as
 * they start its content, whitespace folded) or its URL. historyText of the post it names is the
 * text again: the console links a history line to its post by that.
 */
export function postOfHistoryText(text: string): { kind: EngagementKind; opening: string | null; url: string | null } | null {
  const kind = (Object.keys(VERB) as EngagementKind[]).find((k) => text.startsWith(`${VERB[k]} `));
  if (!kind) return null;
  const rest = text.slice(VERB[kind].length + 1);
  const quoted = /^"(.*)"$/s.exec(rest);
  if (!quoted) return { kind, opening: null, url: rest };
  return { kind, opening: quoted[1]!.endsWith('...') && quoted[1]!.length === 60 ? quoted[1]!.slice(0, 57) : quoted[1]!, url: null };
}

export function historyText(kind: EngagementKind, post: FoldPost): string {
  const text = (post.content ?? '').replace(/\s+/g, ' ').trim();
  const label = text === '' ? post.url : `"${text.length > 60 ? `${text.slice(0, 57)}...` : text}"`;
  return `${VERB[kind]} ${label}`;
}

/** The lead columns a profile sets, on creation and on every refresh. */
export const PROFILE_COLUMNS = [
  'first_name', 'last_name', 'headline', 'job_title', 'username', 'network_url', 'picture',
  'followers_count', 'connections_count', 'country', 'company_id', 'is_icp_match', 'is_account_based',
] as const;
export type ProfileFields = Pick<LeadsTable, (typeof PROFILE_COLUMNS)[number]>;

export function profileFields(p: NetworkProfile, rules: FoldRules, icpManual: boolean, currentIcp: number): ProfileFields {
  const company = p.company ?? null;
  return {
    first_name: p.first_name,
    last_name: p.last_name,
    headline: p.headline,
    job_title: p.job_title ?? null,
    username: p.username,
    network_url: p.network_url ?? null,
    picture: p.picture ?? null,
    followers_count: p.followers_count ?? null,
    connections_count: p.connections_count ?? null,
    country: p.country ?? null,
    company_id: company?.id ?? null,
    is_icp_match: icpManual ? currentIcp : matchesIcp(rules.icp, { job_title: p.job_title ?? null, country: p.country ?? null, company }) ? 1 : 0,
    is_account_based: rules.isTargetAccount(company) ? 1 : 0,
  };
}

export function enrichmentStatusFor(rules: FoldRules, isIcp: number): string | null {
  if (rules.enrichmentPolicy === 'all' || (rules.enrichmentPolicy === 'icp' && isIcp === 1)) return 'PENDING';
  return null;
}

export function companyRow(workspaceId: string, c: NonNullable<NetworkProfile['company']>, now: number): CompaniesTable {
  return {
    workspace_id: workspaceId, id: c.id, hash_id: `c${c.id}`, name: c.name, slug: c.slug, picture: null,
    employees_num_min: c.employees_num_min, employees_num_max: c.employees_num_max, headquarters: null, location: null,
    followers: null, state: null, country: c.country, website_url: c.website_url, phone_number: null, company_type: null,
    founded_year: null, description: null, tagline: null, industries: JSON.stringify(c.industries), specialties: '[]',
    funding: '[]', is_verified: null, network_url: null, created_at: now,
  };
}

export function contactRow(workspaceId: string, p: NetworkProfile, now: number): ContactsTable {
  return {
    workspace_id: workspaceId, urn: p.urn, username: p.username, first_name: p.first_name, last_name: p.last_name,
    headline: p.headline, job_title: p.job_title ?? null, picture: p.picture ?? null, followers_count: p.followers_count ?? null,
    connections_count: p.connections_count ?? null, country: p.country ?? null, company_id: p.company?.id ?? null,
    network_url: p.network_url ?? null, created_at: now, updated_at: now,
  };
}
