// A local HubSpot for the tests: the CRM v3 contacts, companies and notes, v4 default associations
// and the account details, as @hubspot/api-client calls them. Every answer is typed with the SDK's
// own model classes (their JSON form: dates as strings), so the fake cannot drift from what the
// SDK reads. Levers: contacts made customers, merged or deleted as a sales team would in HubSpot;
// a value HubSpot refuses; failures and delays from FakeHttps.
import type { IncomingMessage } from 'node:http';
import type {
  BatchResponseSimplePublicObject,
  CollectionResponseWithTotalSimplePublicObjectForwardPaging,
  SimplePublicObject,
  SimplePublicObjectInputForCreate,
  PublicObjectSearchRequest,
  BatchReadInputSimplePublicObjectId,
  ModelError as HubSpotError,
} from '@hubspot/api-client/lib/codegen/crm/contacts/index.js';
import type { BatchResponsePublicDefaultAssociation } from '@hubspot/api-client/lib/codegen/crm/associations/v4/index.js';
import { FakeHttps, type Answer } from './fake-https.js';

/** A model's JSON form: what goes over the wire (dates as ISO strings). */
export type Json<T> = T extends Date ? string : T extends (infer U)[] ? Json<U>[] : T extends object ? { [K in keyof T]: Json<T[K]> } : T;

export interface FakeObject {
  id: string;
  properties: Record<string, string | null>;
  createdAt: number;
  updatedAt: number;
  companyIds: Set<string>;
  /** Notes: the contacts they are associated with. */
  contactIds: Set<string>;
  deleted: boolean;
  /** Merged into this contact (the id then reads as the survivor). */
  mergedInto: string | null;
}

export class FakeHubSpot extends FakeHttps {
  readonly portalId = 4242;
  readonly contacts = new Map<string, FakeObject>();
  readonly companies = new Map<string, FakeObject>();
  readonly notes = new Map<string, FakeObject>();
  /** Searches for customers (the sync's pull), apart from the searches for one contact. */
  customerSearches = 0;
  /** Lever: an email value HubSpot refuses as invalid (a property it will not take). */
  readonly refusedEmails = new Set<string>();
  private seq = 100;
  private clock = Date.parse('2026-11-01T09:00:00Z');

  constructor(readonly token = 'pat-na1-fake-hubspot-token') {
    super();
  }

  // ---- the world, as a sales team changes it in HubSpot ------------------------------------

  /** Live (not deleted, not merged away) contacts. */
  liveContacts(): FakeObject[] {
    return [...this.contacts.values()].filter((c) => !c.deleted && c.mergedInto === null);
  }

  addContact(properties: Record<string, string>): FakeObject {
    return this.make(this.contacts, properties);
  }

  addCompany(properties: Record<string, string>): FakeObject {
    return this.make(this.companies, properties);
  }

  setProperty(id: string, name: string, value: string): void {
    const c = this.contacts.get(id)!;
    c.properties[name] = value;
    c.updatedAt = this.tick();
    c.properties.lastmodifieddate = new Date(c.updatedAt).toISOString();
  }

  /** Merges `loser` into `survivor`: the loser's id reads as the survivor from now on. */
  merge(loser: string, survivor: string): void {
    this.contacts.get(loser)!.mergedInto = survivor;
    const s = this.contacts.get(survivor)!;
    s.properties.hs_merged_object_ids = [...(s.properties.hs_merged_object_ids ?? '').split(';').filter(Boolean), loser].join(';');
    s.updatedAt = this.tick();
  }

  delete(id: string): void {
    this.contacts.get(id)!.deleted = true;
  }

  notesOf(contactId: string): FakeObject[] {
    return [...this.notes.values()].filter((n) => n.contactIds.has(contactId));
  }

  // ---- HTTP ------------------------------------------------------------------------------------

  protected authorized(req: IncomingMessage): boolean {
    return req.headers.authorization === `Bearer ${this.token}`;
  }

  protected unauthorized(): Answer {
    return { status: 401, body: this.error('Authentication credentials not found.', 'INVALID_AUTHENTICATION') };
  }

