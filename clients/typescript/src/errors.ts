// Typed errors: every answer that is not 2xx becomes a WarmlineError carrying the service's
// `detail` (a sentence, or for 422 the list of validation problems), its status and request id.
import type { components } from './schema.js';

export type ValidationProblem = components['schemas']['ValidationError'];

export class WarmlineError extends Error {
  constructor(
    /** The HTTP status. */
    readonly status: number,
    /** The service's `detail`: a sentence for every error but 422, which lists its problems. */
    readonly detail: string | ValidationProblem[],
    /** The `x-request-id` of the answer: quote it when asking the operator about a failure. */
    readonly requestId: string | null,
  ) {
    super(typeof detail === 'string' ? `${status}: ${detail}` : `${status}: ${detail.map((p) => `${p.loc.join('.')}: ${p.msg}`).join('; ')}`);
    this.name = 'WarmlineError';
  }
}

/** 422: the request did not match the API's schemas; `detail` lists every problem. */
export class WarmlineValidationError extends WarmlineError {
  declare readonly detail: ValidationProblem[];
  constructor(detail: ValidationProblem[], requestId: string | null) {
    super(422, detail, requestId);
    this.name = 'WarmlineValidationError';
  }
}

/** 429 after the client's retries ran out (or the service asked for a longer wait than it may take). */
export class WarmlineRateLimitError extends WarmlineError {
  constructor(
    detail: string,
    requestId: string | null,
    /** What the last answer's Retry-After asked for, in milliseconds (null: no header). */
    readonly retryAfterMs: number | null,
    /** Requests sent, the first included. */
    readonly attempts: number,
  ) {
    super(429, detail, requestId);
    this.name = 'WarmlineRateLimitError';
  }
}

/** The error for an answer that is not 2xx, from its body (`{"detail": …}`) when it has one. */
export function errorFromResponse(response: Response, body: unknown, attempts: number): WarmlineError {
  const requestId = response.headers.get('x-request-id');
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  if (response.status === 422 && Array.isArray(detail)) return new WarmlineValidationError(detail as ValidationProblem[], requestId);
  const sentence = typeof detail === 'string' ? detail : response.statusText || `HTTP ${response.status}`;
  if (response.status === 429) return new WarmlineRateLimitError(sentence, requestId, retryAfterMs(response.headers.get('retry-after')), attempts);
  return new WarmlineError(response.status, sentence, requestId);
}

/** Retry-After as seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
