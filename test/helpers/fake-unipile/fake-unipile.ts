// A local stand-in for Unipile's v1 API (HTTPS on 127.0.0.1, a free port, X-API-KEY auth) with
// state: accounts, people, relations, invitations, chats and messages, posts, comments and
// reactions. Every answer is checked against the SDK's own validators before it is sent. Tests
// steer the world (a contact accepts, replies, reacts) and inject failures (401, 403, 429 with
// Retry-After, 500, a call that hangs, or one that acts and then loses its answer).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { closeLocalHttps, startLocalHttps } from '../local-https.js';
import { accountsRoute } from './fake-unipile-accounts.js';
import { assertShape, type ValidatorName } from './sdk-validators.js';

export interface FakePerson {
  providerId: string;
  publicId: string;
  firstName: string;
  lastName: string;
  headline: string;
}

export interface FakeAccount {
  id: string;
  owner: FakePerson;
  /** DISCONNECTED answers every call for it with 401 errors/disconnected_account. */
  status: 'OK' | 'DISCONNECTED';
}

interface Invitation { id: string; accountId: string; to: string; note: string | null; at: number; acceptedAt: number | null; withdrawnAt: number | null }
interface Chat { id: string; accountId: string; attendee: string }
interface Message { id: string; chatId: string; senderId: string; text: string; at: number; fromAccount: boolean }
interface Post { id: string; socialId: string; authorPublicId: string; text: string; at: number }
interface Comment { id: string; postId: string; authorProviderId: string; text: string; at: number }
interface Reaction { postId: string; authorProviderId: string; value: string }

export type Failure =
  | { status: 401 | 403 | 422 | 500; type: string }
  | { status: 429; retryAfterSeconds: number }
  | { hang: true }
  /** The call acts, then the answer is lost (a reset): the client cannot tell whether it acted. */
  | { actThenReset: true };

interface Rule { match: RegExp; failure: Failure; times: number }

export class FakeUnipile {
  readonly token: string;
  url = '';
  ca = '';
  private server: Server | null = null;
  private seq = 0;
  readonly accounts = new Map<string, FakeAccount>();
  readonly people = new Map<string, FakePerson>();
  readonly relations: { accountId: string; providerId: string; at: number }[] = [];
  readonly invitations: Invitation[] = [];
  readonly chats: Chat[] = [];
  readonly messages: Message[] = [];
  readonly posts: Post[] = [];
  readonly comments: Comment[] = [];
  readonly reactions: Reaction[] = [];
  readonly webhooks: { id: string; body: Record<string, unknown> }[] = [];
  /** Answers the fake would have sent that the SDK's validators refuse: must stay empty. */
  readonly drift: string[] = [];
  /** Every request as "METHOD /path", for tests that count calls. */
  readonly calls: string[] = [];
  /** Every authenticated request with the account it named and the fake's time: what each account was charged. */
  readonly charged: { call: string; accountId: string | null; at: number }[] = [];
  private rules: Rule[] = [];
  private hanging: ServerResponse[] = [];
  now = Date.parse('2025-06-02T09:00:00Z');
  /** Lever: the fake's time follows this clock (a test's accelerated one) instead of only counting up. */
  clock: (() => number) | null = null;
  /** Lever: an acting call (POST, DELETE) acts at once and answers this much later (crash tests kill in between). */
  answerDelayMs = 0;

  constructor(token = 'fake-unipile-token') {
    this.token = token;
  }

  async start(): Promise<this> {
    ({ server: this.server, url: this.url, ca: this.ca } = await startLocalHttps((req, res) => void this.handle(req, res)));
    return this;
  }

  async close(): Promise<void> {
    await closeLocalHttps(this.server, this.hanging);
  }

  // ---- world ----------------------------------------------------------------------------

  private id(prefix: string): string {
    return `${prefix}${String(++this.seq).padStart(6, '0')}`;
  }

  addPerson(first: string, last: string, headline = 'Head of Sales'): FakePerson {
    const person: FakePerson = { providerId: this.id('ACoAA'), publicId: `${first}-${last}`.toLowerCase(), firstName: first, lastName: last, headline };
    this.people.set(person.providerId, person);
    return person;
  }

  addAccount(first: string, last: string): FakeAccount {
    const account: FakeAccount = { id: this.id('acc_'), owner: this.addPerson(first, last, 'Account Executive'), status: 'OK' };
    this.accounts.set(account.id, account);
    return account;
  }

