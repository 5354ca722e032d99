// A TLS-terminating reverse proxy as nginx is usually set up in front of the service: it appends
// the address its client connected from to X-Forwarded-For (keeping what the client wrote) and
// says the scheme was https. It connects to the service from `from`, so a test can tell the
// proxy's address from its clients' on one machine (127.0.0.0/8 is all loopback).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReverseProxy {
  url: string;
  close(): Promise<void>;
}

export async function startReverseProxy(target: string, from: string): Promise<ReverseProxy> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, localAddress: from });
  const server = http.createServer((req, res) => {
    const written = req.headers['x-forwarded-for'];
    const forwardedFor = [written, req.socket.remoteAddress].filter(Boolean).join(', ');
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, agent, headers: { ...req.headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
