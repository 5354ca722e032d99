export interface ConnectionsTable {
  workspace_id: string;
  team_member_id: string;
  contact_urn: string;
  /** CONNECTED | PENDING */
  state: string;
  since: number | null;
  updated_at: number;
}

/** A message a contact sent to a member's account, recorded once (by the provider's id). */
export interface RepliesTable {
  workspace_id: string;
  id: string;
  team_member_id: string;
  contact_urn: string;
  text: string;
  received_at: number;
  recorded_at: number;
}

/**
 * Every outbound action is written here before it is attempted; the idempotency key makes a
 * second attempt of the same action impossible, across crashes and worker processes.
 */
export interface NetworkActionsTable {
  id: string;
  workspace_id: string;
  idempotency_key: string;
  /** INVITATION | MESSAGE | WITHDRAWAL */
  kind: string;
  team_member_id: string;
  contact_urn: string;
  /** JSON: what is sent (note, message text). */
  payload: string;
  /** The provider it was recorded for (and is only ever delivered through). */
  provider: string | null;
  /** PENDING | SENT | FAILED */
  status: string;
  provider_ref: string | null;
  attempts: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  /** When a PENDING action may be attempted again (null: now). */
  next_attempt_at: number | null;
  /** A process delivering the action holds it until then; after that anyone may take it over. */
  claimed_until: number | null;
}
