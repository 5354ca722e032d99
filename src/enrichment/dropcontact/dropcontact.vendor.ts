// Dropcontact's batch API (POST /batch, then GET /batch/{id} until ready; no official Node SDK,
// so its documented REST API with the schemas beside it). One person per request: the waterfall
// asks person by person. Only a nominative work address counts (`nominative@pro`): a generic or
// personal one is not the person's work email.
import { setTimeout as sleep } from 'node:timers/promises';
import type { EnrichmentQuery } from '../enrichment.provider.js';
import { callVendor } from '../vendor-http.js';
import { VendorGarbage, VendorUnavailable, type EnrichmentVendor, type VendorAnswer } from '../vendor.js';
import { DropcontactError, DropcontactResult, DropcontactSubmitted } from './dropcontact.schema.js';

export class DropcontactVendor implements EnrichmentVendor {
  readonly name = 'dropcontact';
  constructor(
    private readonly apiKey: string,
    private readonly options: { baseUrl: string; timeoutMs: number; pollMs: number },
  ) {}

  async find(q: EnrichmentQuery): Promise<VendorAnswer> {
    if (!q.firstName || !q.lastName || !q.companyDomain) return { email: null, phone: null };
    const headers = { 'X-Access-Token': this.apiKey };
    const timeoutMs = this.options.timeoutMs;
    const submitted = await callVendor(
      {
        vendor: this.name,
        url: new URL('/batch', this.options.baseUrl),
        method: 'POST',
        headers,
        body: { data: [{ first_name: q.firstName, last_name: q.lastName, website: q.companyDomain }], siren: false, language: 'en' },
        timeoutMs,
      },
      { 200: DropcontactSubmitted, 201: DropcontactSubmitted, 400: DropcontactError },
    );
    if (submitted.status === 400) return { email: null, phone: null };
    // Dropcontact works in the background; its answer is polled for no longer than one call's time limit.
    const url = new URL(`/batch/${encodeURIComponent(submitted.body.request_id)}`, this.options.baseUrl);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await sleep(this.options.pollMs);
      const result = await callVendor({ vendor: this.name, url, headers, timeoutMs }, { 200: DropcontactResult });
      if (result.body.success) {
        const contact = result.body.data[0];
        if (!contact) throw new VendorGarbage(this.name, 'dropcontact answered no contact for the one sent');
        const email = contact.email?.find((e) => e.qualification?.startsWith('nominative@pro'))?.email ?? null;
        return { email, phone: contact.phone ?? contact.mobile_phone ?? null };
      }
      if (Date.now() >= deadline) throw new VendorUnavailable(this.name, 'dropcontact had no answer ready in time');
    }
  }
}
