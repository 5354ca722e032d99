// The network provider on Unipile, through its official SDK: one instance per bound workspace,
// holding that workspace's DSN and token. Sends are exactly-once by key: the intent is written
// to the ledger before the call, and a key whose outcome is unknown is looked up at Unipile
// (invitations sent, relations, the chat's messages) before anything is sent again.
import type { UnipileClient } from 'unipile-node-sdk';
import type { Clock } from '../../shared/clock.js';
import type { AccountRef, ConnectionState, LookupOptions, NetworkErrorKind, NetworkPost, NetworkProfile, NetworkProvider, PendingInvitation, PostEngagement, SentAction } from '../provider.js';
import { NetworkError } from '../provider.js';
import { toNetworkError } from './unipile.errors.js';
import type { SendIntent, SendLedger } from './unipile.ledger.js';
import * as map from './unipile.mapping.js';
import type { AccountBudget, Purpose } from './unipile.budget.js';
import { RELATIONS_FRESH_MS, type DbRelations } from './unipile.relations.js';
import { unipileSdk } from './unipile.sdk.js';
import { installTransport } from './unipile.transport.js';

/** Which Unipile account acts for a team member, and which one looks people up for the workspace. */
export interface AccountDirectory {
  accountIdOf(account: AccountRef): Promise<string | null>;
  /** Any linked account of the workspace, for calls that act for nobody in particular. */
  lookupAccountId(): Promise<string | null>;
  /** The team member a Unipile account is linked to in this workspace (webhook deliveries name accounts). */
  memberOf(accountId: string): Promise<string | null>;
}

export interface UnipileOptions {
  dsn: string;
  token: string;
  /** Time limit of every call, answer included (config.providerTimeoutMs). */
  timeoutMs: number;
  /** PEM certificates to trust besides the system's. */
  ca?: string;
  /** How far before its intent a sent item may be dated and still be it (clocks differ). */
  clockToleranceMs?: number;
  /** Told the outcome of every call that reached (or tried to reach) Unipile. */
  observer?: CallObserver;
}

/**
 * What the provider tells the service about its calls: each outcome (for `network status`), and
 * an account Unipile answered as disconnected (its member's integration status follows).
 */
export interface CallObserver {
  outcome(kind: 'ok' | NetworkErrorKind, message: string | null): void | Promise<void>;
  accountDisconnected(accountId: string, message: string): void | Promise<void>;
}

// The SDK's entry point does not export its webhook types; they are read off its methods.
type WebhookCreateBody = Parameters<UnipileClient['webhook']['create']>[0];

/** What the service reads of a registered webhook. */
export interface RegisteredWebhook {
  id: string;
  name?: string;
  request_url: string;
  headers?: { key: string; value: string }[];
}

const PAGE = 100;
const MAX_PAGES = 50;

/** What a workspace's Unipile provider keeps in the database. */
export interface UnipileStores {
  accounts: AccountDirectory;
  ledger: SendLedger;
  /** Each account's budgets and pacing, shared by every process. */
  budget: AccountBudget;
  relations: DbRelations;
}

export class UnipileNetwork implements NetworkProvider {
  readonly name = 'unipile';
  readonly profileRefreshMs: number;
  // reaction_counter and comment_counter count what the post's reactions and comments list.
  readonly countsTrackEngagement = true;
  private readonly client: UnipileClient;
  private readonly accounts: AccountDirectory;
  private readonly ledger: SendLedger;
  private readonly budget: AccountBudget;
  private readonly relations: DbRelations;
  private readonly tolerance: number;
  private readonly observer: CallObserver | null;

  constructor(
    stores: UnipileStores,
    private readonly clock: Clock,
    options: UnipileOptions,
  ) {
    ({ accounts: this.accounts, ledger: this.ledger, budget: this.budget, relations: this.relations } = stores);
    this.client = new (unipileSdk().UnipileClient)(options.dsn, options.token);
    installTransport(this.client, { baseUrl: options.dsn, token: options.token, timeoutMs: options.timeoutMs, ca: options.ca });
    this.tolerance = options.clockToleranceMs ?? 5 * 60_000;
    this.observer = options.observer ?? null;
    this.profileRefreshMs = this.budget.options.profileRefreshDays * 86_400_000;
  }

