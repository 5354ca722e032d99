// The seam to an enrichment vendor: finds a person's work email and phone. Implementations:
// `sandbox` (deterministic, from the seed) and, later, real vendors; each workspace is bound to
// its own (none by default), resolved by the registry of the composition root.
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
}

export interface EnrichmentProvider {
  readonly name: string;
  find(query: EnrichmentQuery): Promise<EnrichmentFound>;
}

/** Finds an email for about 70% of people and a phone for about 40%, always the same for the same seed. */
export class SandboxEnrichment implements EnrichmentProvider {
  readonly name = 'sandbox';
  constructor(private readonly seed: string) {}

  private fraction(...parts: string[]): number {
    return seededRandom(this.seed).fraction('enrich', ...parts);
  }

  async find(q: EnrichmentQuery): Promise<EnrichmentFound> {
    const local = [q.firstName, q.lastName].filter(Boolean).join('.').toLowerCase().replace(/[^a-z0-9.]+/g, '') || q.urn.toLowerCase();
    const email = this.fraction('email', q.urn) < 0.7 ? `${local}@${q.companyDomain ?? 'mail.test'}` : null;
    const phone = this.fraction('phone', q.urn) < 0.4 ? `+1555${String(Math.floor(this.fraction('digits', q.urn) * 1e7)).padStart(7, '0')}` : null;
    return { email, phone };
  }
}
