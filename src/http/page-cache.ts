// Serialized list pages, reused until anything they show changes; a page is kept from the second
// time its key is asked (see askedOnce). The key holds the workspace's
// data_version (moved by database triggers on every write to what pages show, from any process),
// the UTC day (`days` windows start from today), the server origin the absolute links are built
// from and the URL (filters, cursor). The version is read with the request's API key (http/auth.ts),
// before the page is built, so a cached page is never older than its key.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LruMap } from 'toad-cache';
import type { Metrics } from '../metrics/metrics.js';
import type { Clock } from '../shared/clock.js';
import { JsonText } from '../shared/json-text.js';
import { DAY_MS } from '../shared/time.js';
import { serverOrigin } from './asset-url.js';

export class PageCache {
  private readonly pages: LruMap<string>;
  /**
   * Keys asked once and not kept. A page is kept the second time its key is asked: in a workspace
   * being written to every write moves the version, so most keys are asked once, and keeping those
   * pages promoted each to V8's old generation for nothing (in a cold walk, 10–30 % more CPU per
   * page and 10–15 MB more resident; docs/page-cache.md). Keys are small (2,048 of them at most),
   * pages 40 KB.
   */
  private readonly askedOnce: LruMap<true>;
  /** The characters the cached pages hold (one byte each for the ASCII JSON of most pages). */
  private held = 0;

  constructor(
    private readonly clock: Clock,
    private readonly metrics: Metrics,
    private readonly maxPages = 512,
    // A bound in size as well as in count: 512 pages of 50 leads are ≈ 22 MB, which a cold walk
    // (every page asked once, none asked again) fills with pages nobody reads, and which took the
    // server past 300 MB resident (docs/leads-cold.md). 8 MiB holds 190 such pages, or 512 small ones.
    private readonly maxChars = 8 * 1024 * 1024,
  ) {
    this.pages = new LruMap<string>(maxPages);
    this.askedOnce = new LruMap<true>(4 * maxPages);
  }

  /** Keeps a page, first letting go of the least recently used ones past either bound. */
  private keep(key: string, body: string) {
    if (body.length > this.maxChars) return;
    while (this.pages.size > 0 && (this.pages.size >= this.maxPages || this.held + body.length > this.maxChars)) {
      this.held -= (this.pages.first as { value: string }).value.length;
      this.pages.evict();
    }
    this.pages.set(key, body);
    this.held += body.length;
  }

  async send(request: FastifyRequest, reply: FastifyReply, build: () => Promise<unknown>): Promise<FastifyReply> {
    const version = request.dataVersion;
    const day = Math.floor(this.clock.now() / DAY_MS);
    const key = `${request.workspaceId}\n${version}\n${day}\n${serverOrigin(request)}${request.url}`;
    let body = this.pages.get(key);
    this.metrics.pageCacheLookup(body !== undefined);
    if (body === undefined) {
      const built = await build();
      // JSON text already (a page the database rendered), or a value for the route's 200 schema's serializer.
      body = built instanceof JsonText ? built.text : (reply.serialize(built) as string);
      if (this.askedOnce.get(key) === undefined) this.askedOnce.set(key, true);
      // Two requests for the same page may both build it: the first one built is kept.
      else if (this.pages.get(key) === undefined) {
        this.askedOnce.delete(key);
        this.keep(key, body);
      }
    }
    return reply.type('application/json; charset=utf-8').send(body);
  }
}
