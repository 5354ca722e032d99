// The wire under the SDK's resources. The SDK builds each request (path, query, body) and names
// the validator of its answer; this sender carries it over node:https instead of the SDK's
// global fetch, because the provider needs what the SDK's own sender drops or cannot do: the
// HTTP status and Retry-After of a failure, a time limit on every call, and a custom CA (a
// private Unipile endpoint, or the test suite's local fake).
import https from 'node:https';
import type { RequestInput, UnipileClient } from 'unipile-node-sdk';

/** A failed call: `status` 0 when no answer came (time-out, reset, refused). */
export class UnipileCallError extends Error {
  constructor(
    readonly status: number,
    readonly type: string | null,
    readonly retryAfterMs: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'UnipileCallError';
  }
}

export interface TransportOptions {
  /** The DSN: `https://apiN.unipile.com:PORT`. */
  baseUrl: string;
  token: string;
  timeoutMs: number;
  /** PEM certificates to trust besides the system's. */
  ca?: string;
}

/** Replaces the client's request sender; every resource method of the SDK then goes through it. */
export function installTransport(client: UnipileClient, options: TransportOptions): void {
  const base = new URL(options.baseUrl);
  const agent = new https.Agent({ keepAlive: true, ...(options.ca ? { ca: options.ca } : {}) });
  (client as { request: { send: (input: RequestInput) => Promise<unknown> } }).request = {
    send: async (input) => {
      const url = new URL(`/api/v1/${input.path.map(encodeURIComponent).join('/')}`, base);
      for (const [k, v] of Object.entries(input.parameters ?? {})) url.searchParams.set(k, v);
      const { body, contentType } = await encodeBody(input);
      const answer = await call(url, input.method, { 'X-API-KEY': options.token, accept: 'application/json', ...(contentType ? { 'content-type': contentType } : {}) }, body, agent, options.timeoutMs);
      const payload = parseJson(answer.body);
      if (answer.status < 200 || answer.status >= 300) {
        const type = typeof (payload as { type?: unknown })?.type === 'string' ? (payload as { type: string }).type : null;
        throw new UnipileCallError(answer.status, type, retryAfterMs(answer.retryAfter), `Unipile answered ${answer.status}${type ? ` ${type}` : ''}`);
      }
      if (input.validator && !input.validator.Check(payload)) {
        const first = [...input.validator.Errors(payload)][0];
        throw new UnipileCallError(answer.status, 'warmline/unexpected_answer', null, `Unipile's answer does not match the SDK's schema at ${first?.path ?? '/'}`);
      }
      return payload;
    },
  };
}

async function encodeBody(input: RequestInput): Promise<{ body: Buffer | null; contentType: string | null }> {
  if (input.body === undefined) return { body: null, contentType: null };
  if (input.body instanceof FormData) {
    const encoded = new Response(input.body);
    return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') };
  }
  return { body: Buffer.from(JSON.stringify(input.body)), contentType: 'application/json' };
}

// The limit covers the whole call, answer included: a socket time-out alone would let an answer
// that trickles in a byte at a time hold a worker step for ever.
function call(url: URL, method: string, headers: Record<string, string>, body: Buffer | null, agent: https.Agent, timeoutMs: number) {
  return new Promise<{ status: number; body: string; retryAfter: string | null }>((resolve, reject) => {
    const req = https.request(url, { method, headers: body ? { ...headers, 'content-length': String(body.length) } : headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(deadline);
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), retryAfter: (res.headers['retry-after'] as string | undefined) ?? null });
      });
      res.on('error', (err) => reject(err instanceof UnipileCallError ? err : new UnipileCallError(0, null, null, `Unipile's answer broke off: ${err.message}`)));
    });
    const deadline = setTimeout(() => req.destroy(new UnipileCallError(0, 'warmline/timeout', null, `Unipile did not answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (err) => {
      clearTimeout(deadline);
      reject(err instanceof UnipileCallError ? err : new UnipileCallError(0, null, null, `Unipile could not be reached: ${err.message}`));
    });
    req.end(body ?? undefined);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Retry-After in seconds or as an HTTP date. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
