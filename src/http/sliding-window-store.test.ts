import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { LocalSlidingWindowStore, RedisSlidingWindowStore } from './sliding-window-store.js';

function hit(store: LocalSlidingWindowStore, key = 'k') {
  let result: { current: number; ttl: number } | undefined;
  store.incr(key, (_err, res) => (result = res), 60_000, 3);
  return result!;
}

describe('sliding window store', () => {
  it('admits the budget within any rolling minute, not per fixed window', () => {
    let now = 1_000_000;
    const store = new LocalSlidingWindowStore(() => now);
    expect(hit(store).current).toBe(1);
    now += 50_000;
    expect(hit(store).current).toBe(2);
    expect(hit(store).current).toBe(3);
    const refused = hit(store);
    expect(refused.current).toBe(4);
    expect(refused.ttl).toBe(10_000); // the first request ages out in 10 s
    now += 10_000; // a fixed window would now allow 3 more; the rolling minute allows 1
    expect(hit(store).current).toBe(3);
    expect(hit(store).current).toBe(4);
    now += 50_000; // the two requests made at +50 s have aged out; the one at +60 s has not
    expect(hit(store).current).toBe(2);
  });

  it('counts exactly through long runs, where expired times are dropped from the front', () => {
    let now = 0;
    const store = new LocalSlidingWindowStore(() => now);
    let last = { current: 0, ttl: 0 };
    for (now = 0; now < 5000; now++) store.incr('busy', (_e, r) => (last = r!), 1000, 10_000);
    expect(last.current).toBe(1000); // the times 4000..4999 are inside the last second
    expect(last.ttl).toBe(1); // time 4000 leaves the window next
  });

  it('keeps keys apart and never reports a ttl under 1 ms', () => {
    const store = new LocalSlidingWindowStore(() => 5);
    expect(store.child()).toBe(store);
    expect(hit(store, 'a').current).toBe(1);
    expect(hit(store, 'b').current).toBe(1);
    expect(hit(store, 'a').ttl).toBeGreaterThanOrEqual(1);
  });
});

// The shared store, against a real Redis (WARMLINE_TEST_REDIS_URL), on Redis's own clock.
const redisUrl = process.env.WARMLINE_TEST_REDIS_URL;
describe.skipIf(!redisUrl)('redis sliding window store', () => {
  const incr = (store: RedisSlidingWindowStore, key: string, max = 3) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), 60_000, max));

  it('admits the budget, then refuses with the time until a slot frees; keys apart, under the prefix', async () => {
    const redis = new Redis(redisUrl!);
    const store = new RedisSlidingWindowStore(redis);
    const key = `test-${randomBytes(6).toString('hex')}`;
    try {
      expect((await Promise.all([1, 2, 3].map(() => incr(store, key)))).map((r) => r.current).sort()).toEqual([1, 2, 3]);
      const refused = await incr(store, key);
      expect(refused.current).toBe(4);
      expect(refused.ttl).toBeGreaterThan(50_000);
      expect(refused.ttl).toBeLessThanOrEqual(60_000);
      expect((await incr(store, `${key}-other`)).current).toBe(1);
      expect(await redis.zcard(`warmline:rl:${key}`)).toBe(3); // the refused request took no slot
      expect(store.child()).toBe(store);
    } finally {
      await redis.del(`warmline:rl:${key}`, `warmline:rl:${key}-other`);
      redis.disconnect();
    }
  });

  it('passes a Redis failure to the limiter', async () => {
    const redis = new Redis(redisUrl!, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    await expect(incr(new RedisSlidingWindowStore(redis), 'never')).rejects.toThrow();
    redis.disconnect();
  });
});
