// What the provider meant to send under each idempotency key, written before the call. Unipile
// knows nothing of our keys; after a crash or a time-out, this record tells reconciliation where
// to look (which account, which person, which text) and since when.
export interface SendIntent {
  key: string;
  kind: 'invitation' | 'message';
  accountId: string;
  providerId: string;
  text: string | null;
  /** When the call was about to be made: anything the account sent to that person since is it. */
  at: number;
  /** Unipile's reference once known (invitation id or message id). */
  ref: string | null;
}

export interface SendLedger {
  find(key: string): Promise<SendIntent | null>;
  /** Records the intent; keeps an existing one for the same key. */
  record(intent: SendIntent): Promise<void>;
  settle(key: string, ref: string): Promise<void>;
}

/** In process memory: for tests, and until the workspace binding gives it a table. */
export class MemoryLedger implements SendLedger {
  private readonly rows = new Map<string, SendIntent>();
  async find(key: string) {
    return this.rows.get(key) ?? null;
  }
  async record(intent: SendIntent) {
    if (!this.rows.has(intent.key)) this.rows.set(intent.key, { ...intent });
  }
  async settle(key: string, ref: string) {
    const row = this.rows.get(key);
    if (row) row.ref = ref;
  }
}
