// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/**
 * Indexes for the outreach engine's per-step queries, so a step costs the same on the first
 * day of a campaign and after 10,000 invitations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  // A sender's own contacts by state and campaign, in enrolment order. With only (workspace,
  // sender, status) the planner preferred campaign_contacts_status for "assigned to me, queued,
  // in these campaigns" and walked every queued contact of the campaign. Polling reads the
  // invited ones from the index alone.
  await s.dropIndex('campaign_contacts_sender').execute();
  await s
    .createIndex('campaign_contacts_sender')
    .on('campaign_contacts')
    .columns(['workspace_id', 'sender_id', 'status', 'campaign_id', 'created_at', 'id', 'network_urn', 'invited_at'])
    .execute();
  // A sender's actions counted against a cap window: those recorded in it, those delivered in it
  // and those not delivered yet, each one index range (one OR over the three read every action
  // the sender ever took). network_actions_sender is a prefix of network_actions_sender_window.
  await s.dropIndex('network_actions_sender').execute();
  await s.createIndex('network_actions_sender_sent').on('network_actions').columns(['workspace_id', 'team_member_id', 'kind', 'sent_at', 'created_at', 'status']).execute();
  await s.createIndex('network_actions_sender_status').on('network_actions').columns(['status', 'workspace_id', 'team_member_id', 'kind', 'created_at', 'sent_at']).execute();
  // The sandbox's invitation indexes, once made here too, are now made by the sandbox's own
  // migration set (network/sandbox/migrations/0001_sandbox_tables.ts), like its tables.
}
