// Ingestion's own tables (migration 0006_ingestion).

/** One engagement event, stored once by the provider's identity (`id`). */
export interface EngagementEventsTable {
  workspace_id: string;
  id: string;
  post_id: string;
  contact_urn: string;
  /** LIKE | COMMENT | SHARE */
  kind: string;
  at: number;
  /** The lead it was folded into; null when suppressed (team member, suppression list). */
  lead_id: string | null;
}

/** Sync state per team member: when the next sync is due and who holds it until when. */
export interface MemberSyncsTable {
  workspace_id: string;
  team_member_id: string;
  next_sync_at: number;
  claimed_until: number | null;
  /** Consecutive failures: the back-off doubles with each. */
  failures: number;
  last_error: string | null;
  last_synced_at: number | null;
}

export interface IngestionSettingsTable {
  workspace_id: string;
  /** JSON of IcpRules (src/ingestion/icp.ts), null: no rules (nobody matches). */
  icp_rules: string | null;
  /** all | icp | none */
  enrichment_policy: string;
  updated_at: number;
}

/** Account-based targeting: a company slug or numeric id, lower case. */
export interface TargetAccountsTable {
  workspace_id: string;
  value: string;
  created_at: number;
}
