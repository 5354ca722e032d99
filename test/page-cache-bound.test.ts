// The page cache is bounded in size as well as in pages (src/http/page-cache.ts): large pages
// push the least recently used ones out before the characters held pass the bound, and a page
// larger than the bound is served but not kept. Driven over Fastify's own request handling.
import Fastify from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { PageCache } from '../src/http/page-cache.js';
import { Metrics } from '../src/metrics/metrics.js';
import { ManualClock } from '../src/shared/clock.js';
import { JsonText } from '../src/shared/json-text.js';

const app = Fastify();
app.decorateRequest('workspaceId', 'ws_bound');
// 1,000 characters at most; each page below is 300.
const cache = new PageCache(async () => 1, new ManualClock(0), new Metrics(), 512, 1000);
const built: string[] = [];
app.get<{ Params: { n: string }; Querystring: { size?: string } }>('/pages/:n', (request, reply) =>
  cache.send(request, reply, async () => {
    built.push(request.params.n);
    const text = JSON.stringify({ n: request.params.n, pad: '' });
    return new JsonText(text.replace('""', JSON.stringify('x'.repeat(Number(request.query.size ?? 300) - text.length))));
  }),
);
afterAll(() => app.close());

const get = async (url: string) => {
  const res = await app.inject({ url });
  expect(res.statusCode).toBe(200);
  return res.body;
};

it('keeps the most recently used pages that fit in its size bound, and not a page larger than it', async () => {
  for (const n of ['1', '2', '3', '4']) expect(await get(`/pages/${n}`)).toHaveLength(300);
  expect(built).toEqual(['1', '2', '3', '4']);
  // 2, 3 and 4 fit (900 characters); 1 was let go for 4.
  for (const n of ['4', '3', '2']) await get(`/pages/${n}`);
  expect(built).toEqual(['1', '2', '3', '4']);
  await get('/pages/1');
  expect(built).toEqual(['1', '2', '3', '4', '1']); // and 4, now the least recently used, went for it
  await get('/pages/2');
  await get('/pages/4');
  expect(built).toEqual(['1', '2', '3', '4', '1', '4']);
  // Larger than the whole bound: built every time, and the pages kept stay.
  await get('/pages/big?size=1500');
  await get('/pages/big?size=1500');
  await get('/pages/2');
  expect(built).toEqual(['1', '2', '3', '4', '1', '4', 'big', 'big']);
});
