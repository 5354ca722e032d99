// Frozen in time: never import application types here, never edit after release.
import { sql, type Kysely } from 'kysely';

/**
 * Ingestion: engagement events stored once by the provider's identity, per-member sync state
 * (lease + back-off), per-workspace ICP rules and enrichment policy, target accounts, the
 * decayed engagement mass behind engagement_score, and each member's network urn.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('engagement_events')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull())
    .addColumn('contact_urn', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('lead_id', 'text')
    .addPrimaryKeyConstraint('engagement_events_pk', ['workspace_id', 'id'])
    .execute();
  await s.createIndex('engagement_events_lead').on('engagement_events').columns(['workspace_id', 'lead_id', 'at']).execute();

  await s
    .createTable('member_syncs')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('team_member_id', 'text', (c) => c.notNull())
    .addColumn('next_sync_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('last_synced_at', 'bigint')
    .addPrimaryKeyConstraint('member_syncs_pk', ['workspace_id', 'team_member_id'])
    .execute();
  await s.createIndex('member_syncs_due').on('member_syncs').columns(['next_sync_at']).execute();

  await s
    .createTable('ingestion_settings')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('icp_rules', 'text')
    .addColumn('enrichment_policy', 'text', (c) => c.notNull().defaultTo('all'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await s
    .createTable('target_accounts')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('target_accounts_pk', ['workspace_id', 'value'])
    .execute();

  await s.alterTable('leads').addColumn('engagement_mass', 'double precision').execute();
  await s.alterTable('leads').addColumn('mass_at', 'bigint').execute();
  await s.alterTable('team_members').addColumn('network_urn', 'text').execute();
  // Partial: only leads waiting for enrichment are in it, so new leads cost almost nothing more.
  await s
    .createIndex('leads_enrichment_waiting')
    .on('leads')
    .columns(['enrichment_status', 'workspace_id'])
    .where(sql.ref('enrichment_status'), 'in', [sql.lit('PENDING'), sql.lit('NO_CREDITS')])
    .execute();
}