  /** Profile views (GET users/{id}: not the account's own, its relations or its invitations) each account made, by UTC day. */
  profileViewsByDay(): Map<string, number> {
    return this.chargedByDay((call) => /^GET \/api\/v1\/users\/(?!me$|relations$|invite\/)[^/]+$/.test(call));
  }

  /** The calls each account was charged (those `which` selects; every one by default), keyed "<account> <UTC day>". */
  chargedByDay(which: (call: string) => boolean = () => true): Map<string, number> {
    const days = new Map<string, number>();
    for (const c of this.charged) {
      if (!c.accountId || !which(c.call)) continue;
      const key = `${c.accountId} ${new Date(c.at).toISOString().slice(0, 10)}`;
      days.set(key, (days.get(key) ?? 0) + 1);
    }
    return days;
  }

  /** Invitations still waiting for an answer (the others stay in `invitations` as history). */
  pending(): Invitation[] {
    return this.invitations.filter((i) => i.acceptedAt === null && i.withdrawnAt === null);
  }

  /** The contact accepts the account's pending invitation: it becomes a relation. */
  accept(accountId: string, providerId: string): void {
    const invitation = this.pending().find((x) => x.accountId === accountId && x.to === providerId);
    if (!invitation) throw new Error(`no pending invitation from ${accountId} to ${providerId}`);
    invitation.acceptedAt = ++this.now;
    this.relations.push({ accountId, providerId, at: this.now });
  }

  connect(accountId: string, providerId: string): void {
    this.relations.push({ accountId, providerId, at: this.now });
  }

  /** The contact writes into their chat with the account (opening one if none). */
  reply(accountId: string, providerId: string, text: string): Message {
    const chat = this.chatWith(accountId, providerId) ?? this.openChat(accountId, providerId);
    const message = { id: this.id('msg_'), chatId: chat.id, senderId: providerId, text, at: ++this.now, fromAccount: false };
    this.messages.push(message);
    return message;
  }

  addPost(author: FakePerson, text: string, at = this.now): Post {
    const post = { id: this.id('7'), socialId: '', authorPublicId: author.publicId, text, at };
    post.socialId = `urn:li:activity:${post.id}`;
    this.posts.push(post);
    return post;
  }

  comment(post: Post, author: FakePerson, text: string): void {
    this.comments.push({ id: this.id('c'), postId: post.id, authorProviderId: author.providerId, text, at: ++this.now });
  }

  react(post: Post, author: FakePerson, value = 'LIKE'): void {
    this.reactions.push({ postId: post.id, authorProviderId: author.providerId, value });
  }

  /** The next `times` calls whose "METHOD /path" matches fail this way. */
  fail(match: RegExp, failure: Failure, times = 1): void {
    this.rules.push({ match, failure, times });
  }

  /** Lever: forgets every failure still waiting to be injected. */
  clearFailures(): void {
    this.rules = [];
  }

  messagesTo(accountId: string, providerId: string): Message[] {
    const chat = this.chatWith(accountId, providerId);
    return chat ? this.messages.filter((m) => m.chatId === chat.id && m.fromAccount) : [];
  }

  private chatWith(accountId: string, providerId: string): Chat | undefined {
    return this.chats.find((c) => c.accountId === accountId && c.attendee === providerId);
  }

  private openChat(accountId: string, providerId: string): Chat {
    const chat = { id: this.id('chat_'), accountId, attendee: providerId };
    this.chats.push(chat);
    return chat;
  }

