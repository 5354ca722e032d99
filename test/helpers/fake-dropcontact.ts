// A local stand-in for Dropcontact's batch API (POST /batch, GET /batch/{id}, key in
// X-Access-Token), its answers in the documented shape (src/enrichment/dropcontact/
// dropcontact.schema.ts). A request is ready after `pollsBeforeReady` polls. Tests say who has
// which email and count the submissions.
import type { IncomingMessage } from 'node:http';
import { DropcontactError, DropcontactResult, DropcontactSubmitted } from '../../src/enrichment/dropcontact/dropcontact.schema.js';
import { FakeVendorServer, type Reply } from './fake-vendor-server.js';

interface Contact { first_name: string; last_name: string; website: string }

export class FakeDropcontact extends FakeVendorServer {
  /** Every contact submitted (a request that reached the fake), in order. */
  readonly submitted: Contact[] = [];
  pollsBeforeReady = 1;
  private readonly emails = new Map<string, string>();
  private readonly requests = new Map<string, { contact: Contact; polls: number }>();

  constructor(readonly key = 'dropcontact-test-key-29ab') {
    super();
  }

  knows(first: string, last: string, website: string, email: string): this {
    this.emails.set(`${first} ${last}@${website}`.toLowerCase(), email);
    return this;
  }

  protected answer(req: IncomingMessage, body: string, url: URL): Reply {
    if (req.headers['x-access-token'] !== this.key) return { status: 401, body: { error: true, reason: 'Invalid token' }, shape: DropcontactError };
    if (req.method === 'POST' && url.pathname === '/batch') {
      const contact = (JSON.parse(body) as { data: Contact[] }).data[0]!;
      this.submitted.push(contact);
      const id = `req_${this.submitted.length}`;
      this.requests.set(id, { contact, polls: 0 });
      return { status: 200, body: { error: false, success: true, request_id: id, credits_left: 1000 }, shape: DropcontactSubmitted };
    }
    const request = this.requests.get(url.pathname.replace('/batch/', ''));
    if (!request) return { status: 400, body: { error: true, reason: 'Unknown request id' }, shape: DropcontactError };
    if (request.polls++ < this.pollsBeforeReady) return { status: 200, body: { error: false, success: false, reason: 'Request not ready yet, try again in 30 seconds' }, shape: DropcontactResult };
    const { contact } = request;
    const email = this.emails.get(`${contact.first_name} ${contact.last_name}@${contact.website}`.toLowerCase());
    return {
      status: 200,
      body: {
        error: false,
        success: true,
        data: [{ civility: null, first_name: contact.first_name, last_name: contact.last_name, full_name: `${contact.first_name} ${contact.last_name}`, email: email ? [{ email, qualification: 'nominative@pro' }] : [], phone: null, website: contact.website }],
      },
      shape: DropcontactResult,
    };
  }
}
