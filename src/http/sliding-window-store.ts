// Stores for @fastify/rate-limit that count a rolling minute (a sliding log of request times)
// instead of the plugin's fixed windows, which let a client send twice the budget across a
// window boundary. A refused request takes no slot, so a client that keeps hammering still
// gets its budget back as its older requests age out.
import type { Redis } from 'ioredis';
import { LruMap } from 'toad-cache';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

interface RateLimitStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): RateLimitStore;
}

/** Request times of one key, oldest first; `head` skips the ones that have left the window. */
interface Log {
  times: number[];
  head: number;
}

/** In one process (the embedded deployment). */
export class LocalSlidingWindowStore implements RateLimitStore {
  private readonly logs = new LruMap<Log>(100_000);

  constructor(private readonly now: () => number = Date.now) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    const now = this.now();
    const log = this.logs.get(key) ?? { times: [], head: 0 };
    // Times arrive in order, so expired ones are all at the front: O(1) per request, even
    // when a lifted limit lets the window hold a minute of heavy traffic.
    while (log.head < log.times.length && log.times[log.head] <= now - timeWindow) log.head++;
    if (log.head > 1024 && log.head * 2 > log.times.length) {
      log.times = log.times.slice(log.head);
      log.head = 0;
    }
    const admitted = log.times.length - log.head < max;
    if (admitted) log.times.push(now);
    this.logs.set(key, log);
    const ttl = Math.max(1, log.times[log.head] + timeWindow - now);
    cb(null, { current: admitted ? log.times.length - log.head : max + 1, ttl });
  }

  child(): RateLimitStore {
    return this;
  }
}

// Runs atomically in Redis, with Redis's clock, so every API process shares one budget.
const SLIDING_WINDOW_LUA = `
local key = KEYS[1]
local window = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local current = max + 1
if count < max then
  redis.call('ZADD', key, now, now .. '-' .. t[2] .. '-' .. math.random(1000000))
  count = count + 1
  current = count
end
redis.call('PEXPIRE', key, window)
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local ttl = 1
if oldest[2] then ttl = math.max(1, tonumber(oldest[2]) + window - now) end
return {current, ttl}
`;

/** Shared by several API processes (the PostgreSQL/Redis deployment). */
export class RedisSlidingWindowStore implements RateLimitStore {
  constructor(private readonly redis: Redis, private readonly prefix = 'warmline:rl:') {}

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.redis
      .eval(SLIDING_WINDOW_LUA, 1, this.prefix + key, timeWindow, max)
      .then((res) => {
        const [current, ttl] = res as [number, number];
        cb(null, { current, ttl });
      })
      .catch((err: Error) => cb(err));
  }

  child(): RateLimitStore {
    return this;
  }
}
