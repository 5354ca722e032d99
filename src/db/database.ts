import type { Kysely, Transaction } from 'kysely';
import type { ApiKeysTable } from './schema/api-keys.table.js';
import type { CampaignContactsTable, CampaignCountsTable, CampaignParticipantsTable, CampaignsTable } from './schema/campaigns.table.js';
import type { ConnectionsTable, NetworkActionsTable, RepliesTable } from './schema/connections.table.js';
import type { ConsoleCredentialsTable, ConsoleInvitesTable, ConsoleSessionsTable, ConsoleSignInFailuresTable } from './schema/console.table.js';
import type { CompaniesTable, ContactsTable } from './schema/contacts.table.js';
import type { PostCountsTable, PostsTable } from './schema/posts.table.js';
import type { WorkspaceBindingsTable } from './schema/bindings.table.js';
import type { NetworkCallOutcomesTable, UnipileAccountsTable, UnipileSendLedgerTable } from './schema/unipile.table.js';
import type { OutreachLimitsTable, OutreachSendersTable } from './schema/outreach.table.js';
import type { UnipileHooksTable, UnipileInboxTable } from './schema/unipile-hooks.table.js';
import type { WebhookDeliveriesTable, WebhookOutboxTable, WebhookSubscriptionsTable } from './schema/webhooks.table.js';
import type { EngagementEventsTable, IngestionSettingsTable, MemberSyncsTable, TargetAccountsTable } from './schema/ingestion.table.js';
import type { SuppressionsTable } from './schema/suppression.table.js';
import type { LeadCompanyCountsTable, LeadCountsTable, LeadHistoryTable, LeadNotesTable, LeadPostCountsTable, LeadsTable } from './schema/leads.table.js';
import type { CreditLedgerTable, TeamMembersTable, TrackedContactsTable, WorkspacesTable } from './schema/workspace.table.js';

/** The database type, assembled from the table files in schema/, which sit beside the migrations that create those tables. */
export interface Database {
  workspaces: WorkspacesTable;
  api_keys: ApiKeysTable;
  console_credentials: ConsoleCredentialsTable;
  console_invites: ConsoleInvitesTable;
  console_sessions: ConsoleSessionsTable;
  console_sign_in_failures: ConsoleSignInFailuresTable;
  team_members: TeamMembersTable;
  tracked_contacts: TrackedContactsTable;
  credit_ledger: CreditLedgerTable;
  companies: CompaniesTable;
  contacts: ContactsTable;
  posts: PostsTable;
  post_counts: PostCountsTable;
  leads: LeadsTable;
  lead_history: LeadHistoryTable;
  lead_notes: LeadNotesTable;
  lead_counts: LeadCountsTable;
  lead_company_counts: LeadCompanyCountsTable;
  lead_post_counts: LeadPostCountsTable;
  connections: ConnectionsTable;
  network_actions: NetworkActionsTable;
  replies: RepliesTable;
  campaigns: CampaignsTable;
  campaign_participants: CampaignParticipantsTable;
  campaign_contacts: CampaignContactsTable;
  campaign_counts: CampaignCountsTable;
  suppressions: SuppressionsTable;
  outreach_senders: OutreachSendersTable;
  outreach_limits: OutreachLimitsTable;
  engagement_events: EngagementEventsTable;
  member_syncs: MemberSyncsTable;
  ingestion_settings: IngestionSettingsTable;
  target_accounts: TargetAccountsTable;
  workspace_bindings: WorkspaceBindingsTable;
  unipile_accounts: UnipileAccountsTable;
  unipile_send_ledger: UnipileSendLedgerTable;
  network_call_outcomes: NetworkCallOutcomesTable;
  unipile_hooks: UnipileHooksTable;
  unipile_inbox: UnipileInboxTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_outbox: WebhookOutboxTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type Db = Kysely<Database>;
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;
