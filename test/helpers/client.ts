// Talks to the server as a client does: HTTPS (self-signed certificate accepted), JSON in and out.
import { Agent, request } from 'undici';

// One agent per client address: `from` (e.g. 127.0.0.2) connects from another loopback
// address, as a second client machine would; '' lets the system choose (127.0.0.1).
const agents = new Map<string, Agent>();
function agentFrom(from: string): Agent {
  let found = agents.get(from);
  if (!found) agents.set(from, (found = new Agent({ connect: { rejectUnauthorized: false }, localAddress: from || undefined, keepAliveTimeout: 1000 })));
  return found;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Record<string, string>;
  text: string;
  body: T;
}

export interface RequestOptions {
  key?: string | null;
  headers?: Record<string, string>;
  /** A value to send as JSON, or a raw string sent as is (set content-type yourself). */
  json?: unknown;
  raw?: string | Buffer;
}

export function makeClient(baseUrl: string, defaultKey: string | null = null, from = '') {
  const dispatcher = agentFrom(from);
  async function call<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? defaultKey : options.key;
    if (key) headers.authorization = `Bearer ${key}`;
    let body: string | Buffer | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    } else if (options.raw !== undefined) {
      body = options.raw;
    }
    const res = await request(`${baseUrl}${path}`, { method: method as any, headers, body, dispatcher });
    const text = await res.body.text();
    let parsed: any = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.statusCode, headers: res.headers as Record<string, string>, text, body: parsed as T };
  }
  return {
    call,
    get: <T = any>(path: string, o?: RequestOptions) => call<T>('GET', path, o),
    post: <T = any>(path: string, o?: RequestOptions) => call<T>('POST', path, o),
    put: <T = any>(path: string, o?: RequestOptions) => call<T>('PUT', path, o),
    patch: <T = any>(path: string, o?: RequestOptions) => call<T>('PATCH', path, o),
    delete: <T = any>(path: string, o?: RequestOptions) => call<T>('DELETE', path, o),
    withKey: (k: string | null) => makeClient(baseUrl, k, from),
    /** The same client connecting from another local address. */
    from: (address: string) => makeClient(baseUrl, defaultKey, address),
  };
}

export type Client = ReturnType<typeof makeClient>;
