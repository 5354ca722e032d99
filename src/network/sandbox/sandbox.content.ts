// Profiles, posts and engagement of the sandbox network, derived from the seed alone: the same
// seed and inputs always give the same answers, so ingestion can be tested without a network.
// The world: people work at one of a few dozen companies (so colleagues engage together), each
// member has an audience whose first people engage far more often than the rest (repeat
// engagers), a few posts draw most of the engagement (a heavy tail), and the author's own
// colleagues in the workspace react to and comment on many posts (never leads).
import type { AccountRef, NetworkCompany, NetworkPost, NetworkProfile, PostEngagement } from '../provider.js';
import { DAY_MS } from '../../shared/time.js';

interface Seeded {
  fraction(...parts: string[]): number;
}

const FIRST = ['Ada', 'Ben', 'Chloe', 'Dev', 'Emma', 'Femi', 'Grace', 'Hugo', 'Iris', 'Jon'];
const LAST = ['Ng', 'Okafor', 'Silva', 'Park', 'Meyer', 'Rossi', 'Khan', 'Dubois', 'Novak', 'Berg'];
const TOPICS = ['pipeline reviews', 'cold outreach', 'pricing pages', 'onboarding', 'hiring SDRs', 'churn'];
const TITLES = ['VP Sales', 'Head of Growth', 'Sales Director', 'CTO', 'Founder', 'Account Executive', 'RevOps Lead', 'Marketing Manager', 'SDR', 'Chief Revenue Officer'];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'NL', 'ES', 'CA', 'IN'];
const INDUSTRIES = ['Software', 'Financial Services', 'Logistics', 'Retail', 'Healthcare', 'Media'];
const COMPANY_WORDS = ['Northwind', 'Bluebird', 'Quantum', 'Harbor', 'Summit', 'Lumen', 'Copper', 'Atlas', 'Maple', 'Orbit', 'Falcon', 'Cedar'];
const COMPANY_KINDS = ['Labs', 'Systems', 'Logistics', 'Health', 'Media', 'Capital'];
const SIZES = [[1, 10], [11, 50], [51, 200], [201, 1000], [1001, 5000], [5001, 20000]] as const;
const URN = /^ACo[A-Za-z0-9_-]+$/;
const MAX_POSTS = 20;
const AUDIENCE = 60;
/** The network's companies: companyAt(0 … COMPANY_COUNT − 1). */
export const COMPANY_COUNT = 36;

const pick = <T>(seeded: Seeded, list: readonly T[], ...parts: string[]): T => list[Math.floor(seeded.fraction(...parts) * list.length)]!;
const code = (seeded: Seeded, ...parts: string[]) => Math.floor(seeded.fraction(...parts) * 36 ** 6).toString(36).padStart(6, '0');
const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function companyAt(seeded: Seeded, index: number): NetworkCompany {
  const name = `${COMPANY_WORDS[index % COMPANY_WORDS.length]} ${COMPANY_KINDS[Math.floor(index / COMPANY_WORDS.length) % COMPANY_KINDS.length]}`;
  const [min, max] = pick(seeded, SIZES, 'company-size', String(index));
  return {
    id: 7001 + index,
    name,
    slug: slugOf(name),
    employees_num_min: min,
    employees_num_max: max,
    industries: [pick(seeded, INDUSTRIES, 'company-industry', String(index))],
    country: pick(seeded, COUNTRIES, 'company-country', String(index)),
    website_url: `https://${slugOf(name)}.test`,
  };
}

/** Any well-formed urn or username names a person; the other half is derived from it. */
export function profileFor(seeded: Seeded, by: { urn: string } | { username: string }): NetworkProfile | null {
  let urn: string;
  let username: string;
  if ('urn' in by) {
    if (!URN.test(by.urn)) return null;
    urn = by.urn;
    username = `member-${code(seeded, 'username', urn)}`;
  } else {
    if (!/^[A-Za-z0-9_-]{3,100}$/.test(by.username)) return null;
    username = by.username;
    urn = `ACo${code(seeded, 'urn', username.toLowerCase())}${code(seeded, 'urn2', username.toLowerCase())}`;
  }
  const company = companyAt(seeded, Math.floor(seeded.fraction('company', urn) * COMPANY_COUNT));
  const title = pick(seeded, TITLES, 'title', urn);
  return {
    urn,
    username,
    first_name: pick(seeded, FIRST, 'first', urn),
    last_name: pick(seeded, LAST, 'last', urn),
    headline: `${title} at ${company.name} · works on ${pick(seeded, TOPICS, 'headline', urn)}`,
    job_title: title,
    // No picture: the network's host does not resolve, and the API falls back to the service's placeholder.
    picture: null,
    followers_count: Math.floor(seeded.fraction('followers', urn) * 5000),
    connections_count: 50 + Math.floor(seeded.fraction('connections', urn) * 450),
    country: seeded.fraction('abroad', urn) < 0.7 ? company.country : pick(seeded, COUNTRIES, 'country', urn),
    network_url: `https://network.test/in/${username}`,
    company,
  };
}