  /** One cheap call that proves the DSN, the token and the account: the account's own profile. */
  async checkAccount(accountId: string): Promise<string> {
    const own = await this.call(() => this.client.users.getOwnProfile(accountId), accountId);
    if (!map.isLinkedinOwnProfile(own)) throw new NetworkError('account_restricted', `Unipile account ${accountId} is not a LinkedIn account`);
    return map.ownUrn(own);
  }

  /** A profile look-up: a profile view on the network, spent from the paying account's daily budget. */
  async findProfile(by: { urn: string } | { username: string }, options: LookupOptions = {}): Promise<NetworkProfile> {
    const accountId = options.account ? await this.accountOf(options.account) : await this.lookupAccount();
    return map.toProfile(await this.profile(accountId, 'urn' in by ? map.providerIdOf(by.urn) : by.username, options.purpose ?? 'priority'));
  }

  /**
   * From the account's own lists (relations, sent invitations), which cost no profile view; a
   * profile look-up only for a person they cannot place (relations beyond what the list walk reads).
   */
  async connectionState(account: AccountRef, contactUrn: string): Promise<ConnectionState> {
    const accountId = await this.accountOf(account);
    let complete = await this.refreshRelations(accountId);
    if (await this.relations.knows(accountId, contactUrn)) return 'CONNECTED';
    if ((await this.listPendingInvitations(account)).some((p) => p.contactUrn === contactUrn)) return 'PENDING';
    // Not pending: accepted since the relations were read, or never invited. The list's newest
    // page says which (an acceptance is never taken for a refusal because the copy was minutes old).
    complete = await this.refreshRelations(accountId, true);
    if (await this.relations.knows(accountId, contactUrn)) return 'CONNECTED';
    if (complete) return 'NONE';
    const p = await this.profile(accountId, map.providerIdOf(contactUrn), 'priority');
    if (p.is_relationship || p.network_distance === 'FIRST_DEGREE') return 'CONNECTED';
    return p.invitation?.type === 'SENT' && p.invitation.status === 'PENDING' ? 'PENDING' : 'NONE';
  }

  async connectionStates(workspaceId: string, teamMemberIds: string[], contactUrn: string): Promise<(ConnectionState | null)[]> {
    const states: (ConnectionState | null)[] = [];
    for (const teamMemberId of teamMemberIds) {
      try {
        states.push(await this.connectionState({ workspaceId, teamMemberId }, contactUrn));
      } catch (err) {
        if (err instanceof NetworkError && (err.kind === 'account_disconnected' || err.kind === 'account_restricted')) states.push(null);
        else throw err;
      }
    }
    return states;
  }

  async sendInvitation(account: AccountRef, contactUrn: string, note: string | null, idempotencyKey: string): Promise<SentAction> {
    const accountId = await this.accountOf(account);
    const providerId = map.providerIdOf(contactUrn);
    return this.sendOnce({ key: idempotencyKey, kind: 'invitation', accountId, providerId, text: note }, async () => {
      const sent = await this.client.users.sendInvitation({ account_id: accountId, provider_id: providerId, ...(note ? { message: note } : {}) });
      return sent.invitation_id;
    });
  }

  async sendMessage(account: AccountRef, contactUrn: string, text: string, idempotencyKey: string): Promise<SentAction> {
    const accountId = await this.accountOf(account);
    const providerId = map.providerIdOf(contactUrn);
    return this.sendOnce({ key: idempotencyKey, kind: 'message', accountId, providerId, text }, async () => {
      const chatId = await this.chatWith(accountId, providerId);
      if (chatId) {
        const sent = await this.client.messaging.sendMessage({ chat_id: chatId, text });
        return sent.message_id ?? chatId;
      }
      const started = await this.client.messaging.startNewChat({ account_id: accountId, text, attendees_ids: [providerId] });
      return started.message_id ?? started.chat_id ?? providerId;
    });
  }

  async findReceived(idempotencyKey: string): Promise<SentAction | null> {
    const intent = await this.ledger.find(idempotencyKey);
    if (!intent) return null; // never about to be sent: nothing can have been received
    if (intent.ref) return { ref: intent.ref };
    const ref = await this.call(() => this.lookFor(intent), intent.accountId);
    if (ref) await this.ledger.settle(intent.key, ref);
    return ref ? { ref } : null;
  }

