// The fake Unipile's webhooks: listing and deleting registrations (besides creating them, which
// the base fake records), and deliveries POSTed to the service as Unipile sends them: to each
// registered webhook of the event's source, with the headers it was registered with and no
// others (Unipile adds no content type to a webhook created through the API), a JSON body in
// Unipile's v1 shapes. The SDK has no schema for deliveries; the registrations it has are checked
// with its validators (a users/new_relation webhook, missing from the SDK's types, by hand).
import https from 'node:https';
import type { FakeAccount, FakePerson } from './fake-unipile.js';
import { FakeUnipile } from './fake-unipile.js';
import { assertShape, validators } from './sdk-validators.js';

export type HookSource = 'users' | 'messaging' | 'account_status';

export interface Delivery {
  url: string;
  source: HookSource;
  body: unknown;
  status: number;
  answer: string;
}

type Message = ReturnType<FakeUnipile['reply']>;

export class FakeUnipileHooks extends FakeUnipile {
  /** Every delivery made, with the service's answer. */
  readonly deliveries: Delivery[] = [];

  protected override route(method: string, url: URL, body: Record<string, unknown>, account: FakeAccount | undefined) {
    const path = url.pathname.replace(/^\/api\/v1\//, '');
    if (method === 'POST' && path === 'webhooks') this.checkRegistration(body);
    if (method === 'GET' && path === 'webhooks') return { shape: 'webhookList' as const, body: { object: 'WebhookList', items: this.webhooks.map((w) => this.listed(w)), cursor: null } };
    const deleted = method === 'DELETE' && /^webhooks\/([^/]+)$/.exec(path);
    if (deleted) {
      const at = this.webhooks.findIndex((w) => w.id === decodeURIComponent(deleted[1]!));
      if (at < 0) return null;
      this.webhooks.splice(at, 1);
      return { shape: 'webhookDeleted' as const, body: { object: 'WebhookDeleted' } };
    }
    return super.route(method, url, body, account);
  }

  /** Registered webhooks of a source. */
  registered(source: HookSource) {
    return this.webhooks.filter((w) => w.body.source === source);
  }

  /** The contact accepted: Unipile's new_relation delivery. */
  deliverNewRelation(accountId: string, person: FakePerson): Promise<Delivery[]> {
    return this.deliver('users', this.newRelationBody(accountId, person));
  }

  newRelationBody(accountId: string, person: FakePerson) {
    return {
      event: 'new_relation', account_id: accountId, account_type: 'LINKEDIN', webhook_name: 'warmline-new_relation',
      user_full_name: `${person.firstName} ${person.lastName}`, user_provider_id: person.providerId, user_public_identifier: person.publicId,
      user_profile_url: `https://www.linkedin.com/in/${person.publicId}`, user_picture_url: null,
    };
  }

  /** A message in one of the account's chats (the contact's or the account's own). */
  deliverMessage(message: Message): Promise<Delivery[]> {
    return this.deliver('messaging', this.messageBody(message));
  }

  messageBody(m: Message) {
    const chat = this.chats.find((c) => c.id === m.chatId)!;
    const owner = this.accounts.get(chat.accountId)!.owner;
    const attendee = (p: FakePerson) => ({ attendee_id: `att_${p.providerId}`, attendee_name: `${p.firstName} ${p.lastName}`, attendee_provider_id: p.providerId, attendee_profile_url: `https://www.linkedin.com/in/${p.publicId}` });
    return {
      account_id: chat.accountId, account_type: 'LINKEDIN', account_info: { type: 'LINKEDIN', feature: 'classic', user_id: owner.providerId },
      event: 'message_received', chat_id: chat.id, timestamp: new Date(m.at).toISOString(), webhook_name: 'warmline-message_received',
      message_id: m.id, message: m.text, sender: attendee(this.people.get(m.senderId)!), attendees: [attendee(this.people.get(chat.attendee)!)],
      attachments: [], reaction: '', reaction_sender: null,
    };
  }

  /** The account's status at Unipile changed (OK, CREDENTIALS, ERROR, …); the account follows it. */
  deliverAccountStatus(accountId: string, message: string): Promise<Delivery[]> {
    const account = this.accounts.get(accountId);
    if (account) account.status = message === 'OK' || message === 'RECONNECTED' ? 'OK' : 'DISCONNECTED';
    return this.deliver('account_status', this.accountStatusBody(accountId, message));
  }

  accountStatusBody(accountId: string, message: string) {
    return { AccountStatus: { account_id: accountId, account_type: 'LINKEDIN', message } };
  }

  /** POSTs `body` to every webhook registered for `source`, as Unipile would; returns each answer. */
  async deliver(source: HookSource, body: unknown): Promise<Delivery[]> {
    const out: Delivery[] = [];
    for (const hook of this.registered(source)) {
      const headers = Object.fromEntries(((hook.body.headers ?? []) as { key: string; value: string }[]).map((h) => [h.key, h.value]));
      const url = String(hook.body.request_url);
      const { status, answer } = await post(url, headers, JSON.stringify(body));
      const delivery = { url, source, body, status, answer };
      this.deliveries.push(delivery);
      out.push(delivery);
    }
    return out;
  }

  private checkRegistration(body: Record<string, unknown>): void {
    if (body.source === 'users') {
      // Unipile's reference: source "users", events ["new_relation"]; the SDK's types lack it.
      if (JSON.stringify(body.events) !== '["new_relation"]' || typeof body.request_url !== 'string') throw new Error(`fake Unipile: bad users webhook ${JSON.stringify(body)}`);
      return;
    }
    if (!validators.webhookCreateBody.Check(body)) throw new Error(`fake Unipile: webhook body the SDK's types refuse: ${JSON.stringify(body)}`);
  }

  private listed(w: { id: string; body: Record<string, unknown> }) {
    const b = w.body;
    const item = {
      object: 'Webhook', type: 'AUTO', id: w.id, ...(typeof b.name === 'string' ? { name: b.name } : {}), data: [], format: b.format ?? 'json',
      account_ids: ((b.account_ids ?? []) as string[]).map((id) => ({ id, type: 'LINKEDIN' })), enabled: b.enabled ?? true,
      request_url: b.request_url, headers: b.headers ?? [],
      // the SDK's list schema knows messaging and email events only: a users webhook is listed without them
      ...(b.source === 'messaging' && Array.isArray(b.events) ? { events: b.events } : {}),
    };
    assertShape('webhookList', { object: 'WebhookList', items: [item], cursor: null });
    return item;
  }
}

/** The test server's certificate is self-signed (Unipile would check a real one). */
function post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, rejectUnauthorized: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, answer: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function startFakeUnipileHooks(): Promise<FakeUnipileHooks> {
  return new FakeUnipileHooks().start();
}
