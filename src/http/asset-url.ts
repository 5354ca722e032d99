// Links to the service's own assets, as routes and mappers build them (no I/O, so importing it
// loads no route and reads no file).
import type { FastifyRequest } from 'fastify';

export const PLACEHOLDER_PATH = '/static/placeholder-avatar.svg';

/**
 * Where the client reached the service, as the server sees it: the scheme and the local address
 * and port of the connection. Never the Host header (or X-Forwarded-Host), which any client sets.
 */
export function serverOrigin(request: FastifyRequest): string {
  const socket = request.raw.socket;
  const address = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.)/, '');
  return `${request.protocol}://${address.includes(':') ? `[${address}]` : address}:${socket.localPort}`;
}

/** Absolute URL of one of the service's own assets: under `--public-url`, or the server's origin. */
export function assetUrl(request: FastifyRequest, publicUrl: string | null, path: string): string {
  return `${publicUrl ?? serverOrigin(request)}${path}`;
}
