// The page cache keeps a page from the second time its key is asked (src/http/page-cache.ts): in a
// workspace being written to most keys are asked once. It is bounded in size as well as in pages:
// large pages push the least recently used ones out before the characters held pass the bound,
// and a page larger than the bound is served but not kept. Driven over Fastify's own request handling.
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { PageCache } from '../src/http/page-cache.js';
import { Metrics } from '../src/metrics/metrics.js';
import { ManualClock } from '../src/shared/clock.js';
import { JsonText } from '../src/shared/json-text.js';

/** A route whose pages are `n` padded to `size` characters (300 by default), through a cache of 1,000 characters at most; `built` lists the pages built. */
async function cachedRoute(run: (get: (url: string) => Promise<string>, built: string[]) => Promise<void>) {
  const app = Fastify();
  app.decorateRequest('workspaceId', 'ws_bound');
  app.decorateRequest('dataVersion', 1);
  const cache = new PageCache(new ManualClock(0), new Metrics(), 512, 1000);
  const built: string[] = [];
  app.get<{ Params: { n: string }; Querystring: { size?: string } }>('/pages/:n', (request, reply) =>
    cache.send(request, reply, async () => {
      built.push(request.params.n);
      const text = JSON.stringify({ n: request.params.n, pad: '' });
      return new JsonText(text.replace('""', JSON.stringify('x'.repeat(Number(request.query.size ?? 300) - text.length))));
    }),
  );
  const get = async (url: string) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  try {
    await run(get, built);
  } finally {
    await app.close();
  }
}

it('keeps a page from the second time it is asked, not the first', () =>
  cachedRoute(async (get, built) => {
    for (const n of ['1', '2', '3']) await get(`/pages/${n}`);
    expect(built).toEqual(['1', '2', '3']);
    await get('/pages/1'); // asked a second time: built again, and kept
    await get('/pages/1');
    await get('/pages/1');
    await get('/pages/3'); // likewise
    await get('/pages/3');
    expect(built).toEqual(['1', '2', '3', '1', '3']);
  }));

it('keeps the most recently used pages that fit in its size bound, and not a page larger than it', () =>
  cachedRoute(async (get, built) => {
    // Each asked twice, so each is kept.
    for (const n of ['1', '2', '3', '4']) for (let i = 0; i < 2; i++) expect(await get(`/pages/${n}`)).toHaveLength(300);
    expect(built).toEqual(['1', '1', '2', '2', '3', '3', '4', '4']);
    built.length = 0;
    // 2, 3 and 4 fit (900 characters); 1 was let go for 4.
    for (const n of ['4', '3', '2']) await get(`/pages/${n}`);
    expect(built).toEqual([]);
    await get('/pages/1'); // let go, so asked once again: built, not kept
    await get('/pages/1'); // built and kept; 4, now the least recently used, goes for it
    await get('/pages/2');
    await get('/pages/4');
    expect(built).toEqual(['1', '1', '4']);
    // Larger than the whole bound: built every time, and the pages kept stay.
    built.length = 0;
    for (let i = 0; i < 3; i++) await get('/pages/big?size=1500');
    await get('/pages/2');
    expect(built).toEqual(['big', 'big', 'big']);
  }));
