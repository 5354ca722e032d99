// The administrative activity of each workspace (migration 0095).

export interface ActivityLogTable {
  id: string;
  workspace_id: string;
  at: number;
  /** member | api_key | operator */
  actor_kind: string;
  /** The member's or the API key's id; null for the operator's CLI. */
  actor_id: string | null;
  /** What was done: `api_key.created`, `webhook.deleted`, … */
  action: string;
  /** The id of what it was done to, when it has one. */
  subject: string | null;
  /** A JSON object of the act's details (never a secret). */
  details: string;
}
