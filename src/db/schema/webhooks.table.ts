// Outbound webhooks (migration 0065_webhooks).
import type { Generated } from 'kysely';

export interface WebhookSubscriptionsTable {
  id: string;
  workspace_id: string;
  url: string;
  /** JSON array of the event types wanted. */
  event_types: string;
  /** Sealed (secret-box, purpose webhook-secret): the signer needs it in clear. Never returned after creation, never exported. */
  secret: string;
  enabled: number;
  /** Why the service disabled it (persistent failure); null when enabled or disabled by the user. */
  disabled_reason: string | null;
  /** When the head event first failed; null while deliveries succeed. */
  failing_since: number | null;
  /** Failed attempts at the head event. */
  attempts: number;
  /** The head event waits until then after a failure. */
  next_attempt_at: number | null;
  /** A worker delivering to it holds it until then. */
  claimed_until: number | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookOutboxTable {
  /** Delivery order within a subscription. */
  seq: Generated<number>;
  /** The event's id: the `webhook-id` header, the same on every retry. */
  id: string;
  subscription_id: string;
  workspace_id: string;
  event_type: string;
  /** The signed body: {"type","timestamp","data"}. */
  payload: string;
  created_at: number;
  delivered_at: number | null;
}

export interface WebhookDeliveriesTable {
  id: string;
  subscription_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  attempted_at: number;
  /** The receiver's status; null when none came (refused address, time-out, connection error). */
  status_code: number | null;
  response_ms: number;
  error: string | null;
}
