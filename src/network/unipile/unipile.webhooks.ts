// What Unipile's webhooks deliver, reduced to the events the service acts on, each with the key
// that makes a second delivery of it a no-op. Unipile retries a delivery that was not answered
// 200 within 30 s, so the same event can arrive more than once and out of order; the endpoint
// checks the workspace's secret, stores the event under its key and answers at once, and the
// worker applies it later.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent, WebhookFormat } from '../webhooks.js';
import { urnOf } from './unipile.mapping.js';

/** The custom header Unipile is told to send with every delivery (webhook.create `headers`). */
export const HOOK_SECRET_HEADER = 'x-warmline-hook-secret';

/** Unipile's events are the service's webhook events (network/webhooks.ts), read off Unipile's bodies. */
export type UnipileEvent = WebhookEvent;

/** Constant-time comparison of the delivered secret with the workspace's; a missing one fails. */
export function hookSecretMatches(expected: string, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string') return false;
  // equal-length digests, so neither the length nor the content leaks through timing
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

// Unipile's account statuses that mean it can act for the account
const CONNECTED_STATUSES = new Set(['OK', 'CREATION_SUCCESS', 'RECONNECTED', 'SYNC_SUCCESS']);

/** The event a delivery carries, or null for one the service has no use for. */
export function parseUnipileEvent(body: unknown): UnipileEvent | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
  if (b.AccountStatus && typeof b.AccountStatus === 'object') {
    const s = b.AccountStatus as Record<string, unknown>;
    const accountId = str(s.account_id);
    const status = str(s.message);
    if (!accountId || !status) return null;
    // a status is a state, not a happening: the same status again changes nothing more
    return { kind: 'account_status', key: `status:${accountId}:${status}`, accountId, connected: CONNECTED_STATUSES.has(status), status };
  }
  const accountId = str(b.account_id);
  if (!accountId) return null;
  if (b.event === 'new_relation') {
    const providerId = str(b.user_provider_id);
    return providerId ? { kind: 'new_relation', key: `relation:${accountId}:${providerId}`, accountId, contactUrn: urnOf(providerId) } : null;
  }
  if (b.event === 'message_received') {
    const sender = (b.sender ?? {}) as Record<string, unknown>;
    const chatId = str(b.chat_id);
    const messageId = str(b.message_id);
    const senderId = str(sender.attendee_provider_id);
    const ownId = str((b.account_info as Record<string, unknown> | undefined)?.user_id);
    if (!chatId || !messageId || !senderId) return null;
    const fromAccount = ownId !== null && ownId === senderId;
    const attendees = Array.isArray(b.attendees) ? (b.attendees as Record<string, unknown>[]) : [];
    const other = fromAccount ? str(attendees.find((a) => str(a.attendee_provider_id) !== ownId)?.attendee_provider_id) : senderId;
    if (!other) return null;
    const at = Date.parse(String(b.timestamp ?? ''));
    return { kind: 'message_received', key: `message:${messageId}`, accountId, contactUrn: urnOf(other), chatId, messageId, text: typeof b.message === 'string' ? b.message : '', fromAccount, at: Number.isNaN(at) ? 0 : at };
  }
  return null;
}

/** Unipile's deliveries as the endpoint, the inbox and the registration read them (handed down by the composition root). */
export const UNIPILE_WEBHOOK_FORMAT: WebhookFormat = { secretHeader: HOOK_SECRET_HEADER, secretMatches: hookSecretMatches, parse: parseUnipileEvent };
