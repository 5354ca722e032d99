import type { Generated } from 'kysely';

// Timestamps are epoch milliseconds; booleans are 0/1 (one mapping for SQLite and PostgreSQL).
export interface WorkspacesTable {
  id: string;
  name: string;
  created_at: number;
  /** Moves (database triggers) whenever anything a lead or feed page shows changes. */
  data_version: Generated<number>;
}

export interface TeamMembersTable {
  workspace_id: string;
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  is_active_seat: number;
  integration_status: string;
  network_username: string | null;
  profile_views_count: number | null;
  followers_count: number | null;
  last_network_update: number | null;
  profile_picture: string | null;
  /** IANA time zone: outreach working hours and calendar days are the member's own. */
  time_zone: string;
  created_at: number;
  /** The member's own urn on the network, learnt by ingestion (their engagement is never a lead). */
  network_urn: string | null;
}

export interface TrackedContactsTable {
  workspace_id: string;
  team_member_id: string;
  contact_urn: string;
}

export interface CreditLedgerTable {
  workspace_id: string;
  id: string;
  delta: number;
  reason: string | null;
  created_at: number;
}
