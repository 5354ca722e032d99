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
