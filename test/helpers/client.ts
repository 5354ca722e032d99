// Talks to the server as a client does: HTTPS (self-signed certificate accepted), JSON in and out.
import { Agent, request } from 'undici';

const agent = new Agent({ connect: { rejectUnauthorized: false }, keepAliveTimeout: 1000 });

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

export function makeClient(baseUrl: string, defaultKey: string | null = null) {
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
    const res = await request(`${baseUrl}${path}`, { method: method as any, headers, body, dispatcher: agent });
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
    withKey: (k: string | null) => makeClient(baseUrl, k),
  };
}

export type Client = ReturnType<typeof makeClient>;
