import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { HttpError } from './error-table.js';
import { RedisFallbackStore } from './redis-fallback-store.js';
import { LocalSlidingWindowStore, RedisSlidingWindowStore } from './sliding-window-store.js';

/** Where every limiter of a server counts: one Redis connection (with its outage state) or the process. */
export type RateLimitStore = RedisFallbackStore | LocalSlidingWindowStore;

export interface RateLimitOptions {
  perMinute: number;
  /** The server's one store (rateLimitStore), shared by its limiters: keys of each are apart. */
  store: RateLimitStore;
  /** Whose budget a request spends; by default the v2 API's (workspace, else address). */
  keyGenerator?: (request: FastifyRequest) => string;
  /** Told of each request refused (metrics). */
  onRejected: () => void;
}

/**
 * The server's rate-limit store, made once: Redis (`redisUrl`) with the process's own window as
 * its fallback, or the process's own. One per server, so an outage of Redis is one outage, logged once.
 */
export async function rateLimitStore(app: FastifyInstance, options: { redisUrl: string | null; redisTimeoutMs: number; now: () => number }): Promise<RateLimitStore> {
  return options.redisUrl ? sharedStore(app, options.redisUrl, options.redisTimeoutMs, options.now) : new LocalSlidingWindowStore(options.now);
}

/** Per workspace when the key is good; per client address when authentication failed. */
const rateLimitKey = (request: FastifyRequest) =>
  request.authFailure === null && request.workspaceId ? `ws:${request.workspaceId}` : `addr:${request.ip}`;

/** Applies to the routes registered after it in the same plugin context (the /v2 API; the webhook endpoint with its own budget). */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const { store } = options;
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: 60_000,
    hook: 'onRequest',
    keyGenerator: options.keyGenerator ?? rateLimitKey,
    onExceeded: () => options.onRejected(),
    store: class {
      constructor() {
        return store;
      }
    } as any,
    errorResponseBuilder: () => new HttpError(429, `Rate limit exceeded: ${options.perMinute} requests per minute`),
  });
}

/**
 * The Redis store with the process's own as its fallback. Commands are refused at once while
 * disconnected (no offline queue) and time out after `timeoutMs`; the connection is retried in
 * the background (ioredis: every 50 ms more, at most 2 s apart). The start waits for Redis up to
 * the same limit, so the first requests are already shared, but never fails for it.
 */
async function sharedStore(app: FastifyInstance, url: string, timeoutMs: number, now: () => number): Promise<RedisFallbackStore> {
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, commandTimeout: timeoutMs, connectTimeout: Math.max(timeoutMs, 1_000), maxRetriesPerRequest: 0 });
  const store = new RedisFallbackStore(redis, new RedisSlidingWindowStore(redis), new LocalSlidingWindowStore(now), app.log as unknown as Logger);
  app.addHook('onClose', async () => void redis.disconnect());
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([redis.connect().catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
  return store;
}
