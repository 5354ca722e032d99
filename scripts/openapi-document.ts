// The service's OpenAPI document without a listening server: the app is built on an in-memory
// SQLite database and asked for its document, exactly as /openapi.json is made (less `servers`,
// which names the address a client reached).
import os from 'node:os';
import { loadConfig } from '../src/config.js';
import { createContext, createLogger } from '../src/context.js';
import { buildServer, serverDeps } from '../src/server/server.js';

export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  // A secret of its own (the document signs nothing): none is read or made in the temp directory.
  const config = loadConfig({ db: ':memory:', dataDir: os.tmpdir(), demo: false, logLevel: 'silent', trustProxy: true, secret: 'openapi-document' }, {});
  const ctx = await createContext(config, { logger: createLogger('silent') });
  try {
    const app = await buildServer(serverDeps(ctx, null));
    await app.ready();
    const document = structuredClone(app.swagger()) as unknown as Record<string, unknown>;
    await app.close();
    return document;
  } finally {
    await ctx.close();
  }
}
