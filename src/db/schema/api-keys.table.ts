export interface ApiKeysTable {
  id: string;
  workspace_id: string;
  name: string | null;
  /** SHA-256 of the key; the key itself is shown once and never stored. */
  key_hash: string;
  key_prefix: string;
  created_at: number;
  revoked_at: number | null;
}
