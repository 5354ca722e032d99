// A local stand-in for Hunter's Email Finder (GET /v2/email-finder, key in X-API-KEY), its
// answers in the documented shape (src/enrichment/hunter/hunter.schema.ts). Tests say who has
// which email and count the calls.
import type { IncomingMessage } from 'node:http';
import { HunterErrorAnswer, HunterFinderAnswer } from '../../src/enrichment/hunter/hunter.schema.js';
import { FakeVendorServer, type Reply } from './fake-vendor-server.js';

export class FakeHunter extends FakeVendorServer {
  /** Every look-up that reached the fake (failed ones included), with the key it carried. */
  readonly calls: { first: string; last: string; domain: string; key: string | undefined }[] = [];
  private readonly emails = new Map<string, string>();

  constructor(readonly key = 'hunter-test-key-6f1c') {
    super();
  }

  /** Hunter knows `email` for that name at that domain. */
  knows(first: string, last: string, domain: string, email: string): this {
    this.emails.set(`${first} ${last}@${domain}`.toLowerCase(), email);
    return this;
  }

  protected answer(req: IncomingMessage, _body: string, url: URL): Reply {
    const p = url.searchParams;
    const key = req.headers['x-api-key'] as string | undefined;
    this.calls.push({ first: p.get('first_name') ?? '', last: p.get('last_name') ?? '', domain: p.get('domain') ?? '', key });
    if (url.pathname !== '/v2/email-finder') return { status: 404, body: { errors: [{ id: 'not_found', code: 404, details: 'no such route' }] }, shape: HunterErrorAnswer };
    if (key !== this.key) return { status: 401, body: { errors: [{ id: 'authentication_failed', code: 401, details: 'No user found for the API key supplied' }] }, shape: HunterErrorAnswer };
    const email = this.emails.get(`${p.get('first_name')} ${p.get('last_name')}@${p.get('domain')}`.toLowerCase()) ?? null;
    return {
      status: 200,
      body: {
        data: { first_name: p.get('first_name'), last_name: p.get('last_name'), email, score: email ? 94 : null, domain: p.get('domain'), accept_all: false, position: null, twitter: null, linkedin_url: null, phone_number: null, company: null, sources: [], verification: { date: null, status: email ? 'valid' : null } },
        meta: { params: { first_name: p.get('first_name'), last_name: p.get('last_name'), full_name: null, domain: p.get('domain'), company: null, max_duration: null } },
      },
      shape: HunterFinderAnswer,
    };
  }
}
