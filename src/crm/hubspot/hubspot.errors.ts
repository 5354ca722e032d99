// HubSpot's failures mapped to the sync's kinds, in one place. The SDK throws its ApiException
// (HTTP status, body, headers); no answer at all (refused, reset, our time limit) is a plain Error.
import { CrmError, type CrmErrorKind } from '../crm.provider.js';

interface ApiFailure {
  code: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const isApiFailure = (err: unknown): err is ApiFailure => typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'number';

function kindOf(status: number): CrmErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate_limited';
  if (status === 404) return 'not_found';
  // A property value HubSpot will not take (VALIDATION_ERROR, INVALID_EMAIL, ...): this lead only.
  if (status === 400) return 'refused';
  // 409 (a contact with this email was made meanwhile), 5xx and the unforeseen: tried again later,
  // when finding the contact first settles a conflict.
  return 'transient';
}

/** Retry-After in seconds or as an HTTP date. */
export function retryAfterMs(header: string | undefined | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** The one translation from a failed HubSpot call to a CrmError. */
export function toCrmError(err: unknown): CrmError {
  if (err instanceof CrmError) return err;
  if (!isApiFailure(err)) return new CrmError('transient', `HubSpot could not be reached: ${err instanceof Error ? err.message : String(err)}`);
  const body = typeof err.body === 'string' ? safeJson(err.body) : err.body;
  const message = typeof (body as { message?: unknown })?.message === 'string' ? (body as { message: string }).message : '';
  const kind = kindOf(err.code);
  return new CrmError(kind, `HubSpot answered ${err.code}${message ? `: ${message}` : ''}`, kind === 'rate_limited' ? retryAfterMs(err.headers?.['retry-after']) : null);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
