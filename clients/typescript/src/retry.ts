// 429 handling: the request is sent again after the wait the service asked for (Retry-After),
// never sooner, and at least an exponentially growing, jittered back-off, a bounded number of
// times. A 429 is refused before the service acts (the rate limit runs first), so repeating any
// method is safe. Other statuses are returned as they are.
import { retryAfterMs } from './errors.js';

export interface RetryPolicy {
  /** Retries after the first request (0: none). */
  maxRetries: number;
  /** The first back-off; each retry doubles it. */
  baseDelayMs: number;
  /** No back-off grows beyond this; a Retry-After beyond it is not waited for (the 429 is thrown). */
  maxDelayMs: number;
  /** A fraction in [0, 1) for the jitter (tests fix it). */
  random: () => number;
  /** How to wait (tests replace it). */
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 4,
  baseDelayMs: 500,
  // The service's window is a rolling minute: its Retry-After never asks for more.
  maxDelayMs: 60_000,
  random: Math.random,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * The wait before retry number `retry` (0-based): "equal jitter" over the exponential step (half
 * fixed, half random, so clients that were refused together spread out), and never less than
 * what Retry-After asked. Null: do not retry (the asked wait is beyond maxDelayMs).
 */
export function retryDelayMs(retry: number, askedMs: number | null, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>): number | null {
  if (askedMs !== null && askedMs > policy.maxDelayMs) return null;
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  const backoff = step / 2 + (step / 2) * policy.random();
  return Math.ceil(Math.max(askedMs ?? 0, backoff));
}

// How many requests each returned response took (the error it may become says so).
const attemptsOf = new WeakMap<Response, number>();

/** Requests sent for this response, the first included (1 when it did not pass through retryingFetch). */
export const attemptsFor = (response: Response) => attemptsOf.get(response) ?? 1;

/** A fetch that retries 429 answers under the policy. */
export function retryingFetch(fetchImpl: (request: Request) => Promise<Response>, policy: RetryPolicy): (request: Request) => Promise<Response> {
  return async (request) => {
    for (let retry = 0; ; retry++) {
      // A Request's body can be read once: each attempt sends a copy.
      const response = await fetchImpl(request.clone());
      const delay = response.status === 429 && retry < policy.maxRetries ? retryDelayMs(retry, retryAfterMs(response.headers.get('retry-after')), policy) : null;
      if (delay === null) {
        attemptsOf.set(response, retry + 1);
        return response;
      }
      await response.body?.cancel();
      await policy.sleep(delay);
    }
  };
}
