// The only seam between the service and the external network. Implementations: `sandbox`
// (a deterministic simulated network in its own tables) and, later, real vendors. Each workspace
// is bound to its own provider (or none); the registry of the composition root resolves it.
// What only some providers can do is an optional capability below: callers ask for it, never
// for a provider by its class.
import type { ProviderWebhooks } from './webhooks.js';

/** A team member's account on the network, as the service names it to the provider. */
export interface AccountRef {
  workspaceId: string;
  teamMemberId: string;
}

export interface NetworkProfile {
  urn: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  headline: string | null;
  job_title?: string | null;
  picture?: string | null;
  followers_count?: number | null;
  connections_count?: number | null;
  /** ISO 3166 alpha-2. */
  country?: string | null;
  network_url?: string | null;
  company?: NetworkCompany | null;
}

export interface NetworkCompany {
  id: number;
  name: string;
  slug: string;
  employees_num_min: number | null;
  employees_num_max: number | null;
  industries: string[];
  country: string | null;
  website_url: string | null;
}

/** NONE: nothing between them; PENDING: an invitation awaits an answer; CONNECTED: accepted. */
export type ConnectionState = 'NONE' | 'PENDING' | 'CONNECTED';

export interface SentAction {
  /** The provider's own reference for what it received. */
  ref: string;
}

export interface PendingInvitation {
  ref: string;
  contactUrn: string;
  sentAt: number;
}

export interface NetworkPost {
  id: string;
  authorUrn: string;
  content: string;
  publishedAt: number;
  likes: number;
  comments: number;
  shares: number;
  impressions: number;
  /** SHARE (an original post) or REPOST (of `parent`). */
  type?: 'SHARE' | 'REPOST';
  /** The post's address on the provider's network (the service never makes one up). */
  url: string;
  image?: string | null;
  parent?: { content: string; image: string | null } | null;
}

export interface PostEngagement {
  /** The provider's identity of the event: the same event always has the same id. */
  id: string;
  contactUrn: string;
  /**
   * Who engaged, as the engagement itself tells (a comment's or a reaction's author): enough for a
   * lead without a profile look-up. Absent where the provider gives only the urn.
   */
  person?: EngagedPerson;
  kind: 'LIKE' | 'COMMENT' | 'SHARE';
  at: number;
}

/** A person as an engagement names them: no job, country or company (only a profile has those). */
export type EngagedPerson = Pick<NetworkProfile, 'urn' | 'username' | 'first_name' | 'last_name' | 'headline' | 'network_url'>;

/**
 * Who pays for a profile look-up and how urgently: `account` spends its own budget (else any
 * linked account of the workspace); `ingestion` may spend only what the API and outreach leave.
 */
export interface LookupOptions {
  account?: AccountRef;
  purpose?: 'ingestion' | 'priority';
}

/** A message a contact sent to the account (a reply). */
export interface InboundMessage {
  /** The provider's identity of the message: the same message always has the same id. */
  id: string;
  contactUrn: string;
  text: string;
  at: number;
}

