// A workspace's HubSpot through @hubspot/api-client: contacts found by email or the profile URL
// property in one search, made with their company associated in the same call, notes associated
// with their contact as they are made. Every call goes through the workspace's gate (the rate
// limit in the store) and under a time limit, which the SDK lacks: a lost answer tears the
// connection down. The SDK's own limiter and retries stay off: the sync decides when to try again.
import https from 'node:https';
import type { Client } from '@hubspot/api-client';
import type { PublicObjectSearchRequest, SimplePublicObject } from '@hubspot/api-client/lib/codegen/crm/contacts/index.js';
import type { CrmContact, CrmCustomer, CrmGate, CrmLead, CrmPage, CrmProvider } from '../crm.provider.js';
import { withinTime } from '../crm.http.js';
import { toCrmError } from './hubspot.errors.js';
import { hubspotSdk } from './hubspot.sdk.js';

export interface HubSpotOptions {
  apiUrl: string;
  token: string;
  ca?: string;
  portalId: string;
  uiDomain: string;
  profileProperty: string;
  timeoutMs: number;
  gate: CrmGate;
}

/** The search API's ceiling on one page. */
const PAGE = 100;
// HubSpot's own association type ids (the SDK's AssociationTypes): contact → company, note → contact.
const CONTACT_TO_COMPANY = 279;
const NOTE_TO_CONTACT = 202;
const HUBSPOT_DEFINED = 'HUBSPOT_DEFINED';

type SearchRequest = PublicObjectSearchRequest;

export class HubSpotCrm implements CrmProvider {
  readonly name = 'hubspot';
  private readonly client: Client;
  private readonly agent: https.Agent;
  /** Companies found or made by this process: "d:<domain>" or "n:<name>" → id. */
  private readonly companies = new Map<string, string>();

  constructor(private readonly o: HubSpotOptions) {
    this.agent = new https.Agent({ keepAlive: true, ...(o.ca ? { ca: o.ca } : {}) });
    const { Client } = hubspotSdk();
    this.client = new Client({ accessToken: o.token, basePath: o.apiUrl, httpAgent: this.agent, numberOfApiCallRetries: 0 });
  }

