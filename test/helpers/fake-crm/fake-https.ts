// The HTTPS server under each fake CRM: a self-signed certificate for 127.0.0.1 (handed to the
// service as --ca-file), JSON in and out, every call recorded, and the levers every fake shares:
// a failure for the next matching calls (a status with Retry-After, or an answer that never
// comes) and a delay between acting and answering (a crash test kills the service in between).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { closeLocalHttps, startLocalHttps } from '../local-https.js';

export type Failure = { status: number; body?: unknown; retryAfterSeconds?: number } | { hang: true };

export interface Answer {
  status: number;
  body: unknown;
}

export abstract class FakeHttps {
  url = '';
  ca = '';
  /** Every request as "METHOD /path". */
  readonly calls: string[] = [];
  /** Lever: a call matching `match` acts at once and answers `ms` later (a lost answer, a crash in between). */
  delayed: { match: RegExp; ms: number } | null = null;
  private server: Server | null = null;
  private rules: { match: RegExp; failure: Failure; times: number }[] = [];
  private hanging: ServerResponse[] = [];

  async start(): Promise<this> {
    ({ server: this.server, url: this.url, ca: this.ca } = await startLocalHttps((req, res) => void this.handle(req, res)));
    return this;
  }

  async close(): Promise<void> {
    await closeLocalHttps(this.server, this.hanging);
  }

  /** The next `times` calls whose "METHOD /path" matches fail this way. */
  fail(match: RegExp, failure: Failure, times = 1): void {
    this.rules.push({ match, failure, times });
  }

  /** Calls made whose "METHOD /path" matches. */
  count(match: RegExp): number {
    return this.calls.filter((c) => match.test(c)).length;
  }

  protected abstract authorized(req: IncomingMessage, url: URL): boolean;
  protected abstract unauthorized(): Answer;
  protected abstract route(method: string, url: URL, body: Record<string, unknown>): Answer | null;
  protected abstract failureBody(status: number): unknown;

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    this.calls.push(`${req.method} ${url.pathname}`);
    if (!this.authorized(req, url)) return this.send(res, this.unauthorized());
    const rule = this.rules.find((r) => r.times > 0 && r.match.test(`${req.method} ${url.pathname}`));
    if (rule) {
      rule.times--;
      const f = rule.failure;
      if ('hang' in f) return void this.hanging.push(res);
      const headers: Record<string, string> = f.retryAfterSeconds === undefined ? {} : { 'retry-after': String(f.retryAfterSeconds) };
      return this.send(res, { status: f.status, body: f.body ?? this.failureBody(f.status) }, headers);
    }
    const answer = this.route(req.method ?? 'GET', url, raw ? (JSON.parse(raw) as Record<string, unknown>) : {}) ?? { status: 404, body: this.failureBody(404) };
    if (this.delayed?.match.test(`${req.method} ${url.pathname}`)) await new Promise((r) => setTimeout(r, this.delayed!.ms));
    this.send(res, answer);
  }

  private send(res: ServerResponse, answer: Answer, headers: Record<string, string> = {}): void {
    const text = JSON.stringify(answer.body);
    res.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
  }
}
