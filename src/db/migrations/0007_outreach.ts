// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

/**
 * The outreach engine: a time zone per team member, per-contact progress of a campaign, one
 * state row per sender account (claimed with a lease) and per-workspace safety limits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s.alterTable('team_members').addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC')).execute();
  for (const [name, type] of [
    ['sender_id', 'text'],
    ['invitation_key', 'text'],
    ['status_reason', 'text'],
    ['invited_at', 'bigint'],
    ['connected_at', 'bigint'],
    ['finished_at', 'bigint'],
    ['follow_up_at', 'bigint'],
    ['follow_up_sent_at', 'bigint'],
  ] as const) {
    await s.alterTable('campaign_contacts').addColumn(name, type).execute();
  }
  await s.alterTable('campaign_contacts').addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await s.alterTable('campaign_contacts').addColumn('retries_allowed', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await s.createIndex('campaign_contacts_status').on('campaign_contacts').columns(['workspace_id', 'campaign_id', 'status', 'created_at', 'id']).execute();
  await s.createIndex('campaign_contacts_follow_up').on('campaign_contacts').columns(['workspace_id', 'sender_id', 'follow_up_at']).execute();
  await s.createIndex('campaign_contacts_open_follow_up').on('campaign_contacts').columns(['workspace_id', 'campaign_id', 'follow_up_at']).execute();
  await s.createIndex('campaign_contacts_sender').on('campaign_contacts').columns(['workspace_id', 'sender_id', 'status']).execute();
  // Caps count a sender's actions from the index alone (status and sent_at included).
  await s
    .createIndex('network_actions_sender_window')
    .on('network_actions')
    .columns(['workspace_id', 'team_member_id', 'kind', 'created_at', 'status', 'sent_at'])
    .execute();
  await s.createIndex('network_actions_contact').on('network_actions').columns(['workspace_id', 'contact_urn', 'kind']).execute();

  await s
    .createTable('outreach_senders')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('team_member_id', 'text', (c) => c.notNull())
    .addColumn('next_step_at', 'bigint', (c) => c.notNull())
    .addColumn('next_send_at', 'bigint', (c) => c.notNull())
    .addColumn('next_poll_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint')
    .addColumn('paused_reason', 'text')
    .addColumn('paused_until', 'bigint')
    .addColumn('actions', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('outreach_senders_pk', ['workspace_id', 'team_member_id'])
    .addForeignKeyConstraint('outreach_senders_member', ['workspace_id', 'team_member_id'], 'team_members', ['workspace_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await s.createIndex('outreach_senders_due').on('outreach_senders').columns(['next_step_at']).execute();

  await s
    .createTable('outreach_limits')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