  /**
   * Given to every call: the SDK (13.5) applies its configured middleware (the httpAgent above,
   * its headers) only when a call names options of its own, so each call names these, which add
   * nothing and keep the configured ones.
   */
  private readonly configured = { middleware: [], middlewareMergeStrategy: 'append' as const };

  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    await this.o.gate.before();
    try {
      const answer = await withinTime(run(), this.o.timeoutMs, () => this.agent.destroy(), `HubSpot (${what})`);
      await this.o.gate.answered();
      return answer;
    } catch (err) {
      throw toCrmError(err);
    }
  }

  private url(id: string): string {
    return `https://${this.o.uiDomain}/contacts/${this.o.portalId}/record/0-1/${id}`;
  }

  async find(lead: CrmLead): Promise<{ crmId: string; companyId: string | null } | null> {
    const prop = this.o.profileProperty;
    const groups: SearchRequest['filterGroups'] = [];
    if (lead.email) groups.push({ filters: [{ propertyName: 'email', operator: 'EQ' as never, value: lead.email }] });
    if (lead.profileUrl) groups.push({ filters: [{ propertyName: prop, operator: 'EQ' as never, value: lead.profileUrl }] });
    if (groups.length === 0) return null;
    // One search for both keys (filter groups are ORed); the email's match wins over the URL's.
    const answer = await this.call('search contacts', () => this.client.crm.contacts.searchApi.doSearch({ filterGroups: groups, properties: ['email', prop], limit: 10 }, this.configured));
    const byEmail = lead.email ? answer.results.find((r) => r.properties.email?.toLowerCase() === lead.email) : undefined;
    const byUrl = lead.profileUrl ? answer.results.find((r) => sameProfile(r.properties[prop], lead.profileUrl!)) : undefined;
    const found = byEmail ?? byUrl;
    return found ? { crmId: found.id, companyId: null } : null;
  }

  async push(lead: CrmLead, existing: { crmId: string; companyId: string | null } | null): Promise<CrmContact> {
    const companyId = lead.company ? await this.company(lead.company) : null;
    const properties = this.properties(lead);
    let contact: SimplePublicObject;
    if (existing) {
      contact = await this.call('update contact', () => this.client.crm.contacts.basicApi.update(existing.crmId, { properties }, undefined, this.configured));
      if (companyId && companyId !== existing.companyId) {
        await this.call('associate company', () => this.client.crm.associations.v4.basicApi.createDefault('contacts', contact.id, 'companies', companyId, this.configured));
      }
    } else {
      const associations = companyId ? [{ to: { id: companyId }, types: [{ associationCategory: HUBSPOT_DEFINED as never, associationTypeId: CONTACT_TO_COMPANY }] }] : [];
      contact = await this.call('create contact', () => this.client.crm.contacts.basicApi.create({ properties, associations }, this.configured));
    }
    return { crmId: contact.id, url: this.url(contact.id), companyId };
  }

  /** The lead's fields as HubSpot's contact properties; a field the lead lacks is left as it is in HubSpot. */
  private properties(lead: CrmLead): Record<string, string> {
    const all: Record<string, string | null> = {
      email: lead.email,
      firstname: lead.firstName,
      lastname: lead.lastName,
      jobtitle: lead.jobTitle,
      phone: lead.phone,
      company: lead.company?.name ?? null,
      [this.o.profileProperty]: lead.profileUrl,
    };
    return Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== null && e[1] !== ''));
  }

  /** The company's id: found by domain, then by name (one search), or made. */
  private async company(c: { name: string; domain: string | null }): Promise<string> {
    const key = c.domain ? `d:${c.domain}` : `n:${c.name.toLowerCase()}`;
    const known = this.companies.get(key);
    if (known) return known;
    const groups: SearchRequest['filterGroups'] = [{ filters: [{ propertyName: 'name', operator: 'EQ' as never, value: c.name }] }];
    if (c.domain) groups.unshift({ filters: [{ propertyName: 'domain', operator: 'EQ' as never, value: c.domain }] });
    const answer = await this.call('search companies', () => this.client.crm.companies.searchApi.doSearch({ filterGroups: groups, properties: ['domain', 'name'], limit: 10 }, this.configured));
    const byDomain = c.domain ? answer.results.find((r) => r.properties.domain?.toLowerCase() === c.domain) : undefined;
    const byName = answer.results.find((r) => r.properties.name?.toLowerCase() === c.name.toLowerCase());
    const id =
      (byDomain ?? byName)?.id ??
      (await this.call('create company', () => this.client.crm.companies.basicApi.create({ properties: { name: c.name, ...(c.domain ? { domain: c.domain } : {}) }, associations: [] }, this.configured))).id;
    this.companies.set(key, id);
    return id;
  }

  async note(crmId: string, text: string): Promise<void> {
    await this.call('create note', () =>
      this.client.crm.objects.notes.basicApi.create({
        properties: { hs_note_body: text, hs_timestamp: new Date().toISOString() },
        associations: [{ to: { id: crmId }, types: [{ associationCategory: HUBSPOT_DEFINED as never, associationTypeId: NOTE_TO_CONTACT }] }],
      }, this.configured),
    );
  }

  async customers(cursor: string | null): Promise<CrmPage<CrmCustomer>> {
    const prop = this.o.profileProperty;
    // Modified at or after the cursor: a contact modified in the cursor's own millisecond is read
    // again rather than missed (adding a customer twice changes nothing).
    const answer = await this.call('search customers', () =>
      this.client.crm.contacts.searchApi.doSearch({
        filterGroups: [{ filters: [{ propertyName: 'lifecyclestage', operator: 'EQ' as never, value: 'customer' }, { propertyName: 'lastmodifieddate', operator: 'GTE' as never, value: cursor ?? '0' }] }],
        sorts: ['lastmodifieddate'],
        properties: ['email', prop, 'lastmodifieddate'],
        limit: PAGE,
      }, this.configured),
    );
    const items = answer.results.map((r) => ({ crmId: r.id, email: r.properties.email ?? null, profileUrl: r.properties[prop] ?? null }));
    const last = answer.results.at(-1)?.properties.lastmodifieddate;
    const lastMs = last ? (/^\d+$/.test(last) ? Number(last) : Date.parse(last)) : NaN;
    return { items, cursor: Number.isFinite(lastMs) ? String(lastMs) : cursor, more: answer.results.length === PAGE && answer.paging?.next !== undefined };
  }

  async resolve(crmIds: string[]): Promise<Map<string, { crmId: string; url: string } | null>> {
    const fates = new Map<string, { crmId: string; url: string } | null>(crmIds.map((id) => [id, null]));
    if (crmIds.length === 0) return fates;
    // A merged-away id reads as the contact it was merged into, which lists it in hs_merged_object_ids;
    // a deleted one is among the answer's errors (207), so it stays null.
    const answer = await this.call('read contacts', () =>
      this.client.crm.contacts.batchApi.read({ inputs: crmIds.map((id) => ({ id })), properties: ['hs_merged_object_ids'], propertiesWithHistory: [] }, undefined, this.configured),
    );
    for (const r of answer.results) {
      const fate = { crmId: r.id, url: this.url(r.id) };
      if (fates.has(r.id)) fates.set(r.id, fate);
      for (const merged of (r.properties.hs_merged_object_ids ?? '').split(';')) if (fates.has(merged) && fates.get(merged) === null) fates.set(merged, fate);
    }
    return fates;
  }
}

/** Two profile URLs of one person: scheme, host, case and a trailing slash aside. */
function sameProfile(stored: string | null | undefined, wanted: string): boolean {
  if (!stored) return false;
  const norm = (u: string) => u.trim().toLowerCase().replace(/^https?:\/\/(www\.)?/, '').replace(/\/+$/, '');
  return norm(stored) === norm(wanted);
}