  async listPendingInvitations(account: AccountRef): Promise<PendingInvitation[]> {
    const accountId = await this.accountOf(account);
    const items = await this.all((cursor) => this.client.users.getAllInvitationsSent({ account_id: accountId, limit: PAGE, ...(cursor ? { cursor } : {}) }), accountId);
    return items.map(map.toPendingInvitation).filter((x): x is PendingInvitation => x !== null);
  }

  async withdrawInvitation(account: AccountRef, ref: string): Promise<void> {
    const accountId = await this.accountOf(account);
    await this.budget.claimAct(accountId, 'withdrawal');
    await this.call(() => this.client.users.cancelInvitationSent({ account_id: accountId, invitation_id: ref }), accountId);
  }

  /** Asked each time (one cheap call), so a disconnected account is noticed here too. */
  async findAccountUrn(account: AccountRef): Promise<string> {
    return this.checkAccount(await this.accountOf(account));
  }

  async listMemberPosts(account: AccountRef, since: number): Promise<NetworkPost[]> {
    const accountId = await this.accountOf(account);
    const urn = await this.findAccountUrn(account);
    return this.postsOf(accountId, urn, since);
  }

  async listPostEngagement(account: AccountRef, postId: string): Promise<PostEngagement[]> {
    const accountId = await this.accountOf(account);
    const comments = await this.all((cursor) => this.client.users.getAllPostComments({ account_id: accountId, post_id: postId, limit: PAGE, ...(cursor ? { cursor } : {}) }), accountId);
    // The SDK has no method for a post's reactions: the raw sender, with the SDK's own path rules.
    const reactions = await this.all((cursor) =>
      this.client.request.send<{ items: map.UnipileReaction[]; cursor: string | null }>({
        method: 'GET',
        path: ['posts', postId, 'reactions'],
        parameters: { account_id: accountId, limit: String(PAGE), ...(cursor ? { cursor } : {}) },
        validator: unipileSdk().untypedYetValidator,
      }),
      accountId,
    );
    const now = this.clock.now();
    const events = [
      ...comments.map((c) => map.commentEngagement(postId, c)).filter((e): e is PostEngagement => e !== null),
      ...reactions.filter((r) => typeof r?.author?.id === 'string').map((r) => map.reactionEngagement(postId, r, now)),
    ];
    return events.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
  }

  async listContactPosts(contactUrn: string, since: number): Promise<NetworkPost[]> {
    return this.postsOf(await this.lookupAccount(), contactUrn, since);
  }

  /**
   * Messages contacts wrote to the account after `since`, oldest first: the polling path of reply
   * detection when no webhook reaches the service.
   */
  async listReplies(account: AccountRef, since: number): Promise<{ id: string; contactUrn: string; text: string; at: number }[]> {
    const accountId = await this.accountOf(account);
    const chats = await this.all((cursor) => this.client.messaging.getAllChats({ account_id: accountId, after: new Date(since).toISOString(), limit: PAGE, ...(cursor ? { cursor } : {}) }), accountId);
    const replies: { id: string; contactUrn: string; text: string; at: number }[] = [];
    for (const chat of chats) {
      if (!chat.attendee_provider_id) continue; // a group chat: not a reply to outreach
      const messages = await this.all((cursor) => this.client.messaging.getAllMessagesFromChat({ chat_id: chat.id, after: new Date(since).toISOString(), limit: PAGE, ...(cursor ? { cursor } : {}) }), accountId);
      for (const m of messages) {
        const at = Date.parse(m.timestamp);
        if (m.is_sender === 0 && at > since) replies.push({ id: m.id, contactUrn: map.urnOf(chat.attendee_provider_id), text: m.text ?? '', at });
      }
    }
    return replies.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
  }

  // ---- webhooks (hooks/hooks.registration.ts registers them; the worker applies deliveries) ----

  /** The team member of this workspace a Unipile account acts for, or null. */
  memberOfAccount(accountId: string): Promise<string | null> {
    return this.accounts.memberOf(accountId);
  }

