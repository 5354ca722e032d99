// The service's OpenAPI document without a listening server: the app is built on an in-memory
// SQLite database and asked for its document, exactly as /openapi.json is made (less `servers`,
// which names the address a client reached).
import os from 'node:os';
import { loadConfig } from '../src/config.js';
import { createContext, createLogger } from '../src/context.js';
import { buildServer } from '../src/server/server.js';

export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const config = loadConfig({ db: ':memory:', dataDir: os.tmpdir(), demo: false, logLevel: 'silent', trustProxy: true }, {});
  const ctx = await createContext(config, { logger: createLogger('silent') });
  try {
    const { clock, logger, metrics } = ctx;
    const app = await buildServer({ config, db: ctx.database.db, reads: ctx.database.reads, clock, logger, metrics, secret: Buffer.alloc(32), networks: ctx.networks.resolve, webhookFormat: ctx.webhookFormat, tls: null });
    await app.ready();
    const document = structuredClone(app.swagger()) as unknown as Record<string, unknown>;
    await app.close();
    return document;
  } finally {
    await ctx.close();
  }
}
