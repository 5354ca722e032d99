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
  // The sandbox network answers "pending invitations of this account" (newest first) and "sent
  // in the last 24 hours" from an index each, without reading every invitation the account ever
  // sent. The pair index covers what is asked about one person, so those lookups stay on it.
  await s.dropIndex('sandbox_invitations_pair').execute();
  await s
    .createIndex('sandbox_invitations_pair')
    .on('sandbox_invitations')
    .columns(['workspace_id', 'team_member_id', 'contact_urn', 'withdrawn_at', 'accept_at'])
    .execute();
  await s
    .createIndex('sandbox_invitations_live')
    .on('sandbox_invitations')
    .columns(['workspace_id', 'team_member_id', 'withdrawn_at', 'accept_at', 'sent_at', 'contact_urn', 'ref'])
    .execute();
  await s.createIndex('sandbox_invitations_sent').on('sandbox_invitations').columns(['workspace_id', 'team_member_id', 'sent_at']).execute();
}
