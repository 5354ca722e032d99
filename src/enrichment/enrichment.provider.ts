// The seam to an enrichment vendor: finds a person's work email and phone. Implementations:
// `sandbox` (deterministic, from the seed) and the waterfall of real vendors (waterfall.ts, each
// vendor in its own folder); each workspace is bound to its own (none by default), resolved by
// the registry of the composition root.
import { seededRandom } from '../shared/random.js';

export interface EnrichmentQuery {
  urn: string;
  firstName: string | null;
  lastName: string | null;
  /** The company's website host, when known (emails are at the company's domain). */
  companyDomain: string | null;
}

export interface EnrichmentFound {
  email: string | null;
  phone: string | null;
  /** The vendor that found the email; the sandbox leaves it out. */
  vendor?: string;
}

export interface EnrichmentProvider {
  readonly name: string;
  /** Throws VendorUnavailable when no answer can be had now (the lead waits, nothing spent). */
  find(query: EnrichmentQuery): Promise<EnrichmentFound>;
  /** Days after which a person without a usable email is asked again (real vendors; the sandbox never re-asks). */
  readonly reaskDays?: number;
}

/**
 * What the sandbox vendor finds for a person: an email for about 70% of people and a phone for
 * about 40%, always the same for the same seed. The email is the person's name at the company's
 * domain with a tag of their own, so two people of the same name never share one (the demo
 * seeds its leads' emails with this too).
 */
export function sandboxFinding(seed: string, q: EnrichmentQuery): EnrichmentFound {
  const random = seededRandom(seed);
  const fraction = (...parts: string[]) => random.fraction('enrich', ...parts);
  const name = [q.firstName, q.lastName].filter(Boolean).join('.').toLowerCase().replace(/[^a-z0-9.]+/g, '');
  const tag = Math.floor(fraction('tag', q.urn) * 36 ** 4).toString(36).padStart(4, '0');
  const local = name === '' ? q.urn.toLowerCase() : `${name}.${tag}`;
  const email = fraction('email', q.urn) < 0.7 ? `${local}@${q.companyDomain ?? 'mail.test'}` : null;
  const phone = fraction('phone', q.urn) < 0.4 ? `+1555${String(Math.floor(fraction('digits', q.urn) * 1e7)).padStart(7, '0')}` : null;
  return { email, phone };
}

export class SandboxEnrichment implements EnrichmentProvider {
  readonly name = 'sandbox';
  constructor(private readonly seed: string) {}

  async find(q: EnrichmentQuery): Promise<EnrichmentFound> {
    return sandboxFinding(this.seed, q);
  }
}
