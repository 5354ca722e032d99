// Serialized list pages, reused until anything they show changes. The key holds the workspace's
// data_version (moved by database triggers on every write to what pages show, from any process),
// the UTC day (`days` windows start from today), the server origin the absolute links are built
// from and the URL (filters, cursor). The version is read before the page is built, so a cached page is never
// older than its key.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LruMap } from 'toad-cache';
import type { Metrics } from '../metrics/metrics.js';
import type { Clock } from '../shared/clock.js';
import { JsonText } from '../shared/json-text.js';
import { DAY_MS } from '../shared/time.js';
import { serverOrigin } from './asset-url.js';

/** The workspace's data version: given by the domain, so the edge runs no query of its own. */
export type DataVersion = (workspaceId: string) => Promise<unknown>;

export class PageCache {
  private readonly pages: LruMap<string>;

  constructor(
    private readonly dataVersion: DataVersion,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
    maxPages = 512,
  ) {
    this.pages = new LruMap<string>(maxPages);
  }

  async send(request: FastifyRequest, reply: FastifyReply, build: () => Promise<unknown>): Promise<FastifyReply> {
    const version = await this.dataVersion(request.workspaceId);
    const day = Math.floor(this.clock.now() / DAY_MS);
    const key = `${request.workspaceId}\n${version}\n${day}\n${serverOrigin(request)}${request.url}`;
    let body = this.pages.get(key);
    this.metrics.pageCacheLookup(body !== undefined);
    if (body === undefined) {
      const built = await build();
      // JSON text already (a page the database rendered), or a value for the route's 200 schema's serializer.
      body = built instanceof JsonText ? built.text : (reply.serialize(built) as string);
      this.pages.set(key, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  }
}
