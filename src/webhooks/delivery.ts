// The worker's delivery of outbound webhooks: at least once, in order per subscription. A
// subscription is claimed with a lease (two workers never send to one at once); only its oldest
// undelivered event is sent, and the next only after that one was answered 2xx. An event is
// marked delivered after the answer, so a crash in between sends it again with the same
// `webhook-id` (the receiver's key to drop duplicates). A failure waits the shared exponential
// back-off; a subscription failing for DISABLE_AFTER_MS is disabled until the user enables it.
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { backoffMs } from '../shared/time.js';
import * as repo from './webhooks.repository.js';
import { webhookSecretBox } from './webhooks.secret.js';
import type { WebhookSubscriptionsTable } from '../db/schema/webhooks.table.js';
import { checkUrlForm, resolveChecked } from './url-guard.js';
import net from 'node:net';

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  secret: Buffer;
  allowPrivate: boolean;
  timeoutMs: number;
  onResult?: (result: 'delivered' | 'failed' | 'disabled') => void;
}

/** After a failure: 10 s, 20 s, 40 s, … up to an hour between attempts. */
export const webhookRetryDelayMs = (attempts: number) => backoffMs(10_000, 3_600_000, attempts);
/** A subscription whose head event has failed for this long is disabled (its events wait). */
export const DISABLE_AFTER_MS = 24 * 3_600_000;
/** A claimed subscription not finished within this (clock) time is free again. */
const LEASE_MS = 5 * 60_000;
/** Events sent to one subscription per step, so one busy receiver does not hold up the others. */
const PER_STEP = 20;

interface Answer {
  status: number | null;
  error: string | null;
}

/**
 * POSTs the signed body to the address the guard checked just now (the URL's form again, its host
 * resolved again): the socket connects to that address, the host name goes in Host and SNI, so a
 * DNS answer that changed since creation cannot lead the request elsewhere. Never throws.
 */
async function post(url: string, headers: Record<string, string>, body: string, deps: DeliveryDeps): Promise<Answer> {
  let target: URL;
  let address: string;
  try {
    target = checkUrlForm(url, deps.allowPrivate);
    address = (await resolveChecked(target.hostname, deps.allowPrivate))[0]!.address;
  } catch (err) {
    return { status: null, error: `refused: ${(err as Error).message}` };
  }
  return new Promise((resolve) => {
    const secure = target.protocol === 'https:';
    const hostname = target.hostname.replace(/^\[(.*)\]$/, '$1');
    const options = {
      host: address, port: target.port || (secure ? 443 : 80), path: `${target.pathname}${target.search}`, method: 'POST', agent: false as const,
      servername: net.isIP(hostname) ? undefined : hostname,
      headers: { ...headers, host: target.host, 'content-type': 'application/json', 'user-agent': 'warmline-webhooks' },
    };
    const request = (secure ? https : http).request(options, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? null, error: null }));
      response.on('error', (err) => resolve({ status: response.statusCode ?? null, error: err.message }));
    });
    // One limit on the whole exchange (connect, send, answer), not only on an idle socket.
    const timer = setTimeout(() => request.destroy(new Error(`timed out after ${deps.timeoutMs} ms`)), deps.timeoutMs);
    request.on('error', (err) => resolve({ status: null, error: err.message }));
    request.on('close', () => clearTimeout(timer));
    request.end(body);
  });
}

/** Sends the subscription's waiting events in order until one fails or the step's share is used. */
async function deliverTo(deps: DeliveryDeps, sub: WebhookSubscriptionsTable): Promise<number> {
  const signer = new Webhook(webhookSecretBox(deps.secret).open(sub.secret));
  let sent = 0;
  let attempts = Number(sub.attempts);
  let failingSince = sub.failing_since === null ? null : Number(sub.failing_since);
  while (sent < PER_STEP) {
    const event = await repo.headEvent(deps.db, sub.id);
    if (!event) break;
    const started = Date.now();
    const at = deps.clock.now();
    // Receivers check the signed timestamp against their own clock (replay protection), so it is
    // the wall clock's, whatever the service clock shows; the body's `timestamp` is the event's.
    const signedAt = new Date(started);
    const headers = { 'webhook-id': event.id, 'webhook-timestamp': String(Math.floor(started / 1000)), 'webhook-signature': signer.sign(event.id, signedAt, event.payload) };
    const answer = await post(sub.url, headers, event.payload, deps);
    const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
    attempts++;
    await repo.insertDelivery(deps.db, {
      id: newId('whd'), subscription_id: sub.id, event_id: event.id, event_type: event.event_type, attempt: attempts, attempted_at: at,
      status_code: answer.status, response_ms: Date.now() - started, error: ok ? null : (answer.error ?? `answered ${answer.status}`),
    });
    const now = deps.clock.now();
    if (ok) {
      await repo.markDelivered(deps.db, Number(event.seq), now);
      attempts = 0;
      failingSince = null;
      sent++;
      deps.onResult?.('delivered');
      continue;
    }
    failingSince ??= at;
    const disable = now - failingSince >= DISABLE_AFTER_MS;
    await repo.updateSubscription(deps.db, sub.workspace_id, sub.id, {
      attempts, failing_since: failingSince, next_attempt_at: now + webhookRetryDelayMs(attempts), claimed_until: null,
      ...(disable ? { enabled: 0, disabled_reason: `deliveries failed for 24 hours (last: ${answer.error ?? `answered ${answer.status}`})`, updated_at: now } : {}),
    });
    deps.onResult?.(disable ? 'disabled' : 'failed');
    return sent;
  }
  await repo.updateSubscription(deps.db, sub.workspace_id, sub.id, { attempts: 0, failing_since: null, next_attempt_at: null, claimed_until: null });
  return sent;
}

/** One round: every due subscription gets its waiting events; returns how many were delivered. */
export async function deliverWebhooks(deps: DeliveryDeps, limit = 10): Promise<number> {
  const now = deps.clock.now();
  const subs = await repo.claimDueSubscriptions(deps.db, now, now + LEASE_MS, limit);
  let sent = 0;
  for (const sub of subs) sent += await deliverTo(deps, sub);
  return sent;
}