/**
 * One post on some of the author's network days (chance fixed by the seed), between `since` and
 * `now`, newest first. A network day lasts DAY_MS / pace: at pace 1 a calendar day, at the demo's
 * pace a minute (the network lives faster; the clock does not).
 */
function postsOf(seeded: Seeded, authorKey: string, authorUrn: string, since: number, now: number, pace: number, idOf: (base: string) => string): NetworkPost[] {
  const posts: NetworkPost[] = [];
  const dayMs = DAY_MS / pace;
  for (let day = Math.floor(now / dayMs); day >= Math.floor(since / dayMs) && posts.length < MAX_POSTS; day--) {
    const d = String(day);
    if (seeded.fraction('posts', authorKey, d) >= 0.3) continue;
    const publishedAt = Math.floor(day * dayMs + seeded.fraction('time', authorKey, d) * dayMs);
    if (publishedAt < since || publishedAt > now) continue;
    const scale = (name: string, max: number) => Math.floor(seeded.fraction(name, authorKey, d) * max);
    // The id carries the publication minute, so engagement can be timed from the id alone.
    const id = idOf(`sbx_post_${code(seeded, 'post', authorKey, d)}${Math.floor(publishedAt / 60_000)}`);
    const repost = seeded.fraction('repost', authorKey, d) < 0.2;
    posts.push({
      id,
      authorUrn,
      content: `Notes on ${pick(seeded, TOPICS, 'topic', authorKey, d)}`,
      publishedAt,
      likes: scale('likes', 200),
      comments: scale('comments', 40),
      shares: scale('shares', 15),
      impressions: 200 + scale('impressions', 5000),
      type: repost ? 'REPOST' : 'SHARE',
      // The URL ends with the post's id: a lead's source_content_url leads to its post_id filter.
      url: `https://network.test/posts/${id}`,
      // No image: the network's host does not resolve (a picture is the service's own or none).
      image: null,
      parent: repost ? { content: `What we learnt about ${pick(seeded, TOPICS, 'parent', authorKey, d)}`, image: null } : null,
    });
  }
  return posts;
}

export const memberKey = (account: AccountRef) => `${account.workspaceId}/${account.teamMemberId}`;
export const memberUrn = (seeded: Seeded, account: AccountRef) => `ACo${code(seeded, 'member-urn', memberKey(account))}`;

export function memberPosts(seeded: Seeded, account: AccountRef, since: number, now: number, pace = 1): NetworkPost[] {
  const owner = code(seeded, 'owner', memberKey(account));
  return postsOf(seeded, memberKey(account), memberUrn(seeded, account), since, now, pace, (base) => `${base}_${owner}`);
}

export function contactPosts(seeded: Seeded, contactUrn: string, since: number, now: number, pace = 1): NetworkPost[] {
  return postsOf(seeded, contactUrn, contactUrn, since, now, pace, (base) => base);
}

export interface EngagementWorld {
  /** > 1 makes engagement arrive that many times faster (the demo's pace). */
  pace: number;
  /** Urns of the author's colleagues on the network. */
  colleagues: readonly string[];
}

/**
 * Engagement on a member's post up to `now`. Engagers come from the author's audience (its
 * first people far more often) and from the author's colleagues, most of it soon after
 * publication.
 */
export function postEngagement(seeded: Seeded, postId: string, now: number, world: EngagementWorld = { pace: 1, colleagues: [] }): PostEngagement[] {
  const match = /^sbx_post_[0-9a-z]{6}(\d+)_([0-9a-z]{6})$/.exec(postId);
  if (!match) return [];
  const [, minute, owner] = match as unknown as [string, string, string];
  const publishedAt = Number(minute) * 60_000;
  const count = Math.floor(Math.pow(seeded.fraction('engagers', postId), 2) * 30);
  const kinds = ['LIKE', 'LIKE', 'LIKE', 'COMMENT', 'SHARE'] as const;
  const events: PostEngagement[] = [];
  const engage = (id: string, contactUrn: string, kind: PostEngagement['kind'], draw: number) => {
    const delay = Math.pow(draw, 3) * 3 * DAY_MS;
    const at = publishedAt + 60_000 + Math.floor(delay / world.pace);
    if (at <= now) events.push({ id, contactUrn, kind, at });
  };
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    const n = String(i);
    const member = Math.floor(Math.pow(seeded.fraction('who', postId, n), 2.5) * AUDIENCE);
    const contactUrn = `ACo${code(seeded, 'audience', owner, String(member))}`;
    const kind = kinds[Math.floor(seeded.fraction('kind', postId, n) * kinds.length)]!;
    if (kind === 'LIKE' && seen.has(`${contactUrn}/LIKE`)) continue; // one reaction per person and post
    seen.add(`${contactUrn}/${kind}`);
    engage(`sbx_evt_${code(seeded, 'evt', postId, n)}_${i}`, contactUrn, kind, seeded.fraction('at', postId, n));
  }
  for (const urn of world.colleagues) {
    const draw = seeded.fraction('colleague', postId, urn);
    if (draw < 0.4) engage(`sbx_evt_${code(seeded, 'colleague-evt', postId, urn)}_c`, urn, draw < 0.1 ? 'COMMENT' : 'LIKE', seeded.fraction('colleague-at', postId, urn));
  }
  return events.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
}
