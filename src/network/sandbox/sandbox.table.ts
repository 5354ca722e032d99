// The sandbox network's side of the world (migration 0003_sandbox_network).

export interface SandboxAccountsTable {
  workspace_id: string;
  team_member_id: string;
  /** CONNECTED | DISCONNECTED | RESTRICTED */
  state: string;
  updated_at: number;
}

/** Connections that exist without an invitation through the service (seeded by tests or operators). */
export interface SandboxConnectionsTable {
  workspace_id: string;
  team_member_id: string;
  contact_urn: string;
  since: number;
}

export interface SandboxInvitationsTable {
  ref: string;
  idempotency_key: string;
  workspace_id: string;
  team_member_id: string;
  contact_urn: string;
  note: string | null;
  sent_at: number;
  /** When the contact accepts (decided at send time from the seed); null: never. */
  accept_at: number | null;
  withdrawn_at: number | null;
}

export interface SandboxMessagesTable {
  ref: string;
  idempotency_key: string;
  workspace_id: string;
  team_member_id: string;
  contact_urn: string;
  body: string;
  sent_at: number;
}