  protected failureBody(status: number): Json<HubSpotError> {
    return this.error(status === 429 ? 'You have reached your ten_secondly_rolling limit.' : `status ${status}`, status === 429 ? 'RATE_LIMITS' : 'SERVER_ERROR');
  }

  protected route(method: string, url: URL, body: Record<string, unknown>): Answer | null {
    const p = url.pathname;
    if (method === 'GET' && p === '/account-info/v3/details') {
      // Not in the SDK (the service calls it raw): the fields of HubSpot's documented answer it reads.
      return { status: 200, body: { portalId: this.portalId, accountType: 'STANDARD', timeZone: 'Europe/Paris', companyCurrency: 'EUR', additionalCurrencies: [], utcOffset: '+01:00', utcOffsetMilliseconds: 3600000, uiDomain: 'app-eu1.hubspot.com', dataHostingLocation: 'eu1' } };
    }
    let m: RegExpExecArray | null;
    if (method === 'POST' && (m = /^\/crm\/v3\/objects\/(contacts|companies)\/search$/.exec(p))) return this.search(m[1] === 'contacts' ? this.contacts : this.companies, body as Json<PublicObjectSearchRequest>);
    if (method === 'POST' && (m = /^\/crm\/v3\/objects\/(contacts|companies|notes)$/.exec(p))) return this.create(m[1]!, body as Json<SimplePublicObjectInputForCreate>);
    if (method === 'PATCH' && (m = /^\/crm\/v3\/objects\/contacts\/([^/]+)$/.exec(p))) return this.update(decodeURIComponent(m[1]!), body as { properties: Record<string, string> });
    if (method === 'POST' && p === '/crm/v3/objects/contacts/batch/read') return this.batchRead(body as Json<BatchReadInputSimplePublicObjectId>);
    if (method === 'PUT' && (m = /^\/crm\/v4\/objects\/contacts\/([^/]+)\/associations\/default\/companies\/([^/]+)$/.exec(p))) return this.associate(m[1]!, m[2]!);
    return null;
  }

  private tick(): number {
    return ++this.clock;
  }

  /** HubSpot's error body: the SDK's ModelError, with the `status` HubSpot adds. */
  private error(message: string, category: string): Json<HubSpotError> & { status: string } {
    return { status: 'error', message, correlationId: 'fake-correlation-id', category };
  }

  private make(store: Map<string, FakeObject>, properties: Record<string, string>): FakeObject {
    const at = this.tick();
    const o: FakeObject = { id: String(++this.seq), properties: { ...properties, lastmodifieddate: new Date(at).toISOString(), createdate: new Date(at).toISOString() }, createdAt: at, updatedAt: at, companyIds: new Set(), contactIds: new Set(), deleted: false, mergedInto: null };
    store.set(o.id, o);
    return o;
  }

  private json(o: FakeObject, properties?: string[]): Json<SimplePublicObject> {
    const props = properties ? Object.fromEntries(properties.map((k) => [k, o.properties[k] ?? null])) : o.properties;
    return { id: o.id, properties: { ...props, hs_object_id: o.id }, createdAt: new Date(o.createdAt).toISOString(), updatedAt: new Date(o.updatedAt).toISOString(), archived: false };
  }

  private refused(properties: Record<string, string>): Answer | null {
    if (!properties.email || !this.refusedEmails.has(properties.email)) return null;
    return { status: 400, body: { ...this.error(`Property values were not valid: Email address ${properties.email} is invalid`, 'VALIDATION_ERROR'), errors: [{ message: `Email address ${properties.email} is invalid`, code: 'INVALID_EMAIL', context: { propertyName: ['email'] } }] } };
  }

  private create(kind: string, body: Json<SimplePublicObjectInputForCreate>): Answer {
    const refused = kind === 'contacts' ? this.refused(body.properties) : null;
    if (refused) return refused;
    if (kind === 'contacts' && body.properties.email && this.liveContacts().some((c) => c.properties.email?.toLowerCase() === body.properties.email!.toLowerCase())) {
      return { status: 409, body: this.error('Contact already exists.', 'CONFLICT') };
    }
    const store = kind === 'contacts' ? this.contacts : kind === 'companies' ? this.companies : this.notes;
    const o = this.make(store, body.properties);
    for (const a of body.associations ?? []) {
      if (kind === 'contacts' && a.types.some((t) => t.associationTypeId === 279)) o.companyIds.add(a.to.id);
      if (kind === 'notes' && a.types.some((t) => t.associationTypeId === 202)) o.contactIds.add(a.to.id);
    }
    return { status: 201, body: this.json(o) };
  }