export interface NetworkProvider {
  readonly name: string;
  /**
   * How many times faster than real time this network lives (a simulated network's demo pace);
   * syncs follow it. Absent: 1, as every real network.
   */
  readonly pace?: number;
  /**
   * How long a profile looked up stays good before a sync may look it up again. Absent: profiles
   * cost nothing to look up (a simulated network).
   */
  readonly profileRefreshMs?: number;
  /**
   * A post's likes and comments counts are exactly the engagement its lists hold (Unipile): a sync
   * reads the engagement of a post whose counts have not moved at most once a day. Absent: the
   * counts say nothing of it (a simulated network's are drawn apart), and every sync reads every post.
   */
  readonly countsTrackEngagement?: boolean;
  findProfile(by: { urn: string } | { username: string }, options?: LookupOptions): Promise<NetworkProfile>;
  connectionState(account: AccountRef, contactUrn: string): Promise<ConnectionState>;
  /** connectionState for several accounts of a workspace at once, in their order; null where the network cannot answer (the account is not connected). */
  connectionStates(workspaceId: string, teamMemberIds: string[], contactUrn: string): Promise<(ConnectionState | null)[]>;
  /** Idempotent by `idempotencyKey`: the same key never produces a second invitation. */
  sendInvitation(account: AccountRef, contactUrn: string, note: string | null, idempotencyKey: string): Promise<SentAction>;
  listPendingInvitations(account: AccountRef): Promise<PendingInvitation[]>;
  withdrawInvitation(account: AccountRef, ref: string): Promise<void>;
  /** Idempotent by `idempotencyKey`: the same key never produces a second message. */
  sendMessage(account: AccountRef, contactUrn: string, text: string, idempotencyKey: string): Promise<SentAction>;
  /** Reconciliation: what the provider already received under this key, or null. */
  findReceived(idempotencyKey: string): Promise<SentAction | null>;
  /** The urn of the account's own profile: the member's engagement is never a lead. */
  findAccountUrn(account: AccountRef): Promise<string>;
  listMemberPosts(account: AccountRef, since: number): Promise<NetworkPost[]>;
  /** Engagement that happened up to now on one of the account's posts, oldest first. */
  listPostEngagement(account: AccountRef, postId: string): Promise<PostEngagement[]>;
  listContactPosts(contactUrn: string, since: number): Promise<NetworkPost[]>;
  /**
   * Messages contacts sent to the account after `since` up to now, oldest first. Optional: a
   * provider that delivers them by webhook instead leaves it out.
   */
  listReplies?(account: AccountRef, since: number): Promise<InboundMessage[]>;

  // Optional capabilities (getters on a provider's class, so a Proxy around it, meteredProvider, hands them out too).
  /** Members act through their own accounts at the provider, linked by the provider's account id (Unipile). */
  readonly memberAccounts?: MemberAccounts;
  /** The provider delivers events by webhook, registered through its API (Unipile). */
  readonly webhooks?: ProviderWebhooks;
  /** A member's account is simulated, connected and disconnected at will (the sandbox). */
  readonly simulatedAccounts?: SimulatedAccounts;
}

/** The members' own accounts at a real provider, named by the provider's account ids. */
export interface MemberAccounts {
  /** The account's own profile urn, in one call that proves the account can act; a NetworkError otherwise. */
  check(accountId: string): Promise<string>;
  /** The team member of this workspace the account acts for, or null (webhook deliveries name accounts). */
  memberOf(accountId: string): Promise<string | null>;
}

/** A simulated network's accounts: a member's is connected (with its own profile urn when known) or disconnected by an operator or a test. */
export interface SimulatedAccounts {
  connectAccount(account: AccountRef, urn?: string | null): Promise<unknown>;
  disconnectAccount(account: AccountRef): Promise<unknown>;
}

/** Typed failures; `kind` lets callers switch exhaustively. */
export type NetworkErrorKind = 'not_found' | 'limit_reached' | 'account_disconnected' | 'account_restricted' | 'transient';

/**
 * Which limit a `limit_reached` is: one of the account's daily budgets kept by the service, or a
 * limit the network itself reported (`network`).
 */
export type NetworkLimit = 'profile_lookups' | 'invitations' | 'messages' | 'withdrawals' | 'network';

export class NetworkError extends Error {
  /**
   * `retryAfterMs`: how long to leave it alone (a 429's Retry-After, or until the budget refills).
   * `limit`: for `limit_reached`, which limit (null: not said).
   */
  constructor(readonly kind: NetworkErrorKind, message: string = kind, readonly retryAfterMs: number | null = null, readonly limit: NetworkLimit | null = null) {
    super(message);
    this.name = 'NetworkError';
  }
  /** Only a transient failure leaves it unknown whether the network acted. */
  get mayHaveActed(): boolean {
    return this.kind === 'transient';
  }
}
