import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_VERSION, SERVICE_NAME } from './public.routes.js';

/** The OpenAPI 3.1 document (from the route schemas) and the docs page, with its assets served locally. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${SERVICE_NAME} API`,
        version: API_VERSION,
        description: 'Leads, workspace, content feeds, networking campaigns and connections (v2).',
      },
      components: { securitySchemes: { HTTPBearer: { type: 'http', scheme: 'bearer' } } },
    },
    // Component names are the schemas' $id (LinkedinLeadExport, HTTPValidationError, ...).
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { deepLinking: true },
    staticCSP: true,
  });
}
