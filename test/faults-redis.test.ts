// Redis away under load (--redis-url): two `warmline serve` processes share one rate limit through
// a redis-server of the test's own, which is stopped, restarted, then frozen (SIGSTOP, a hung
// dependency) and thawed. While it is away each process counts the limit on its own (never a
// 5xx, never a hang past the Redis time limit), each logs the outage once, and the limit is shared
// again once Redis answers (docs/faults.md).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../src/auth/api-keys.service.js';
import { connectDb } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { systemClock } from '../src/shared/clock.js';
import { createWorkspace } from '../src/workspace/workspace.service.js';
import { makeClient } from './helpers/client.js';
import { redisServerBin, startOwnRedis, type OwnRedis } from './helpers/own-redis.js';
import { sleep, spawnServe, type ServeProcess } from './helpers/serve-process.js';
import { tempDir } from './helpers/temp-dirs.js';

const LIMIT = 6;
const REDIS_TIMEOUT_MS = 300;

if (redisServerBin === null) console.warn('faults-redis.test: redis-server not installed: the Redis outage tests are skipped');

describe.runIf(redisServerBin !== null)('Redis stopped, restarted and hung under load', () => {
  let redis: OwnRedis;
  let dir: string;
  let servers: ServeProcess[];
  const keys: string[] = [];
  let nextKey = 0;
  /** A workspace of its own for each phase: the rolling minute of one phase never reaches into the next. */
  const freshKey = () => keys[nextKey++]!;

  beforeAll(async () => {
    redis = await startOwnRedis();
    dir = tempDir('faults-redis');
    const file = path.join(dir, 'warmline.db');
    const handle = connectDb({ dialect: 'sqlite', file });
    await migrateToLatest(handle.db);
    for (let i = 0; i < 8; i++) {
      const { id } = await createWorkspace(handle.db, systemClock, `Redis ${i}`);
      keys.push((await createApiKey(handle.db, systemClock, id, 'test')).key);
    }
    await handle.close();
    const options = { args: ['--no-worker', '--redis-url', redis.url, '--rate-limit', String(LIMIT)], env: { WARMLINE_REDIS_TIMEOUT_MS: String(REDIS_TIMEOUT_MS) } };
    servers = [await spawnServe(file, options), await spawnServe(file, options)];
  }, 60_000);

  afterAll(async () => {
    for (const s of servers ?? []) s.child.kill('SIGKILL');
    await redis?.stop();
  });

  /** `count` requests of one workspace, spread over both servers, `concurrency` at a time. */
  async function burst(key: string, count: number, concurrency = 1) {
    const statuses: number[] = [];
    const latencies: number[] = [];
    let sent = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (sent < count) {
          const server = servers[sent++ % 2]!;
          const started = Date.now();
          statuses.push((await makeClient(server.url, key).get('/v2/workspace/credits')).status);
          latencies.push(Date.now() - started);
        }
      }),
    );
    return { statuses, latencies, ok: statuses.filter((s) => s === 200).length };
  }
  const logged = (server: ServeProcess, prefix: string) => server.stderr().split('\n').filter((l) => l.includes(`"msg":"${prefix}`)).length;

  /** Polls (requests of a workspace of their own) until every server logged Redis back `times` times; returns how long it took. */
  async function untilShared(times: number): Promise<number> {
    const since = Date.now();
    const key = freshKey();
    while (servers.some((s) => logged(s, 'redis is back') < times) && Date.now() - since < 15_000) {
      await burst(key, 2);
      await sleep(100);
    }
    return Date.now() - since;
  }

  it('shares the limit, counts it per process while Redis is away, and shares it again after', async () => {
    // Shared: the budget of one workspace across both processes.
    expect((await burst(freshKey(), LIMIT + 2)).statuses).toEqual([...Array(LIMIT).fill(200), 429, 429]);

    await redis.stop();
    const away = await burst(freshKey(), 40, 8);
    expect(away.statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]); // never a 5xx
    expect(away.ok).toBe(2 * LIMIT); // each process its own budget
    for (const s of servers) expect(s.child.exitCode).toBeNull();

    await redis.start();
    const restartedMs = await untilShared(1);
    console.info(`faults-redis.test: redis-server restarted → the limit shared again after ${restartedMs} ms`);
    expect(restartedMs).toBeLessThan(5_000);
    expect((await burst(freshKey(), LIMIT + 2)).statuses).toEqual([...Array(LIMIT).fill(200), 429, 429]);

    // Hung (frozen) Redis: answered within the Redis time limit, per process, never a 5xx.
    redis.freeze();
    const hung = await burst(freshKey(), 40, 8);
    expect(hung.statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(hung.ok).toBe(2 * LIMIT);
    const slowest = Math.max(...hung.latencies);
    console.info(`faults-redis.test: Redis frozen → slowest request ${slowest} ms (time limit ${REDIS_TIMEOUT_MS} ms)`);
    expect(slowest).toBeLessThan(REDIS_TIMEOUT_MS + 1_500);
    redis.thaw();
    const thawedMs = await untilShared(2);
    console.info(`faults-redis.test: Redis thawed → the limit shared again after ${thawedMs} ms`);
    expect(thawedMs).toBeLessThan(5_000);
    expect((await burst(freshKey(), LIMIT + 2)).statuses).toEqual([...Array(LIMIT).fill(200), 429, 429]);

    // Logged once per outage (two outages), not once per request.
    for (const s of servers) {
      expect(logged(s, 'redis unavailable'), s.stderr()).toBe(2);
      expect(logged(s, 'redis is back'), s.stderr()).toBe(2);
    }
  }, 90_000);
});
