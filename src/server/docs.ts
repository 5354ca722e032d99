import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serverOrigin } from '../http/asset-url.js';
import { API_VERSION, SERVICE_NAME } from '../http/public.routes.js';

// package.json says UNLICENSED: the API is proprietary. OpenAPI 3.1 wants a license object with
// a name and an SPDX identifier; `LicenseRef-` is SPDX's own form for a license it does not list
// (docs/decisions.md "OpenAPI document").
const LICENSE = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };

/** The docs page's own name and mark, in place of the plugin's defaults ("Swagger UI", Fastify's logo). */
const PAGE_TITLE = `${SERVICE_NAME} API reference`;
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="32" viewBox="0 0 160 32"><text x="0" y="24" font-family="sans-serif" font-size="22" font-weight="700" fill="#ffffff">${SERVICE_NAME}</text></svg>`;

export interface DocsOptions {
  /** `--public-url`: the document's server when set; otherwise the address the client reached. */
  publicUrl: string | null;
  /** The header Unipile's deliveries carry their hook secret in (its webhook format). */
  hookSecretHeader: string;
}

type Document = Readonly<Record<string, unknown>>;

/** The document as served: its one server is the public URL or the listening address, never the Host header. */
function withServers(document: Document, request: FastifyRequest, publicUrl: string | null): Document {
  return { ...document, servers: [{ url: publicUrl ?? serverOrigin(request) }] };
}

/** The OpenAPI 3.1 document (from the route schemas) and the docs page, with its assets served locally. */
export async function registerDocs(app: FastifyInstance, { publicUrl, hookSecretHeader }: DocsOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${SERVICE_NAME} API`,
        version: API_VERSION,
        description: 'Leads, workspace, content feeds, networking campaigns and connections (v2).',
        license: LICENSE,
      },
      components: {
        securitySchemes: {
          HTTPBearer: { type: 'http', scheme: 'bearer' },
          // Unipile's deliveries carry the workspace's hook secret, never an API key (docs/unipile.md).
          UnipileHookSecret: { type: 'apiKey', in: 'header', name: hookSecretHeader },
          // The web console's session (docs/console.md); v2 never accepts it, the console never accepts a key.
          ConsoleSession: { type: 'apiKey', in: 'cookie', name: 'wl_session' },
        },
      },
    },
    // Component names are the schemas' $id (LinkedinLeadExport, HTTPValidationError, ...).
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    theme: { title: PAGE_TITLE },
    logo: { type: 'image/svg+xml', content: LOGO },
    uiConfig: { deepLinking: true },
    staticCSP: true,
    transformSpecification: (document, request) => withServers(document, request, publicUrl),
  });
  app.get('/openapi.json', { schema: { hide: true } }, async (request) => withServers(app.swagger() as Document, request, publicUrl));
}