  /**
   * The webhooks registered at Unipile. Read with the raw sender: the SDK's list schema knows
   * only messaging and email events, so a users/new_relation webhook would fail its check.
   */
  async listWebhooks(): Promise<RegisteredWebhook[]> {
    return this.all((cursor) =>
      this.client.request.send<{ items: RegisteredWebhook[]; cursor: string | null }>({
        method: 'GET',
        path: ['webhooks'],
        parameters: { limit: String(PAGE), ...(cursor ? { cursor } : {}) },
        validator: unipileSdk().untypedYetValidator,
      }),
    );
  }

  /**
   * `source: 'users'` (new relations) is in Unipile's API reference but not yet in the SDK's body
   * type, which lists messaging, account_status and the email sources only: hence the wider input.
   */
  async createWebhook(input: WebhookCreateBody | (Omit<Extract<WebhookCreateBody, { source: 'account_status' }>, 'source'> & { source: 'users'; events: ['new_relation'] })): Promise<string> {
    const created = await this.call(() => this.client.webhook.create(input as WebhookCreateBody));
    return created.webhook_id;
  }

  async deleteWebhook(id: string): Promise<void> {
    await this.call(() => this.client.webhook.delete(id));
  }

  // ---- NetworkProvider's optional capabilities: the calls above, as the service holds them ----

  /** The members' own Unipile accounts (the inbox and `member link`). */
  get memberAccounts(): NonNullable<NetworkProvider['memberAccounts']> {
    return { check: (accountId) => this.checkAccount(accountId), memberOf: (accountId) => this.memberOfAccount(accountId) };
  }

  /** The workspace's webhooks at Unipile (inbound/hooks.registration.ts). */
  get webhooks(): NonNullable<NetworkProvider['webhooks']> {
    return { list: () => this.listWebhooks(), create: (spec) => this.createWebhook(spec as WebhookCreateBody), delete: (id) => this.deleteWebhook(id) };
  }

  // ---- helpers ----------------------------------------------------------------------------

  private async sendOnce(intent: Omit<SendIntent, 'at' | 'ref'>, send: () => Promise<string>): Promise<SentAction> {
    const known = await this.ledger.find(intent.key);
    if (known?.ref) return { ref: known.ref };
    if (known) {
      // An earlier attempt's outcome is unknown: look at Unipile before sending again.
      const found = await this.call(() => this.lookFor(known), intent.accountId);
      if (found) {
        await this.ledger.settle(intent.key, found);
        return { ref: found };
      }
    }
    await this.budget.claimAct(intent.accountId, intent.kind);
    if (!known) await this.ledger.record({ ...intent, at: this.clock.now(), ref: null });
    const ref = await this.call(send, intent.accountId);
    await this.ledger.settle(intent.key, ref);
    return { ref };
  }

  /** Unipile's reference of what the intent sent, if Unipile has it. */
  private async lookFor(intent: SendIntent): Promise<string | null> {
    const since = intent.at - this.tolerance;
    if (intent.kind === 'invitation') {
      const sent = await this.all((cursor) => this.client.users.getAllInvitationsSent({ account_id: intent.accountId, limit: PAGE, ...(cursor ? { cursor } : {}) }), intent.accountId);
      const pending = sent.find((i) => i.invited_user_id === intent.providerId);
      if (pending) return pending.id;
      // accepted since: the invitation left the sent list and became a relation
      const relations = await this.all((cursor) => this.client.users.getAllRelations({ account_id: intent.accountId, limit: PAGE, ...(cursor ? { cursor } : {}) }), intent.accountId);
      const related = relations.find((r) => r.member_id === intent.providerId && r.created_at >= since);
      return related ? `relation:${related.connection_urn}` : null;
    }
    const chatId = await this.chatWith(intent.accountId, intent.providerId);
    if (!chatId) return null;
    const messages = await this.all((cursor) => this.client.messaging.getAllMessagesFromChat({ chat_id: chatId, limit: PAGE, ...(cursor ? { cursor } : {}) }), intent.accountId);
    const mine = messages.find((m) => m.is_sender === 1 && m.text === intent.text && Date.parse(m.timestamp) >= since);
    return mine ? mine.id : null;
  }

  private async chatWith(accountId: string, providerId: string): Promise<string | null> {
    const chats = await this.all((cursor) => this.client.messaging.getAllChats({ account_id: accountId, limit: PAGE, ...(cursor ? { cursor } : {}) }), accountId);
    return chats.find((c) => c.attendee_provider_id === providerId)?.id ?? null;
  }

