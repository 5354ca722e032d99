// Hunter's Email Finder (GET /v2/email-finder with the person's names and the company's domain;
// no official Node SDK is maintained, so its documented REST API with the schemas beside it).
// One look-up per person; Hunter charges its own credit only when it finds an email.
import type { EnrichmentQuery } from '../enrichment.provider.js';
import { callVendor } from '../vendor-http.js';
import type { EnrichmentVendor, VendorAnswer } from '../vendor.js';
import { HunterErrorAnswer, HunterFinderAnswer } from './hunter.schema.js';

export class HunterVendor implements EnrichmentVendor {
  readonly name = 'hunter';
  constructor(
    private readonly apiKey: string,
    private readonly options: { baseUrl: string; timeoutMs: number },
  ) {}

  async find(q: EnrichmentQuery): Promise<VendorAnswer> {
    // Hunter needs a domain and both names: without them it cannot find anyone, and is not asked.
    if (!q.companyDomain || !q.firstName || !q.lastName) return { email: null, phone: null };
    const url = new URL('/v2/email-finder', this.options.baseUrl);
    url.searchParams.set('domain', q.companyDomain);
    url.searchParams.set('first_name', q.firstName);
    url.searchParams.set('last_name', q.lastName);
    // The key goes in a header, never in the URL (which proxies and logs keep).
    const answer = await callVendor(
      { vendor: this.name, url, headers: { 'X-API-KEY': this.apiKey }, timeoutMs: this.options.timeoutMs },
      { 200: HunterFinderAnswer, 400: HunterErrorAnswer, 404: HunterErrorAnswer, 451: HunterErrorAnswer },
    );
    // 404: no one by that name at that domain; 451: the person asked Hunter not to be processed; 400: Hunter cannot search with these.
    if (answer.status !== 200) return { email: null, phone: null };
    return { email: answer.body.data.email, phone: answer.body.data.phone_number ?? null };
  }
}