  private update(id: string, body: { properties: Record<string, string> }): Answer {
    const c = this.contacts.get(id);
    if (!c || c.deleted || c.mergedInto) return { status: 404, body: this.error(`resource not found`, 'OBJECT_NOT_FOUND') };
    const refused = this.refused(body.properties);
    if (refused) return refused;
    Object.assign(c.properties, body.properties);
    c.updatedAt = this.tick();
    c.properties.lastmodifieddate = new Date(c.updatedAt).toISOString();
    return { status: 200, body: this.json(c) };
  }

  private associate(contactId: string, companyId: string): Answer {
    const c = this.contacts.get(contactId);
    if (!c || !this.companies.has(companyId)) return { status: 404, body: this.error('resource not found', 'OBJECT_NOT_FOUND') };
    c.companyIds.add(companyId);
    const now = new Date().toISOString();
    const answer: Json<BatchResponsePublicDefaultAssociation> = {
      status: 'COMPLETE' as never,
      results: [{ _from: { id: contactId }, to: { id: companyId }, associationSpec: { associationCategory: 'HUBSPOT_DEFINED' as never, associationTypeId: 279 } }],
      startedAt: now,
      completedAt: now,
    };
    return { status: 200, body: answer };
  }

  private search(store: Map<string, FakeObject>, request: Json<PublicObjectSearchRequest>): Answer {
    const live = [...store.values()].filter((o) => !o.deleted && o.mergedInto === null);
    if ((request.filterGroups ?? []).some((g) => g.filters.some((f) => f.propertyName === 'lifecyclestage'))) this.customerSearches++;
    const matches = (o: FakeObject, f: { propertyName: string; operator: string; value?: string }) => {
      const v = o.properties[f.propertyName];
      if (f.operator === 'EQ') return v != null && f.value !== undefined && v.toLowerCase() === f.value.toLowerCase();
      if (f.operator === 'GTE') return v != null && Date.parse(v) >= Number(f.value);
      throw new Error(`the fake does not search with ${f.operator}`);
    };
    let found = live.filter((o) => (request.filterGroups ?? []).some((g) => g.filters.every((f) => matches(o, f as never))));
    if (request.sorts?.includes('lastmodifieddate')) found = found.sort((a, b) => a.updatedAt - b.updatedAt);
    const start = Number(request.after ?? 0);
    const limit = request.limit ?? 10;
    const page = found.slice(start, start + limit);
    const answer: Json<CollectionResponseWithTotalSimplePublicObjectForwardPaging> = {
      total: found.length,
      results: page.map((o) => this.json(o, request.properties)),
      ...(start + limit < found.length ? { paging: { next: { after: String(start + limit) } } } : {}),
    };
    return { status: 200, body: answer };
  }

  private batchRead(request: Json<BatchReadInputSimplePublicObjectId>): Answer {
    const now = new Date().toISOString();
    const results = new Map<string, FakeObject>();
    const missing: string[] = [];
    for (const { id } of request.inputs) {
      let c = this.contacts.get(id);
      while (c?.mergedInto) c = this.contacts.get(c.mergedInto);
      if (!c || c.deleted) missing.push(id);
      else results.set(c.id, c);
    }
    const answer: Json<BatchResponseSimplePublicObject> & { errors?: unknown[]; numErrors?: number } = {
      status: 'COMPLETE' as never,
      results: [...results.values()].map((c) => this.json(c, request.properties)),
      startedAt: now,
      completedAt: now,
      ...(missing.length > 0 ? { numErrors: 1, errors: [{ status: 'error', category: 'OBJECT_NOT_FOUND', message: 'Could not get some CONTACT objects, they may be deleted or not exist.', context: { ids: missing } }] } : {}),
    };
    return { status: missing.length > 0 ? 207 : 200, body: answer };
  }
}

export async function startFakeHubSpot(): Promise<FakeHubSpot> {
  return new FakeHubSpot().start();
}
