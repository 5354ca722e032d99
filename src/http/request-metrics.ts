// Every answer counted by route pattern (never the raw URL: ids would make a series each),
// method and status, with its duration.
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/metrics.js';

/** Requests no route matched (404s, 405s, URLs the router refused) share one label. */
const UNMATCHED = 'unmatched';

export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.is404 ? UNMATCHED : (request.routeOptions.url ?? UNMATCHED);
    metrics.request(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
}
