// Enrichment's cache and vendor faults (migration 0100); the do-not-process list (0101).

export interface EnrichmentResultsTable {
  workspace_id: string;
  /** The person's network id (a lead's contact_urn, else the lead id). */
  person: string;
  /** FOUND (email kept, its credit taken) | HELD (found while out of credits, not charged yet) | NOT_FOUND. */
  outcome: string;
  email: string | null;
  /** The vendor that answered (the last one asked when none found). */
  vendor: string | null;
  asked_at: number;
  /** When a person without a usable email may be asked again; null for FOUND. */
  reask_at: number | null;
}

export interface EnrichmentVendorFaultsTable {
  workspace_id: string;
  vendor: string;
  /** What the vendor refused, in the operator's words (never the key). */
  fault: string;
  at: number;
}

export interface DoNotProcessTable {
  workspace_id: string;
  /** sha256 hex of `urn:<urn>` or `email:<lower-case email>`. */
  digest: string;
  created_at: number;
}
