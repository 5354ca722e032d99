// The shared rate limit while Redis is away: each request is counted in Redis when it answers,
// and in the process's own store when it does not (not connected, an error, or no answer within
// the time limit), so a lost Redis lowers the limit's reach to one process but never fails a
// request. Once Redis has failed, it is asked again at most once a second, so a Redis that hangs
// costs one request its time limit per second, not every request. The outage is logged once
// when it begins and once when Redis answers again.
import type { Logger } from 'pino';
import type { Redis } from 'ioredis';
import type { LocalSlidingWindowStore, RedisSlidingWindowStore } from './sliding-window-store.js';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** How long after a failure the next request tries Redis again. */
const PROBE_EVERY_MS = 1_000;

export class RedisFallbackStore {
  private awaySince: number | null = null;
  private nextProbeAt = 0;

  constructor(
    private readonly redis: Redis,
    private readonly shared: RedisSlidingWindowStore,
    private readonly local: LocalSlidingWindowStore,
    private readonly logger: Logger,
  ) {
    // Connection errors are the outage's, reported by it; without a listener ioredis prints each retry.
    redis.on('error', (err: Error) => this.away(err.message));
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    // Not connected: no point waiting for a command that would only be refused.
    if (this.redis.status !== 'ready') {
      this.away(`redis connection ${this.redis.status}`);
      return this.local.incr(key, cb, timeWindow, max);
    }
    if (this.awaySince !== null && Date.now() < this.nextProbeAt) return this.local.incr(key, cb, timeWindow, max);
    this.nextProbeAt = Date.now() + PROBE_EVERY_MS;
    this.shared.incr(
      key,
      (err, result) => {
        if (err) {
          this.away(err.message);
          return this.local.incr(key, cb, timeWindow, max);
        }
        this.back();
        cb(null, result);
      },
      timeWindow,
      max,
    );
  }

  child(): this {
    return this;
  }

  private away(reason: string): void {
    if (this.awaySince !== null) return;
    this.awaySince = Date.now();
    this.logger.warn({ reason }, 'redis unavailable; the rate limit is counted per process until it answers again');
  }

  private back(): void {
    if (this.awaySince === null) return;
    this.logger.warn({ down_ms: Date.now() - this.awaySince }, 'redis is back; the rate limit is shared again');
    this.awaySince = null;
  }
}