  // ---- HTTP -----------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const call = `${req.method} ${url.pathname}`;
    this.calls.push(call);
    if (this.clock) this.now = Math.max(this.now, this.clock());
    if (req.headers['x-api-key'] !== this.token) return this.error(res, 401, 'errors/invalid_credentials');
    const rule = this.rules.find((r) => r.times > 0 && r.match.test(call));
    if (rule) {
      rule.times--;
      const f = rule.failure;
      if ('hang' in f) return void this.hanging.push(res);
      if ('retryAfterSeconds' in f) return this.error(res, 429, 'errors/too_many_requests', { 'retry-after': String(f.retryAfterSeconds) });
      if (!('actThenReset' in f)) return this.error(res, f.status, f.type);
    }
    const body = await this.readBody(req, raw);
    const accountId = url.searchParams.get('account_id') ?? (body.account_id as string | undefined) ?? this.chats.find((c) => url.pathname.startsWith(`/api/v1/chats/${c.id}`))?.accountId;
    const account = accountId ? this.accounts.get(accountId) : undefined;
    this.charged.push({ call, accountId: accountId ?? null, at: this.now });
    if (accountId && !account) return this.error(res, 404, 'errors/resource_not_found');
    if (account?.status === 'DISCONNECTED') return this.error(res, 401, 'errors/disconnected_account');
    try {
      const answer = this.route(req.method ?? 'GET', url, body, account);
      if (!answer) return this.error(res, 404, 'errors/resource_not_found');
      if ('status' in answer) return this.error(res, answer.status, answer.type);
      if (rule && 'actThenReset' in rule.failure) return void res.destroy();
      if (answer.shape) assertShape(answer.shape, answer.body);
      if (this.answerDelayMs > 0 && req.method !== 'GET') await new Promise((r) => setTimeout(r, this.answerDelayMs));
      this.send(res, 200, answer.body);
    } catch (err) {
      this.drift.push(String(err));
      this.send(res, 500, { object: 'Error', status: 500, type: 'errors/fake_bug', title: String(err) });
    }
  }

  private async readBody(req: IncomingMessage, raw: Buffer): Promise<Record<string, unknown>> {
    const type = req.headers['content-type'] ?? '';
    if (raw.length === 0) return {};
    if (type.includes('application/json')) return JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    if (type.includes('multipart/form-data')) {
      const form = await new Request('https://fake.local/', { method: 'POST', headers: { 'content-type': type }, body: raw }).formData();
      const out: Record<string, unknown> = {};
      for (const [k, v] of form.entries()) out[k] = typeof v === 'string' ? v : '';
      return out;
    }
    return {};
  }

  protected route(method: string, url: URL, body: Record<string, unknown>, account: FakeAccount | undefined): { shape: ValidatorName | null; body: unknown } | { status: number; type: string } | null {
    const p = url.pathname.replace(/^\/api\/v1\//, '').split('/').map(decodeURIComponent);
    const key = `${method} ${p.map((s, i) => (i > 0 && !['invite', 'sent', 'relations', 'me', 'posts', 'comments', 'reactions', 'messages'].includes(s) ? ':' : s)).join('/')}`;
    const acc = account!;
    switch (key) {
      case 'GET users/me':
        return { shape: 'ownProfile', body: this.ownProfile(acc) };
      case 'GET users/relations':
        return { shape: 'relations', body: this.page(url, this.relations.filter((r) => r.accountId === acc.id).reverse().map((r) => this.relation(r))) };
      case 'POST users/invite': {
        const to = String(body.provider_id);
        if (!this.people.has(to)) return { status: 404, type: 'errors/resource_not_found' };
        if (this.pending().some((i) => i.accountId === acc.id && i.to === to)) return { status: 422, type: 'errors/cannot_resend_yet' };
        if (this.relations.some((r) => r.accountId === acc.id && r.providerId === to)) return { status: 422, type: 'errors/already_connected' };
        const inv = { id: this.id('inv_'), accountId: acc.id, to, note: (body.message as string | undefined) ?? null, at: ++this.now, acceptedAt: null, withdrawnAt: null };
        this.invitations.push(inv);
        return { shape: 'invite', body: { object: 'UserInvitationSent', invitation_id: inv.id } };
      }
      case 'GET users/invite/sent':
        return { shape: 'invitationsSent', body: this.page(url, this.pending().filter((i) => i.accountId === acc.id).reverse().map((i) => this.invitation(i))) };
      case 'DELETE users/invite/sent/:': {
        const invitation = this.pending().find((x) => x.id === p[3] && x.accountId === acc.id);
        if (!invitation) return null;
        invitation.withdrawnAt = ++this.now;
        return { shape: 'invitationCanceled', body: { object: 'InvitationCanceled' } };
      }
      case 'GET users/:': {
        const person = [...this.people.values()].find((x) => x.providerId === p[1] || x.publicId === p[1]);
        return person ? { shape: 'profile', body: this.profile(acc, person) } : null;
      }
      case 'GET users/:/posts': {
        const person = [...this.people.values()].find((x) => x.providerId === p[1] || x.publicId === p[1]);
        if (!person) return null;
        const items = this.posts.filter((x) => x.authorPublicId === person.publicId).sort((a, b) => b.at - a.at).map((x) => this.post(x, person));
        return { shape: 'posts', body: this.page(url, items) };
      }
      case 'GET posts/:/comments': {
        const items = this.comments.filter((c) => this.postIdOf(p[1]!) === c.postId).map((c) => this.commentItem(c));
        return { shape: 'comments', body: { ...this.page(url, items), total_items: items.length } };
      }
      case 'GET posts/:/reactions':
        // No SDK method (nor validator) exists for this one; the shape follows Unipile's reference.
        return { shape: null, body: this.page(url, this.reactions.filter((r) => this.postIdOf(p[1]!) === r.postId).map((r) => this.reactionItem(r))) };
      case 'GET chats': {
        // `after`: chats with a message after that time
        const after = url.searchParams.get('after');
        const active = (c: Chat) => !after || this.messages.some((m) => m.chatId === c.id && m.at > Date.parse(after));
        return { shape: 'chats', body: this.page(url, this.chats.filter((c) => c.accountId === acc.id && active(c)).map((c) => this.chatItem(c))) };
      }
      case 'POST chats': {
        const to = String(body.attendees_ids);
        if (!this.people.has(to)) return { status: 404, type: 'errors/resource_not_found' };
        const chat = this.chatWith(acc.id, to) ?? this.openChat(acc.id, to);
        const m = this.write(chat, String(body.text));
        return { shape: 'chatStarted', body: { object: 'ChatStarted', chat_id: chat.id, message_id: m.id } };
      }
      case 'GET chats/:/messages': {
        const after = url.searchParams.get('after');
        const items = this.messages.filter((m) => m.chatId === p[1] && (!after || m.at > Date.parse(after))).sort((a, b) => b.at - a.at).map((m) => this.messageItem(m));
        return { shape: 'messages', body: this.page(url, items) };
      }
      case 'POST chats/:/messages': {
        const chat = this.chats.find((c) => c.id === p[1]);
        if (!chat) return null;
        return { shape: 'messageSent', body: { object: 'MessageSent', message_id: this.write(chat, String(body.text)).id } };
      }
      case 'POST webhooks': {
        const hook = { id: this.id('wh_'), body };
        this.webhooks.push(hook);
        return { shape: 'webhookCreated', body: { object: 'WebhookCreated', webhook_id: hook.id } };
      }
    }
    return accountsRoute(key, url, this.accounts);
  }

  /** Unipile's post endpoints take the post's id or its social id. */
  private postIdOf(idOrSocialId: string): string | undefined {
    return this.posts.find((x) => x.id === idOrSocialId || x.socialId === idOrSocialId)?.id;
  }

  private write(chat: Chat, text: string): Message {
    const m = { id: this.id('msg_'), chatId: chat.id, senderId: this.accounts.get(chat.accountId)!.owner.providerId, text, at: ++this.now, fromAccount: true };
    this.messages.push(m);
    return m;
  }

  /** Offset paging with an opaque cursor, as Unipile's lists do. */
  private page<T>(url: URL, items: T[]): { object: string; items: T[]; cursor: string | null } {
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const start = url.searchParams.get('cursor') ? Number(Buffer.from(url.searchParams.get('cursor')!, 'base64url').toString()) : 0;
    const next = start + limit < items.length ? Buffer.from(String(start + limit)).toString('base64url') : null;
    const object = { '/users/relations': 'UserRelationsList', '/users/invite/sent': 'InvitationList', '/chats': 'ChatList' }[url.pathname.replace('/api/v1', '')]
      ?? (url.pathname.endsWith('/posts') ? 'PostList' : url.pathname.endsWith('/comments') ? 'CommentList' : url.pathname.endsWith('/messages') ? 'MessageList' : 'ReactionList');
    return { object, items: items.slice(start, start + limit), cursor: next };
  }

  private iso(ms: number): string {
    return new Date(ms).toISOString();
  }

  private ownProfile(acc: FakeAccount) {
    const o = acc.owner;
    return {
      object: 'AccountOwnerProfile', provider: 'LINKEDIN', provider_id: o.providerId, entity_urn: `urn:li:fsd_profile:${o.providerId}`,
      object_urn: `urn:li:member:${o.providerId}`, first_name: o.firstName, last_name: o.lastName, profile_picture_url: null,
      public_identifier: o.publicId, headline: o.headline, email: `${o.publicId}@example.com`, premium: false, open_profile: false,
      recruiter: null, sales_navigator: null,
    };
  }

  private profile(acc: FakeAccount, person: FakePerson) {
    const related = this.relations.some((r) => r.accountId === acc.id && r.providerId === person.providerId);
    const invited = this.pending().some((i) => i.accountId === acc.id && i.to === person.providerId);
    return {
      object: 'UserProfile', provider: 'LINKEDIN', provider_id: person.providerId, public_identifier: person.publicId,
      first_name: person.firstName, last_name: person.lastName, headline: person.headline, websites: [], location: 'Paris, France',
      follower_count: 500, connections_count: 400, is_relationship: related, ...(invited ? { invitation: { type: 'SENT', status: 'PENDING' } } : {}),
      network_distance: related ? 'FIRST_DEGREE' : 'SECOND_DEGREE', public_profile_url: `https://www.linkedin.com/in/${person.publicId}`,
      work_experience: [{ position: person.headline, company: 'Acme Corp', start: null, end: null, current: true }],
    };
  }

  private relation(r: { providerId: string; at: number }) {
    const person = this.people.get(r.providerId)!;
    return {
      object: 'UserRelation', first_name: person.firstName, last_name: person.lastName, headline: person.headline,
      public_identifier: person.publicId, public_profile_url: `https://www.linkedin.com/in/${person.publicId}`, created_at: r.at,
      member_id: person.providerId, member_urn: `urn:li:member:${person.providerId}`, connection_urn: `urn:li:fsd_connection:${person.providerId}`,
    };
  }

  private invitation(i: Invitation) {
    const person = this.people.get(i.to)!;
    return {
      object: 'InvitationSent', id: i.id, invited_user: `${person.firstName} ${person.lastName}`, invited_user_id: person.providerId,
      invited_user_public_id: person.publicId, invited_user_description: person.headline, date: 'Sent today', parsed_datetime: this.iso(i.at),
      invitation_text: i.note,
    };
  }

  private post(x: Post, author: FakePerson) {
    return {
      object: 'Post', provider: 'LINKEDIN', id: x.id, social_id: x.socialId, share_url: `https://www.linkedin.com/feed/update/${x.socialId}`,
      text: x.text, date: '1d', parsed_datetime: this.iso(x.at),
      reaction_counter: this.reactions.filter((r) => r.postId === x.id).length, comment_counter: this.comments.filter((c) => c.postId === x.id).length,
      repost_counter: 0, impressions_counter: 0, author: { public_identifier: author.publicId, name: `${author.firstName} ${author.lastName}`, is_company: false },
      permissions: { can_react: true, can_share: true, can_post_comments: true }, is_repost: false, attachments: [],
    };
  }

  private commentItem(c: Comment) {
    const person = this.people.get(c.authorProviderId)!;
    return {
      object: 'Comment', id: c.id, author: `${person.firstName} ${person.lastName}`, date: this.iso(c.at), text: c.text,
      author_details: { id: person.providerId, headline: person.headline, profile_url: `https://www.linkedin.com/in/${person.publicId}`, network_distance: 'SECOND_DEGREE' },
      reaction_counter: 0, reply_counter: 0,
    };
  }

  private reactionItem(r: Reaction) {
    const person = this.people.get(r.authorProviderId)!;
    return {
      object: 'PostReaction', value: r.value,
      author: { id: person.providerId, name: `${person.firstName} ${person.lastName}`, headline: person.headline, profile_url: `https://www.linkedin.com/in/${person.publicId}`, network_distance: 'SECOND_DEGREE', is_company: false },
    };
  }

  private chatItem(c: Chat) {
    return {
      object: 'Chat', id: c.id, account_id: c.accountId, account_type: 'LINKEDIN', provider_id: `2-${c.id}`, attendee_provider_id: c.attendee,
      name: null, type: 0, timestamp: null, unread_count: 0, archived: 0, muted_until: null, read_only: 0,
    };
  }

  private messageItem(m: Message) {
    const chat = this.chats.find((c) => c.id === m.chatId)!;
    return {
      object: 'Message', id: m.id, provider_id: `2-${m.id}`, sender_id: m.senderId, sender_attendee_id: `att_${m.senderId}`, text: m.text, attachments: [], account_id: chat.accountId,
      chat_id: chat.id, chat_provider_id: `2-${chat.id}`, timestamp: this.iso(m.at), is_sender: m.fromAccount ? 1 : 0, reactions: [], seen: 0,
      seen_by: {}, hidden: 0, deleted: 0, edited: 0, is_event: 0, delivered: 1, behavior: null, original: '{}',
    };
  }

  private error(res: ServerResponse, status: number, type: string, headers: Record<string, string> = {}): void {
    this.send(res, status, { object: 'Error', status, type, title: type.replace('errors/', '').replaceAll('_', ' ') }, headers);
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }
}

export async function startFakeUnipile(): Promise<FakeUnipile> {
  return new FakeUnipile().start();
}
