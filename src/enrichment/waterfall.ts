// A workspace's chain of real vendors, asked in the order bound: the next one only when the one
// before found no email. A vendor that cannot answer now (rate-limited, 5xx, no answer) stops
// the chain for that person, who waits (asking the next vendor instead would buy from it what
// the first may still give); it is left alone until its Retry-After (or a minute) has passed. A
// vendor that refuses the key is recorded for the operator and left alone for ten minutes. A
// vendor that answers garbage counts as having found nothing for that person, reported once.
import type { Clock } from '../shared/clock.js';
import type { EnrichmentFound, EnrichmentProvider, EnrichmentQuery } from './enrichment.provider.js';
import { VendorGarbage, VendorRefused, VendorUnavailable, type EnrichmentVendor } from './vendor.js';

const DEFAULT_PAUSE_MS = 60_000;
const REFUSED_PAUSE_MS = 600_000;

export interface WaterfallHooks {
  clock: Clock;
  /** A refusal or garbage, for the operator (the log and `enrichment status`); never carries the key. */
  onFault: (vendor: string, fault: string) => Promise<void>;
}

export class WaterfallEnrichment implements EnrichmentProvider {
  readonly name: string;
  private readonly pausedUntil = new Map<string, number>();

  constructor(
    private readonly vendors: readonly EnrichmentVendor[],
    readonly reaskDays: number,
    private readonly hooks: WaterfallHooks,
  ) {
    this.name = vendors.map((v) => v.name).join(',');
  }

  async find(q: EnrichmentQuery): Promise<EnrichmentFound> {
    let phone: string | null = null;
    for (const vendor of this.vendors) {
      const now = this.hooks.clock.now();
      if ((this.pausedUntil.get(vendor.name) ?? 0) > now) throw new VendorUnavailable(vendor.name, `${vendor.name} is paused`);
      try {
        const answer = await vendor.find(q);
        phone ??= answer.phone;
        if (answer.email !== null) return { email: answer.email, phone, vendor: vendor.name };
      } catch (err) {
        if (err instanceof VendorUnavailable) {
          this.pausedUntil.set(vendor.name, now + (err.retryAfterMs ?? DEFAULT_PAUSE_MS));
          throw err;
        }
        if (err instanceof VendorRefused) {
          this.pausedUntil.set(vendor.name, now + REFUSED_PAUSE_MS);
          await this.hooks.onFault(vendor.name, err.message);
          throw new VendorUnavailable(vendor.name, err.message);
        }
        if (!(err instanceof VendorGarbage)) throw err;
        await this.hooks.onFault(vendor.name, err.message);
      }
    }
    return { email: null, phone };
  }
}
