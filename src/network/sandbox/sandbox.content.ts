// Profiles, posts and engagement of the sandbox network, derived from the seed alone: the same
// seed and inputs always give the same answers, so ingestion can be tested without a network.
import type { AccountRef, NetworkPost, NetworkProfile, PostEngagement } from '../provider.js';

interface Seeded {
  fraction(...parts: string[]): number;
}

const FIRST = ['Ada', 'Ben', 'Chloe', 'Dev', 'Emma', 'Femi', 'Grace', 'Hugo', 'Iris', 'Jon'];
const LAST = ['Ng', 'Okafor', 'Silva', 'Park', 'Meyer', 'Rossi', 'Khan', 'Dubois', 'Novak', 'Berg'];
const TOPICS = ['pipeline reviews', 'cold outreach', 'pricing pages', 'onboarding', 'hiring SDRs', 'churn'];
const URN = /^ACo[A-Za-z0-9_-]+$/;
const DAY_MS = 86_400_000;
const MAX_POSTS = 20;

const pick = <T>(seeded: Seeded, list: readonly T[], ...parts: string[]): T => list[Math.floor(seeded.fraction(...parts) * list.length)]!;
const code = (seeded: Seeded, ...parts: string[]) => Math.floor(seeded.fraction(...parts) * 36 ** 6).toString(36).padStart(6, '0');

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
  return {
    urn,
    username,
    first_name: pick(seeded, FIRST, 'first', urn),
    last_name: pick(seeded, LAST, 'last', urn),
    headline: `Works on ${pick(seeded, TOPICS, 'headline', urn)}`,
  };
}

/** One post on some days (chance fixed by the seed), between `since` and `now`, newest first. */
function postsOf(seeded: Seeded, authorKey: string, authorUrn: string, since: number, now: number): NetworkPost[] {
  const posts: NetworkPost[] = [];
  for (let day = Math.floor(now / DAY_MS); day >= Math.floor(since / DAY_MS) && posts.length < MAX_POSTS; day--) {
    const d = String(day);
    if (seeded.fraction('posts', authorKey, d) >= 0.3) continue;
    const publishedAt = day * DAY_MS + Math.floor(seeded.fraction('time', authorKey, d) * DAY_MS);
    if (publishedAt < since || publishedAt > now) continue;
    const scale = (name: string, max: number) => Math.floor(seeded.fraction(name, authorKey, d) * max);
    posts.push({
      id: `sbx_post_${code(seeded, 'post', authorKey, d)}${d}`,
      authorUrn,
      content: `Notes on ${pick(seeded, TOPICS, 'topic', authorKey, d)}`,
      publishedAt,
      likes: scale('likes', 200),
      comments: scale('comments', 40),
      shares: scale('shares', 15),
      impressions: 200 + scale('impressions', 5000),
    });
  }
  return posts;
}

export function memberPosts(seeded: Seeded, account: AccountRef, since: number, now: number): NetworkPost[] {
  const key = `${account.workspaceId}/${account.teamMemberId}`;
  return postsOf(seeded, key, `ACo${code(seeded, 'member-urn', key)}`, since, now);
}

export function contactPosts(seeded: Seeded, contactUrn: string, since: number, now: number): NetworkPost[] {
  return postsOf(seeded, contactUrn, contactUrn, since, now);
}

export function postEngagement(seeded: Seeded, postId: string): PostEngagement[] {
  const count = Math.floor(seeded.fraction('engagers', postId) * 8);
  const kinds = ['LIKE', 'COMMENT', 'SHARE'] as const;
  // Post ids end with their day number, so engagement falls on the day after the post.
  const day = Number(postId.slice('sbx_post_'.length + 6)) || 0;
  return Array.from({ length: count }, (_, i) => ({
    contactUrn: `ACo${code(seeded, 'engager', postId, String(i))}`,
    kind: kinds[Math.floor(seeded.fraction('kind', postId, String(i)) * 3)]!,
    at: (day + 1) * DAY_MS + Math.floor(seeded.fraction('at', postId, String(i)) * DAY_MS),
  }));
}
