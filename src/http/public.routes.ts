// The paths that need no key and are never rate limited (decisions.md: unauthenticated paths).
import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { fileURLToPath } from 'node:url';
import { EmptyObjectSchema } from './schemas.js';

export const SERVICE_NAME = 'Warmline';
export const API_VERSION = '0.2.0';
export const PLACEHOLDER_PATH = '/static/placeholder-avatar.svg';

const placeholderSvg = fs.readFileSync(fileURLToPath(new URL('../../static/placeholder-avatar.svg', import.meta.url)));

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

const RootSchema = Type.Object({
  name: Type.String(),
  version: Type.String(),
  docs_url: Type.String(),
  openapi_url: Type.String(),
});

export async function publicRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/',
    { schema: { tags: ['meta'], summary: 'Service information', response: { 200: RootSchema } } },
    async () => ({ name: SERVICE_NAME, version: API_VERSION, docs_url: '/docs', openapi_url: '/openapi.json' }),
  );
  app.get(
    '/v2/health',
    { schema: { tags: ['meta'], summary: 'Health check', description: 'No authentication; not rate limited.', response: { 200: EmptyObjectSchema } } },
    async () => ({}),
  );
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get(PLACEHOLDER_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(placeholderSvg),
  );
}
