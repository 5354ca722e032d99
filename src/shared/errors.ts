// Domain errors carry a stable code; the HTTP edge maps codes to statuses and bodies in one
// table (src/http/error-table.ts). Nothing below the routes knows about HTTP.
export type DomainErrorCode =
  | 'lead_not_found'
  | 'note_not_found'
  | 'invalid_cursor'
  | 'invalid_team_member_filter'
  | 'campaign_not_found'
  | 'campaign_archived'
  | 'team_member_forbidden'
  | 'account_not_connected'
  | 'contact_not_found'
  | 'contact_not_connected'
  | 'network_limit_reached'
  | 'network_lookup_limit_reached'
  | 'network_message_limit_reached'
  | 'network_own_limit_reached'
  | 'no_network_bound'
  | 'network_unavailable'
  | 'hook_unauthorized'
  | 'hook_body_invalid'
  | 'webhook_not_found'
  | 'webhook_url_refused'
  | 'webhook_url_unresolvable';

export class DomainError extends Error {
  /** `retryAfterMs`: when the caller may try again (sent as Retry-After), if known. */
  constructor(readonly code: DomainErrorCode, message: string = code, readonly retryAfterMs: number | null = null) {
    super(message);
    this.name = 'DomainError';
  }
}

/** An operator-facing failure (CLI): printed without a stack trace, exit code 1. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A usage error about one named setting, so a form can show the message next to its field. */
export class InvalidSetting extends UsageError {
  constructor(readonly field: string, message: string) {
    super(message);
    this.name = 'InvalidSetting';
  }
}
