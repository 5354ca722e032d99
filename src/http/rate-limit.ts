import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { HttpError } from './error-table.js';
import { LocalSlidingWindowStore, RedisSlidingWindowStore } from './sliding-window-store.js';

export interface RateLimitOptions {
  perMinute: number;
  redisUrl: string | null;
}

/** Per workspace when the key is good; per client address when authentication failed. */
const rateLimitKey = (request: FastifyRequest) =>
  request.authFailure === null && request.workspaceId ? `ws:${request.workspaceId}` : `addr:${request.ip}`;

/** Applies to the routes registered after it in the same plugin context (the /v2 API). */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : null;
  if (redis) app.addHook('onClose', async () => void redis.quit());
  const store = redis ? new RedisSlidingWindowStore(redis) : new LocalSlidingWindowStore();
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: 60_000,
    hook: 'onRequest',
    keyGenerator: rateLimitKey,
    store: class {
      constructor() {
        return store;
      }
    } as any,
    errorResponseBuilder: () => new HttpError(429, `Rate limit exceeded: ${options.perMinute} requests per minute`),
  });
}
