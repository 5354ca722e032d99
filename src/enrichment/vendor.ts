// One real enrichment vendor (Hunter, Dropcontact, …), each in its own folder, and the faults a
// vendor call ends in. The waterfall (waterfall.ts) chains vendors; only the composition root
// names a concrete one.
import type { EnrichmentQuery } from './enrichment.provider.js';

/** What one vendor answers for one person: an email (or none) and a phone when it has one. */
export interface VendorAnswer {
  email: string | null;
  phone: string | null;
}

export interface EnrichmentVendor {
  readonly name: string;
  find(query: EnrichmentQuery): Promise<VendorAnswer>;
}

/** Builds a vendor from its API key (the composition root's table of vendors). */
export type VendorFactory = (apiKey: string) => EnrichmentVendor;

/** No answer now (rate-limited, 5xx, a time-out, a lost answer): the lead waits; `retryAfterMs` when the vendor said. */
export class VendorUnavailable extends Error {
  constructor(
    readonly vendor: string,
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'VendorUnavailable';
  }
}

/** The vendor refuses the key (401/403, no credits left with it): the lead waits until the binding is mended. */
export class VendorRefused extends Error {
  constructor(
    readonly vendor: string,
    message: string,
  ) {
    super(message);
    this.name = 'VendorRefused';
  }
}

/** The vendor answered something that is not its documented shape: that person gets nothing from it. */
export class VendorGarbage extends Error {
  constructor(
    readonly vendor: string,
    message: string,
  ) {
    super(message);
    this.name = 'VendorGarbage';
  }
}
