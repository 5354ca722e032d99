// CRM sync (migration 0097; docs/crm.md). The binding is a workspace_bindings row of service crm.
import type { Generated } from 'kysely';

/** One lead change to push, processed in seq order per workspace. */
export interface CrmOutboxTable {
  seq: Generated<number>;
  workspace_id: string;
  lead_id: string;
  /** PENDING | SENDING (its call may have gone out: reconciled before anything else) | DONE | SKIPPED | FAILED */
  state: string;
  attempts: number;
  next_at: number;
  reason: string | null;
  created_at: number;
  updated_at: number;
}

/** A lead's link with its CRM contact. */
export interface CrmLinksTable {
  workspace_id: string;
  lead_id: string;
  crm_id: string | null;
  company_crm_id: string | null;
  pushed_digest: string | null;
  noted_at: number | null;
  pushed_at: number | null;
}

/** Columns with a default are Generated: the row is made with the workspace id alone. */
export interface CrmSyncStateTable {
  workspace_id: string;
  /** The last lead change queued: (updated_at, id) of the leads table. */
  lead_cursor_at: Generated<number>;
  lead_cursor_id: Generated<string>;
  /** The CRM's own cursor of customers pulled. */
  pull_cursor: string | null;
  next_pull_at: Generated<number>;
  /** The rate-limit window: when it began and the calls taken in it. */
  window_start: Generated<number>;
  window_used: Generated<number>;
  /** Until when the CRM asked to be left alone (429's Retry-After). */
  blocked_until: Generated<number>;
  /** Why the CRM refuses the token: pushes wait until a new bind. */
  auth_error: string | null;
  last_call_at: number | null;
  last_sync_at: number | null;
  pushed: Generated<number>;
  pulled: Generated<number>;
}

export interface CrmErrorsTable {
  workspace_id: string;
  kind: string;
  count: number;
  last_message: string | null;
  last_at: number;
}

/** A contact the CRM calls a customer: campaigns never invite them. */
export interface CrmCustomersTable {
  workspace_id: string;
  crm_id: string;
  email: string | null;
  username: string | null;
  created_at: number;
}
