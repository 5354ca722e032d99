import type { Kysely, Transaction } from 'kysely';
import type { ApiKeysTable } from '../auth/api-keys.table.js';
import type { CampaignContactsTable, CampaignParticipantsTable, CampaignsTable } from '../campaigns/campaigns.table.js';
import type { ConnectionsTable, NetworkActionsTable, RepliesTable } from '../connections/connections.table.js';
import type { CompaniesTable, ContactsTable } from '../contacts/contacts.table.js';
import type { PostsTable } from '../content/posts.table.js';
import type { WorkspaceBindingsTable } from '../network/bindings.table.js';
import type { OutreachLimitsTable, OutreachSendersTable } from '../outreach/outreach.table.js';
import type { EngagementEventsTable, IngestionSettingsTable, MemberSyncsTable, TargetAccountsTable } from '../ingestion/ingestion.table.js';
import type { SuppressionsTable } from '../suppression/suppression.table.js';
import type { LeadCountsTable, LeadHistoryTable, LeadNotesTable, LeadsTable } from '../leads/leads.table.js';
import type { CreditLedgerTable, TeamMembersTable, TrackedContactsTable, WorkspacesTable } from '../workspace/workspace.table.js';

/** The database type, assembled from each feature's table file. */
export interface Database {
  workspaces: WorkspacesTable;
  api_keys: ApiKeysTable;
  team_members: TeamMembersTable;
  tracked_contacts: TrackedContactsTable;
  credit_ledger: CreditLedgerTable;
  companies: CompaniesTable;
  contacts: ContactsTable;
  posts: PostsTable;
  leads: LeadsTable;
  lead_history: LeadHistoryTable;
  lead_notes: LeadNotesTable;
  lead_counts: LeadCountsTable;
  connections: ConnectionsTable;
  network_actions: NetworkActionsTable;
  replies: RepliesTable;
  campaigns: CampaignsTable;
  campaign_participants: CampaignParticipantsTable;
  campaign_contacts: CampaignContactsTable;
  suppressions: SuppressionsTable;
  outreach_senders: OutreachSendersTable;
  outreach_limits: OutreachLimitsTable;
  engagement_events: EngagementEventsTable;
  member_syncs: MemberSyncsTable;
  ingestion_settings: IngestionSettingsTable;
  target_accounts: TargetAccountsTable;
  workspace_bindings: WorkspaceBindingsTable;
}

export type Db = Kysely<Database>;
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;
