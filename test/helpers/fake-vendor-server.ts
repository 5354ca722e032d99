// The plumbing the enrichment vendors' local fakes share: an HTTP server on 127.0.0.1 (a free
// port), every answer checked against the vendor's documented shape before it is sent, and
// failures to inject, each for a number of calls: a status (429 with Retry-After, 500), a lost
// answer (the connection dropped after the request arrived), an answer that is not the
// documented shape.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

export type VendorFailure = { status: 429; retryAfterSeconds: number } | { status: 500 } | { lost: true } | { garbage: true };

export interface Reply {
  status: number;
  body: unknown;
  /** The documented shape the body must have (checked before sending: a fake that drifts fails the test). */
  shape: TSchema;
}

export abstract class FakeVendorServer {
  url = '';
  private server: http.Server | null = null;
  private failures: { failure: VendorFailure; times: number }[] = [];
  /** Answers that did not match their documented shape: must stay empty. */
  readonly drift: string[] = [];
  private received = 0;
  private hold: { after: number; onHeld: () => void } | null = null;
  private held: (() => void)[] = [];

  /** Requests after the next `after` are held unanswered (a caller to kill mid-call); `onHeld` as the first is held. */
  holdAfter(after: number, onHeld: () => void): void {
    this.hold = { after: this.received + after, onHeld };
  }

  /** Answers the held requests (to whoever still listens) and stops holding. */
  release(): void {
    this.hold = null;
    for (const answer of this.held.splice(0)) answer();
  }

  /** The next `times` calls fail so. */
  fail(failure: VendorFailure, times = 1): void {
    this.failures.push({ failure, times });
  }

  protected abstract answer(req: IncomingMessage, body: string, url: URL): Reply;

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const n = ++this.received;
        if (!this.hold || n <= this.hold.after) return this.handle(req, res, body);
        this.held.push(() => this.handle(req, res, body));
        if (this.held.length === 1) this.hold.onHeld();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  private handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', this.url);
    const reply = this.answer(req, body, url);
    const next = this.failures[0];
    if (next) {
      if (--next.times === 0) this.failures.shift();
      const f = next.failure;
      if ('lost' in f) return req.socket.destroy();
      if ('garbage' in f) return send(res, 200, { data: 'not what the documentation says' });
      if (f.status === 429) return send(res, 429, { errors: [{ id: 'too_many_requests', code: 429 }] }, { 'retry-after': String(f.retryAfterSeconds) });
      return send(res, 500, { errors: [{ id: 'server_error', code: 500 }] });
    }
    if (!Value.Check(reply.shape, reply.body)) this.drift.push(`${req.method} ${url.pathname}: ${JSON.stringify(reply.body)}`);
    send(res, reply.status, reply.body);
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
