// A lead keeps its own copy of the person's profile fields so that list pages need no join.
export interface LeadsTable {
  workspace_id: string;
  id: string;
  contact_urn: string | null;
  team_member_id: string | null;
  source_post_id: string | null;
  company_id: number | null;
  /** NEW | QUALIFIED | DISQUALIFIED | DISCARDED (the last is never shown by the API). */
  status: string;
  /** JSON array of strings. */
  tags: string;
  crm_id: string | null;
  crm_contact_url: string | null;
  first_name: string | null;
  last_name: string | null;
  headline: string | null;
  job_title: string | null;
  username: string | null;
  network_url: string | null;
  contact_email: string | null;
  phone_number: string | null;
  enrichment_status: string | null;
  source: string | null;
  source_content_url: string | null;
  engagement_events_count: number | null;
  engagement_score: number | null;
  is_icp_match: number;
  /** 1 when a user set is_icp_match; automatic ICP matching then leaves it alone. */
  icp_manual: number;
  is_account_based: number;
  picture: string | null;
  followers_count: number | null;
  connections_count: number | null;
  country: string | null;
  feed_updated_at: number | null;
  created_at: number;
  last_engagement_dt: number | null;
  updated_at: number;
  /** Decayed weighted engagement at mass_at (src/ingestion/scoring.ts); engagement_score derives from it. */
  engagement_mass: number | null;
  mass_at: number | null;
  // history_json and notes_json (migration 0085, SQLite) are not here: triggers keep them and only
  // the list's rendering reads them (lead-json.query.ts), so no application row carries or writes them.
}

export interface LeadHistoryTable {
  workspace_id: string;
  id: string;
  lead_id: string;
  description: string | null;
  recorded_at: number | null;
}

export interface LeadNotesTable {
  workspace_id: string;
  id: string;
  lead_id: string;
  content: string;
  created_at: number;
  updated_at: number;
}

/**
 * Exact lead totals without counting rows per request (docs/leads-total.md): one row per
 * workspace × status × email presence × block of created days (UTC), at four widths, kept in step
 * with every lead write (src/leads/lead-counts.ts).
 */
export interface LeadCountsTable {
  workspace_id: string;
  status: string;
  /** The block's width in days: 1, 16 or 256; 0 for the all-time row (day 0). */
  span: number;
  /** The block's first day, floor(created_at / 86_400_000) rounded down to a multiple of span. */
  day: number;
  /** 1 when contact_email is set. */
  enriched: number;
  count: number;
}

/** Leads per workspace × company × status × email presence (company_public_id totals without dates). */
export interface LeadCompanyCountsTable {
  workspace_id: string;
  company_id: number;
  status: string;
  enriched: number;
  count: number;
}

/** Leads per workspace × source post × status × email presence (post_id totals without dates). */
export interface LeadPostCountsTable {
  workspace_id: string;
  post_id: string;
  status: string;
  enriched: number;
  count: number;
}
