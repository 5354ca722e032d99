// Frozen in time: never import application types here, never edit after release.
import type { Kysely } from 'kysely';

const ts = 'bigint'; // epoch milliseconds
const bool = 'integer'; // 0/1

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('workspaces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await s
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('revoked_at', ts)
    .execute();
  await s.createIndex('api_keys_workspace').on('api_keys').column('workspace_id').execute();

  await s
    .createTable('team_members')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('is_active_seat', bool, (c) => c.notNull().defaultTo(1))
    .addColumn('integration_status', 'text', (c) => c.notNull().defaultTo('NOT_CONNECTED'))
    .addColumn('network_username', 'text')
    .addColumn('profile_views_count', 'integer')
    .addColumn('followers_count', 'integer')
    .addColumn('last_network_update', ts)
    .addColumn('profile_picture', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['workspace_id', 'id'])
    .execute();
  await s.createIndex('team_members_email').on('team_members').columns(['workspace_id', 'email']).unique().execute();

  await s
    .createTable('tracked_contacts')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('team_member_id', 'text', (c) => c.notNull())
    .addColumn('contact_urn', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tracked_contacts_pk', ['workspace_id', 'team_member_id', 'contact_urn'])
    .addForeignKeyConstraint('tracked_contacts_member', ['workspace_id', 'team_member_id'], 'team_members', ['workspace_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await s.createIndex('tracked_contacts_urn').on('tracked_contacts').columns(['workspace_id', 'contact_urn']).execute();

  await s
    .createTable('credit_ledger')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('credit_ledger_pk', ['workspace_id', 'id'])
    .execute();
  await s.createIndex('credit_ledger_time').on('credit_ledger').columns(['workspace_id', 'created_at']).execute();

  await s
    .createTable('companies')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('hash_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text')
    .addColumn('slug', 'text')
    .addColumn('picture', 'text')
    .addColumn('employees_num_min', 'integer')
    .addColumn('employees_num_max', 'integer')
    .addColumn('headquarters', 'text')
    .addColumn('location', 'text')
    .addColumn('followers', 'integer')
    .addColumn('state', 'text')
    .addColumn('country', 'text')
    .addColumn('website_url', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('company_type', 'text')
    .addColumn('founded_year', 'integer')
    .addColumn('description', 'text')
    .addColumn('tagline', 'text')
    .addColumn('industries', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('specialties', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('funding', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_verified', bool)
    .addColumn('network_url', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('companies_pk', ['workspace_id', 'id'])
    .execute();
  await s.createIndex('companies_slug').on('companies').columns(['workspace_id', 'slug']).execute();

  await s
    .createTable('contacts')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('urn', 'text', (c) => c.notNull())
    .addColumn('username', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('headline', 'text')
    .addColumn('job_title', 'text')
    .addColumn('picture', 'text')
    .addColumn('followers_count', 'integer')
    .addColumn('connections_count', 'integer')
    .addColumn('country', 'text')
    .addColumn('company_id', 'bigint')
    .addColumn('network_url', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('contacts_pk', ['workspace_id', 'urn'])
    .execute();
  await s.createIndex('contacts_username').on('contacts').columns(['workspace_id', 'username']).execute();

  await s
    .createTable('posts')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('activity_urn', 'text')
    .addColumn('type', 'text')
    .addColumn('content', 'text')
    .addColumn('parent_content', 'text')
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('post_url', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('parent_image', 'text')
    .addColumn('shares_num', 'integer')
    .addColumn('likes_num', 'integer')
    .addColumn('impressions_num', 'integer')
    .addColumn('comments_num', 'integer')
    .addColumn('published_at', ts, (c) => c.notNull())
    .addColumn('team_member_id', 'text')
    .addColumn('author_urn', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('posts_pk', ['workspace_id', 'id'])
    .execute();

  await s
    .createTable('leads')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('contact_urn', 'text')
    .addColumn('team_member_id', 'text')
    .addColumn('source_post_id', 'text')
    .addColumn('company_id', 'bigint')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('NEW'))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('crm_id', 'text')
    .addColumn('crm_contact_url', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('headline', 'text')
    .addColumn('job_title', 'text')
    .addColumn('username', 'text')
    .addColumn('network_url', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('enrichment_status', 'text')
    .addColumn('source', 'text')
    .addColumn('source_content_url', 'text')
    .addColumn('engagement_events_count', 'integer')
    .addColumn('engagement_score', 'integer')
    .addColumn('is_icp_match', bool, (c) => c.notNull().defaultTo(0))
    .addColumn('icp_manual', bool, (c) => c.notNull().defaultTo(0))
    .addColumn('is_account_based', bool, (c) => c.notNull().defaultTo(0))
    .addColumn('picture', 'text')
    .addColumn('followers_count', 'integer')
    .addColumn('connections_count', 'integer')
    .addColumn('country', 'text')
    .addColumn('feed_updated_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_engagement_dt', ts)
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('leads_pk', ['workspace_id', 'id'])
    .execute();
  await s.createIndex('leads_contact').on('leads').columns(['workspace_id', 'contact_urn']).execute();

  await s
    .createTable('lead_history')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('recorded_at', ts)
    .addPrimaryKeyConstraint('lead_history_pk', ['workspace_id', 'id'])
    .addForeignKeyConstraint('lead_history_lead', ['workspace_id', 'lead_id'], 'leads', ['workspace_id', 'id'], (c) => c.onDelete('cascade'))
    .execute();
  await s.createIndex('lead_history_lead').on('lead_history').columns(['workspace_id', 'lead_id', 'recorded_at']).execute();

  await s
    .createTable('lead_notes')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('lead_notes_pk', ['workspace_id', 'id'])
    .addForeignKeyConstraint('lead_notes_lead', ['workspace_id', 'lead_id'], 'leads', ['workspace_id', 'id'], (c) => c.onDelete('cascade'))
    .execute();
  await s.createIndex('lead_notes_lead').on('lead_notes').columns(['workspace_id', 'lead_id', 'created_at']).execute();

  await s
    .createTable('connections')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('team_member_id', 'text', (c) => c.notNull())
    .addColumn('contact_urn', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('since', ts)
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('connections_pk', ['workspace_id', 'team_member_id', 'contact_urn'])
    .addForeignKeyConstraint('connections_member', ['workspace_id', 'team_member_id'], 'team_members', ['workspace_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();

  await s
    .createTable('network_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('team_member_id', 'text', (c) => c.notNull())
    .addColumn('contact_urn', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('sent_at', ts)
    .execute();
  await s.createIndex('network_actions_status').on('network_actions').columns(['status', 'created_at']).execute();
  await s
    .createIndex('network_actions_sender')
    .on('network_actions')
    .columns(['workspace_id', 'team_member_id', 'kind', 'created_at'])
    .execute();

  await s
    .createTable('campaigns')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('creator_id', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('campaigns_pk', ['workspace_id', 'id'])
    .execute();
  await s.createIndex('campaigns_created').on('campaigns').columns(['workspace_id', 'created_at', 'id']).execute();

  await s
    .createTable('campaign_participants')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('team_member_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_participants_pk', ['workspace_id', 'campaign_id', 'team_member_id'])
    .addForeignKeyConstraint('campaign_participants_campaign', ['workspace_id', 'campaign_id'], 'campaigns', ['workspace_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();

  await s
    .createTable('campaign_contacts')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull())
    .addColumn('network_urn', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('email', 'text')
    .addColumn('crm_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('QUEUED'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_contacts_pk', ['workspace_id', 'id'])
    .addForeignKeyConstraint('campaign_contacts_campaign', ['workspace_id', 'campaign_id'], 'campaigns', ['workspace_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await s
    .createIndex('campaign_contacts_username')
    .on('campaign_contacts')
    .columns(['workspace_id', 'campaign_id', 'username_key'])
    .unique()
    .execute();
}
