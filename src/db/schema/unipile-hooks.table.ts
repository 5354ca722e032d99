// Inbound webhooks (migration 0025_unipile_hooks).

/** A workspace's hook at Unipile: one per workspace bound to Unipile that registered webhooks. */
export interface UnipileHooksTable {
  workspace_id: string;
  /** Random, in the URL Unipile calls (/hooks/unipile/<hook_id>); says which workspace a delivery is for. */
  hook_id: string;
  /** Sealed (secret-box, purpose HOOK_SECRET_PURPOSE): Unipile is given it in clear, so it is read back. Never exported or returned. */
  secret: string;
  /** The base URL the webhooks were last registered with. */
  public_url: string | null;
  /** JSON: the ids of the webhooks registered at Unipile for this hook. */
  webhook_ids: string;
  created_at: number;
  updated_at: number;
}

/** One delivery, stored once per event key, applied by the worker. */
export interface UnipileInboxTable {
  id: string;
  workspace_id: string;
  hook_id: string;
  /** The event's identity (unipile.webhooks.ts): a redelivery has the same key. */
  event_key: string;
  /** new_relation | message_received | account_status */
  kind: string;
  /** JSON: the delivery as Unipile sent it. */
  payload: string;
  received_at: number;
  /** Null until the worker applied (or set aside) the event. */
  processed_at: number | null;
  /** What applying it did, in a few words (applied, ignored and why, given up). */
  outcome: string | null;
  attempts: number;
  /** A failed attempt waits until then. */
  next_attempt_at: number | null;
  /** A worker applying the event holds it until then. */
  claimed_until: number | null;
}
