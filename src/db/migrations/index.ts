import type { Migration } from 'kysely';
import * as base from './0001_base.js';
import * as leadIndexes from './0002_lead_indexes.js';
import * as sandboxNetwork from './0003_sandbox_network.js';
import * as actionRetries from './0004_action_retries.js';
import * as suppressions from './0005_suppressions.js';
import * as ingestion from './0006_ingestion.js';
import * as outreach from './0007_outreach.js';
import * as dataVersion from './0008_data_version.js';
import * as engagementEventIndex from './0009_engagement_event_index.js';
import * as outreachIndexes from './0010_outreach_indexes.js';
import * as leadStatusIndexes from './0011_lead_status_indexes.js';
import * as campaignContactsOrder from './0014_campaign_contacts_order.js';
import * as workspaceBindings from './0015_workspace_bindings.js';
import * as replies from './0016_replies.js';
import * as unipile from './0020_unipile.js';
import * as unipileHooks from './0025_unipile_hooks.js';
import * as leadColdIndexes from './0050_lead_cold_indexes.js';
import * as webhooks from './0065_webhooks.js';
import * as consoleSignIn from './0070_console.js';
import * as engagementEventsByLead from './0073_engagement_events_by_lead.js';
import * as feedCold from './0080_feed_cold.js';
import * as campaignCounts from './0081_campaign_counts.js';
import * as followUpSteps from './0082_follow_up_steps.js';
import * as trackedFeedCounts from './0083_tracked_feed_counts.js';
import * as leadCountLevels from './0084_lead_count_levels.js';
import * as listKeptJson from './0085_list_kept_json.js';
import * as groupIndexesWithDates from './0086_group_indexes_with_dates.js';
import * as compactCompanyJson from './0087_compact_company_json.js';
import * as groupCountEmail from './0088_group_count_email.js';
import * as filterStatistics from './0089_filter_statistics.js';
import * as groupCountEmailPartial from './0090_group_count_email_partial.js';
import * as postIndexesWithCompany from './0091_post_indexes_with_company.js';
import * as bucketEmailPartial from './0092_bucket_email_partial.js';
import * as networkBudgets from './0093_network_budgets.js';
import * as idempotencyKeys from './0094_idempotency_keys.js';
import * as activityLog from './0095_activity_log.js';
import * as crm from './0097_crm.js';
import * as enrichmentResults from './0100_enrichment_results.js';
import * as doNotProcess from './0101_do_not_process.js';
import * as leadSearch from './0103_lead_search.js';
import * as consoleSavedViews from './0104_console_saved_views.js';
import * as postEngagementReads from './0106_post_engagement_reads.js';

/** Every migration, in order. Explicit on purpose: no folder scanning, names never change. */
export const migrations: Record<string, Migration> = {
  '0001_base': base,
  '0002_lead_indexes': leadIndexes,
  '0003_sandbox_network': sandboxNetwork,
  '0004_action_retries': actionRetries,
  '0005_suppressions': suppressions,
  '0006_ingestion': ingestion,
  '0007_outreach': outreach,
  '0008_data_version': dataVersion,
  '0009_engagement_event_index': engagementEventIndex,
  '0010_outreach_indexes': outreachIndexes,
  '0011_lead_status_indexes': leadStatusIndexes,
  '0014_campaign_contacts_order': campaignContactsOrder,
  '0015_workspace_bindings': workspaceBindings,
  '0016_replies': replies,
  '0020_unipile': unipile,
  '0025_unipile_hooks': unipileHooks,
  '0050_lead_cold_indexes': leadColdIndexes,
  '0065_webhooks': webhooks,
  '0070_console': consoleSignIn,
  '0073_engagement_events_by_lead': engagementEventsByLead,
  '0080_feed_cold': feedCold,
  '0081_campaign_counts': campaignCounts,
  '0082_follow_up_steps': followUpSteps,
  '0083_tracked_feed_counts': trackedFeedCounts,
  '0084_lead_count_levels': leadCountLevels,
  '0085_list_kept_json': listKeptJson,
  '0086_group_indexes_with_dates': groupIndexesWithDates,
  '0087_compact_company_json': compactCompanyJson,
  '0088_group_count_email': groupCountEmail,
  '0089_filter_statistics': filterStatistics,
  '0090_group_count_email_partial': groupCountEmailPartial,
  '0091_post_indexes_with_company': postIndexesWithCompany,
  '0092_bucket_email_partial': bucketEmailPartial,
  '0093_network_budgets': networkBudgets,
  '0094_idempotency_keys': idempotencyKeys,
  '0095_activity_log': activityLog,
  '0097_crm': crm,
  '0100_enrichment_results': enrichmentResults,
  '0101_do_not_process': doNotProcess,
  '0103_lead_search': leadSearch,
  '0104_console_saved_views': consoleSavedViews,
  '0106_post_engagement_reads': postEngagementReads,
};
