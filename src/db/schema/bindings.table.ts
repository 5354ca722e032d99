// Which outside system serves each workspace (migration 0015). No row: none.

export interface WorkspaceBindingsTable {
  workspace_id: string;
  /** network | enrichment */
  service: string;
  /** A provider name of that service (bindings.ts), never `none`. */
  provider: string;
  /** JSON: the provider's settings (the sandbox: {"activity": true|false}). Exported with snapshots. */
  options: string;
  /** Encrypted credentials of a real provider; never exported, logged or returned. */
  credentials: string | null;
  updated_at: number;
}
