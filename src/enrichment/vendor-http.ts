// One JSON call to an enrichment vendor over fetch, with a time limit, its failures sorted into
// the waterfall's three faults (vendor.ts) and its answer checked against the vendor's documented
// shape (a TypeBox schema in the vendor's folder) before anything reads it.
import type { Static, TSchema } from 'typebox';
import { firstSchemaProblem } from '../shared/schema-check.js';
import { VendorGarbage, VendorRefused, VendorUnavailable } from './vendor.js';

export interface VendorCall {
  vendor: string;
  url: URL;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
}

/** A Retry-After header (seconds or an HTTP date) in milliseconds, or null. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The answer's status and body, checked against `schemas[status]` when one is given for it; a
 * status without a schema that is not a fault below is garbage too.
 */
export async function callVendor<S extends Record<number, TSchema>>(
  call: VendorCall,
  schemas: S,
): Promise<{ [K in keyof S & number]: { status: K; body: Static<S[K]> } }[keyof S & number]> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(call.url, {
      method: call.method ?? 'GET',
      headers: { accept: 'application/json', ...(call.body === undefined ? {} : { 'content-type': 'application/json' }), ...call.headers },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    text = await response.text();
  } catch (err) {
    // Refused, reset, timed out: the call may or may not have reached the vendor; asking again is safe (a look-up changes nothing there).
    throw new VendorUnavailable(call.vendor, `${call.vendor} gave no answer (${(err as Error).name === 'TimeoutError' ? 'time-out' : (err as Error).message})`);
  }
  const { status } = response;
  if (status === 429) throw new VendorUnavailable(call.vendor, `${call.vendor} is rate-limiting`, retryAfterMs(response.headers.get('retry-after')));
  if (status >= 500) throw new VendorUnavailable(call.vendor, `${call.vendor} answered ${status}`, retryAfterMs(response.headers.get('retry-after')));
  if (status === 401 || status === 403) throw new VendorRefused(call.vendor, `${call.vendor} refused the API key (${status})`);
  const schema = schemas[status];
  if (!schema) throw new VendorGarbage(call.vendor, `${call.vendor} answered an unexpected ${status}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new VendorGarbage(call.vendor, `${call.vendor} answered ${status} with a body that is not JSON`);
  }
  const problem = firstSchemaProblem(schema, body);
  if (problem) throw new VendorGarbage(call.vendor, `${call.vendor}'s answer does not match its documented shape at ${problem.path}: ${problem.message}`);
  return { status, body } as never;
}
