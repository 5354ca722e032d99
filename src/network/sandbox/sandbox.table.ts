// The sandbox network's side of the world (its own migration set, sandbox.schema.ts). Not part of
// the product's Database type: only the simulation reads and writes these tables.
import type { Kysely, Transaction } from 'kysely';

export interface SandboxAccountsTable {
  workspace_id: string;
  team_member_id: string;
  /** CONNECTED | DISCONNECTED | RESTRICTED */
  state: string;
  /** The account's own profile urn when the workspace brought one; null: derived from the seed. */
  urn: string | null;
  updated_at: number;
}

/** Connections that exist without an invitation through the service (adopted, seeded by tests or operators). */
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

/** Messages from contacts to accounts, put there by a test or an operator (seeded replies are derived, not stored). */
export interface SandboxRepliesTable {
  ref: string;
  workspace_id: string;
  team_member_id: string;
  contact_urn: string;
  body: string;
  sent_at: number;
}

export interface SandboxDatabase {
  sandbox_accounts: SandboxAccountsTable;
  sandbox_connections: SandboxConnectionsTable;
  sandbox_invitations: SandboxInvitationsTable;
  sandbox_messages: SandboxMessagesTable;
  sandbox_replies: SandboxRepliesTable;
}

export type SandboxDb = Kysely<SandboxDatabase>;
export type SandboxDbOrTx = SandboxDb | Transaction<SandboxDatabase>;

/** The simulation's view of the shared database handle. */
export const sandboxDb = (db: Kysely<any>): SandboxDb => db as SandboxDb;
