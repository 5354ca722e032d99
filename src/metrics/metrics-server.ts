// The metrics listener: plain HTTP on its own port (--metrics-port), apart from the API, so a
// scraper needs no API key and the API's rate limit never counts scrapes. It answers one path.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics.js';

export interface MetricsServer {
  /** http://host:port/metrics */
  readonly url: string;
  close(): Promise<void>;
}

function answer(res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
}

export async function startMetricsServer(metrics: Metrics, host: string, port: number): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    // Errors in the service's {"detail"} shape, like every other answer it gives.
    if (path !== '/metrics') return answer(res, 404, '{"detail":"Not Found"}');
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(res, 405, '{"detail":"Method Not Allowed"}', { allow: 'GET, HEAD' });
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(req.method === 'HEAD' ? undefined : text),
      () => answer(res, 500, '{"detail":"Internal Server Error"}'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}/metrics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
