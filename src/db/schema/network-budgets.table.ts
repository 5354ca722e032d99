// A real account's budget and what its own lists say, and each person's profile look-up (migration 0093).

/** What an account used on one UTC day, per kind (lookup, invitation, message, withdrawal, refused:<kind>). */
export interface NetworkBudgetUseTable {
  workspace_id: string;
  account_id: string;
  /** Days since the epoch, UTC. */
  day: number;
  kind: string;
  used: number;
}

export interface NetworkAccountPacingTable {
  workspace_id: string;
  account_id: string;
  /** The earliest time of the account's next acting call (invitation, message, withdrawal). */
  next_act_at: number;
  /** Until when the network asked to be left alone (its 429's Retry-After); 0: not asked. */
  blocked_until: number;
  /** When the account's relations were last read from its own list (null: never). */
  relations_synced_at: number | null;
}

/** A person connected to an account, as the account's relations list gave them. */
export interface NetworkRelationsTable {
  workspace_id: string;
  account_id: string;
  contact_urn: string;
  connected_at: number;
}

export interface ProfileLookupsTable {
  workspace_id: string;
  contact_urn: string;
  team_member_id: string;
  /** Since when the person waits for a look-up; null: not waiting. */
  waiting_since: number | null;
  /** When the last look-up was made; null: never. */
  looked_up_at: number | null;
  /** FOUND | NOT_FOUND (a deleted profile); null: never looked up. */
  outcome: string | null;
}
