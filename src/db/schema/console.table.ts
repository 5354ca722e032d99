export interface ConsoleCredentialsTable {
  workspace_id: string;
  member_id: string;
  /** Lower-cased; the sign-in form's email is looked up here. */
  email: string;
  role: 'admin' | 'member';
  /** Null until the member sets a password through an invitation link. */
  password_hash: string | null;
  updated_at: number;
}

export interface ConsoleInvitesTable {
  token_hash: string;
  workspace_id: string;
  member_id: string;
  expires_at: number;
  used_at: number | null;
}

export interface ConsoleSessionsTable {
  token_hash: string;
  workspace_id: string;
  member_id: string;
  created_at: number;
  last_seen_at: number;
}

export interface ConsoleSignInFailuresTable {
  /** `account:<email>` or `address:<ip>`. */
  subject: string;
  failed_at: number;
}

/** A member's saved view of the leads page: the page's URL query under a name. */
export interface ConsoleSavedViewsTable {
  workspace_id: string;
  id: string;
  member_id: string;
  name: string;
  /** The leads page's URL query (`status=QUALIFIED&sort_by=oldest_first`), as the console wrote it. */
  query: string;
  created_at: number;
}
