// Verifies a webhook delivery from Warmline, signed per the Standard Webhooks specification
// (headers webhook-id, webhook-timestamp, webhook-signature; secret `whsec_…`), with the
// specification's own library: a signature over id, timestamp and the raw body, and a timestamp
// within five minutes (replays of old deliveries are refused).
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

/** A verified delivery. The same `id` may arrive more than once (delivery is at least once): deduplicate on it. */
export interface WebhookDelivery<T = unknown> {
  id: string;
  /** The event's type, e.g. `lead.created`. */
  type: string;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: T;
}

/** The delivery's signature, timestamp or headers are wrong: answer it with a 4xx and ignore it. */
export class WarmlineWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WarmlineWebhookError';
  }
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? '';
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * Checks a delivery and returns its event. `payload` must be the body exactly as received (a
 * string, before any JSON parsing: re-serialized JSON no longer matches its signature);
 * `headers` a Fetch `Headers` or Node's `request.headers`. Throws WarmlineWebhookError.
 */
export function verifyWebhook<T = unknown>(secret: string, payload: string, headers: HeaderBag): WebhookDelivery<T> {
  const signed = {
    'webhook-id': header(headers, 'webhook-id'),
    'webhook-timestamp': header(headers, 'webhook-timestamp'),
    'webhook-signature': header(headers, 'webhook-signature'),
  };
  let event: unknown;
  try {
    event = new Webhook(secret).verify(payload, signed);
  } catch (err) {
    if (err instanceof WebhookVerificationError) throw new WarmlineWebhookError(err.message);
    throw err;
  }
  const { type, timestamp, data } = (event ?? {}) as Partial<WebhookDelivery<T>>;
  if (typeof type !== 'string' || typeof timestamp !== 'string') throw new WarmlineWebhookError('Payload is not an event ({"type", "timestamp", "data"})');
  return { id: signed['webhook-id'], type, timestamp, data: data as T };
}
