// Tables of workspaces bound to Unipile (migration 0020).

/** Which Unipile account acts for a team member (`warmline member link`). */
export interface UnipileAccountsTable {
  workspace_id: string;
  team_member_id: string;
  account_id: string;
  linked_at: number;
}

/** The exactly-once ledger: an intent written before each send, Unipile's reference after. */
export interface UnipileSendLedgerTable {
  workspace_id: string;
  idempotency_key: string;
  /** invitation | message */
  kind: string;
  account_id: string;
  provider_id: string;
  text: string | null;
  intended_at: number;
  ref: string | null;
}

/** A network provider's calls by outcome (`ok` or an error kind), for `network status`. */
export interface NetworkCallOutcomesTable {
  workspace_id: string;
  outcome: string;
  calls: number;
  last_at: number;
  last_message: string | null;
}