  private async postsOf(accountId: string, authorUrn: string, since: number): Promise<NetworkPost[]> {
    const posts: NetworkPost[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.call(() => this.client.users.getAllPosts({ account_id: accountId, identifier: map.providerIdOf(authorUrn), limit: PAGE, ...(cursor ? { cursor } : {}) }), accountId);
      const fresh = answer.items.map((p) => map.toPost(p, authorUrn)).filter((p) => p.publishedAt >= since);
      posts.push(...fresh);
      // newest first: a page reaching past `since` is the last one needed
      if (fresh.length < answer.items.length || !answer.cursor) break;
      cursor = answer.cursor;
    }
    return posts.sort((a, b) => a.publishedAt - b.publishedAt);
  }

  /**
   * Reads the account's relations list, newest first, down to the first relation already stored
   * (all of it the first time), unless it was read within RELATIONS_FRESH_MS. Returns whether the
   * stored relations are the whole list (false only when a first walk stopped at MAX_PAGES).
   */
  private async refreshRelations(accountId: string, force = false): Promise<boolean> {
    const now = this.clock.now();
    const synced = await this.relations.syncedAt(accountId);
    if (synced !== null && !force && now - synced < RELATIONS_FRESH_MS) return true;
    const read: { contactUrn: string; at: number }[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.call(() => this.client.users.getAllRelations({ account_id: accountId, limit: PAGE, ...(cursor ? { cursor } : {}) }), accountId);
      const relations = answer.items.map(map.toRelation);
      read.push(...relations);
      const reachedKnown = synced !== null && relations.length > 0 && (await this.relations.knows(accountId, relations[relations.length - 1]!.contactUrn));
      if (reachedKnown || typeof answer.cursor !== 'string' || !answer.cursor) {
        await this.relations.store(accountId, read, true, now);
        return true;
      }
      cursor = answer.cursor;
    }
    await this.relations.store(accountId, read, synced !== null, now);
    return synced !== null;
  }

  private async profile(accountId: string, identifier: string, purpose: Purpose) {
    await this.budget.claimLookup(accountId, purpose);
    const p = await this.call(() => this.client.users.getProfile({ account_id: accountId, identifier }), accountId);
    if (!map.isLinkedinProfile(p)) throw new NetworkError('not_found', `${identifier} is not a LinkedIn profile`);
    return p;
  }

  /** Every item of a cursor-paged list (bounded, so a looping cursor cannot hang a worker). */
  private async all<T>(page: (cursor: string | null) => Promise<{ items: T[]; cursor?: unknown }>, accountId: string | null = null): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < MAX_PAGES; i++) {
      const answer = await this.call(() => page(cursor), accountId);
      items.push(...answer.items);
      if (typeof answer.cursor !== 'string' || !answer.cursor) break;
      cursor = answer.cursor;
    }
    return items;
  }

  /** One call (or a few made as one), translated by the error table and told to the observer. */
  private async call<T>(fn: () => Promise<T>, accountId: string | null = null): Promise<T> {
    if (accountId) await this.budget.checkNotBlocked(accountId);
    try {
      const answer = await fn();
      await this.observer?.outcome('ok', null);
      return answer;
    } catch (err) {
      // already translated and told: a call made inside another (reconciliation, a send's chat look-up)
      if (err instanceof NetworkError) throw err;
      const failure = toNetworkError(err);
      // Unipile's own 429: the account is left alone as long as it said (nothing refills early).
      if (failure.kind === 'transient' && failure.retryAfterMs !== null && accountId) await this.budget.honourRetryAfter(accountId, failure.retryAfterMs);
      await this.observer?.outcome(failure.kind, failure.message);
      if (failure.kind === 'account_disconnected' && accountId) await this.observer?.accountDisconnected(accountId, failure.message);
      throw failure;
    }
  }

  private async accountOf(account: AccountRef): Promise<string> {
    const id = await this.accounts.accountIdOf(account);
    if (!id) throw new NetworkError('account_disconnected', `team member ${account.teamMemberId} has no linked Unipile account`);
    return id;
  }

  private async lookupAccount(): Promise<string> {
    const id = await this.accounts.lookupAccountId();
    if (!id) throw new NetworkError('account_disconnected', 'no team member of this workspace has a linked Unipile account');
    return id;
  }
}
