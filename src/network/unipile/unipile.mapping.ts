// Unipile's fields mapped to the provider's, in one place. A person's urn carries Unipile's
// provider_id (LinkedIn's profile id) so every later call and every reconciliation can be made
// from the urn alone.
import type { UnipileClient } from 'unipile-node-sdk';
import type { EngagedPerson, NetworkPost, NetworkProfile, PendingInvitation, PostEngagement } from '../provider.js';

// The SDK's answer types, named through its resource methods (the types themselves are not exported).
type Users = UnipileClient['users'];
type Answer<M extends keyof Users> = Users[M] extends (...args: never[]) => Promise<infer R> ? R : never;
export type UserProfile = Answer<'getProfile'>;
export type AccountOwnerProfile = Answer<'getOwnProfile'>;
type LinkedinProfile = Extract<UserProfile, { provider: 'LINKEDIN' }>;
type OwnProfile = Extract<AccountOwnerProfile, { provider: 'LINKEDIN' }>;
type Post = Answer<'getAllPosts'>['items'][number];
type Comment = Answer<'getAllPostComments'>['items'][number];
type Invitation = Answer<'getAllInvitationsSent'>['items'][number];

const URN_PREFIX = 'urn:li:fsd_profile:';

/**
 * A person's urn is Unipile's provider_id itself (LinkedIn's profile id, `ACo…`): the form the v2
 * API takes as `contact_urn` (^ACo…), so a contact found through Unipile can be named by clients.
 */
export function urnOf(providerId: string): string {
  return providerId;
}

/** The provider_id a urn names; the full `urn:li:fsd_profile:` form LinkedIn writes is read too. */
export function providerIdOf(urn: string): string {
  return urn.startsWith(URN_PREFIX) ? urn.slice(URN_PREFIX.length) : urn;
}

export function toProfile(p: LinkedinProfile): NetworkProfile {
  const current = p.work_experience?.find((w) => w.current) ?? p.work_experience?.[0];
  return {
    urn: urnOf(p.provider_id),
    username: p.public_identifier ?? p.provider_id,
    first_name: p.first_name,
    last_name: p.last_name,
    headline: p.headline || null,
    job_title: current?.position ?? null,
    picture: p.profile_picture_url ?? null,
    followers_count: p.follower_count ?? null,
    connections_count: p.connections_count ?? null,
    country: p.primary_locale?.country ?? null,
    network_url: p.public_profile_url ?? (p.public_identifier ? `https://www.linkedin.com/in/${p.public_identifier}` : null),
    company: null,
  };
}

export function ownUrn(p: OwnProfile): string {
  return urnOf(p.provider_id);
}

export function isLinkedinProfile(p: UserProfile): p is LinkedinProfile {
  return p.provider === 'LINKEDIN';
}

export function isLinkedinOwnProfile(p: AccountOwnerProfile): p is OwnProfile {
  return p.provider === 'LINKEDIN';
}

export function toPost(p: Post, authorUrn: string): NetworkPost {
  return {
    // the social id (urn:li:activity:…) is what Unipile's post endpoints take
    id: p.social_id,
    authorUrn,
    content: p.text,
    publishedAt: Date.parse(p.parsed_datetime),
    likes: p.reaction_counter,
    comments: p.comment_counter,
    shares: p.repost_counter,
    impressions: p.impressions_counter,
    type: p.is_repost ? 'REPOST' : 'SHARE',
    url: p.share_url,
    image: null,
    parent: p.is_repost && p.repost_content ? { content: p.repost_content.text, image: null } : null,
  };
}

export function toPendingInvitation(i: Invitation): PendingInvitation | null {
  if (!i.invited_user_id) return null;
  return { ref: i.id, contactUrn: urnOf(i.invited_user_id), sentAt: i.parsed_datetime ? Date.parse(i.parsed_datetime) : 0 };
}

/**
 * Who engaged, from what the comment or reaction carries (provider id, name, headline, profile
 * URL): a lead needs no profile look-up for these. The public identifier is the profile URL's
 * last segment (`…/in/<public identifier>`); without one the provider id stands in, as in toProfile.
 */
function engagedPerson(providerId: string, name: string | null | undefined, headline: string | null | undefined, profileUrl: string | null | undefined): EngagedPerson {
  const publicId = profileUrl ? /\/in\/([^/?#]+)/.exec(profileUrl)?.[1] : undefined;
  const [first, ...rest] = (name ?? '').trim().split(/\s+/);
  return {
    urn: urnOf(providerId),
    username: publicId ? decodeURIComponent(publicId) : providerId,
    first_name: first || null,
    last_name: rest.length > 0 ? rest.join(' ') : null,
    headline: headline || null,
    network_url: profileUrl ?? null,
  };
}

export function commentEngagement(postId: string, c: Comment): PostEngagement | null {
  if (!c.author_details.id) return null;
  const person = engagedPerson(c.author_details.id, c.author, c.author_details.headline, c.author_details.profile_url);
  return { id: `${postId}:comment:${c.id}`, contactUrn: person.urn, kind: 'COMMENT', at: Date.parse(c.date), person };
}

/** A reaction as Unipile's posts/{id}/reactions lists it (no SDK method, so no SDK type). */
export interface UnipileReaction {
  value: string;
  author: { id: string; name?: string | null; headline?: string | null; profile_url?: string | null; is_company?: boolean };
}

/** Reactions carry no time: `seenAt` is when the service first saw the list holding it. */
export function reactionEngagement(postId: string, r: UnipileReaction, seenAt: number): PostEngagement {
  const person = engagedPerson(r.author.id, r.author.name, r.author.headline, r.author.profile_url);
  return { id: `${postId}:like:${r.author.id}`, contactUrn: person.urn, kind: 'LIKE', at: seenAt, person };
}

type Relation = Answer<'getAllRelations'>['items'][number];

/** A relation of the account's list: who, and since when. */
export function toRelation(r: Relation): { contactUrn: string; at: number } {
  return { contactUrn: urnOf(r.member_id), at: Number(r.created_at) };
}
