// The paths that need no key and are never rate limited (decisions.md: unauthenticated paths).
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { fileURLToPath } from 'node:url';
import { PLACEHOLDER_PATH } from './asset-url.js';
import { EmptyObjectSchema } from '../shared/schemas.js';

// Public: `security: []` says so in the document. Their one client error is the 400 every path
// answers behind --trust-proxy to a request that did not come over HTTPS.
const open = { tags: ['meta'], security: [], response: { 400: Type.Ref('ErrorDetail') } };

export const SERVICE_NAME = 'Warmline';
export const API_VERSION = '0.2.0';

const placeholderSvg = fs.readFileSync(fileURLToPath(new URL('../../static/placeholder-avatar.svg', import.meta.url)));

const RootSchema = Type.Object({
  name: Type.String(),
  version: Type.String(),
  docs_url: Type.String(),
  openapi_url: Type.String(),
});

export interface PublicRouteOptions {
  /** Resolves when the database answers; rejects with the driver's error when it does not. */
  pingDatabase(): Promise<void>;
}

export async function publicRoutes(app: FastifyInstance, { pingDatabase }: PublicRouteOptions): Promise<void> {
  app.get(
    '/',
    { schema: { ...open, operationId: 'getServiceInfo', summary: 'Service information', response: { ...open.response, 200: RootSchema } } },
    async () => ({ name: SERVICE_NAME, version: API_VERSION, docs_url: '/docs', openapi_url: '/openapi.json' }),
  );
  app.get(
    '/v2/health',
    { schema: { ...open, operationId: 'getHealth', summary: 'Health check', description: 'No authentication; not rate limited.', response: { ...open.response, 200: EmptyObjectSchema } } },
    async () => ({}),
  );
  // Liveness (/v2/health, as the spec has it) stays 200 while the database is away: restarting
  // the process would not bring the database back. Readiness tells a load balancer to send
  // traffic elsewhere meanwhile (decisions.md: health and readiness).
  app.get(
    '/v2/ready',
    {
      schema: {
        ...open,
        operationId: 'getReadiness',
        summary: 'Readiness check',
        description: 'No authentication; not rate limited. 200 when the database answers, 503 with Retry-After while it does not.',
        response: { ...open.response, 200: EmptyObjectSchema, 503: Type.Ref('ErrorDetail') },
      },
    },
    async () => {
      await pingDatabase();
      return {};
    },
  );
  app.get(PLACEHOLDER_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(placeholderSvg),
  );
}
