// Stored answers to writes sent with an Idempotency-Key (migration 0094).

export interface IdempotencyKeysTable {
  workspace_id: string;
  idempotency_key: string;
  /** sha256 hex of the method, path and body of the request that first used the key. */
  request_hash: string;
  created_at: number;
  /** The process that claimed the key: `host|pid|nonce`. */
  claimed_by: string;
  /** The answer's status; null while the first request is still in flight. */
  status: number | null;
  content_type: string | null;
  body: string | null;
}
