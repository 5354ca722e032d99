// Starts the real service (HTTPS, real database) for a suite, and closes what it opened.
import fs from 'node:fs';
import type { KyselyPlugin } from 'kysely';
import os from 'node:os';
import path from 'node:path';
import { createApiKey } from '../../src/auth/api-keys.service.js';
import { loadConfig, type Config, type ConfigFlags } from '../../src/config.js';
import { createContext, createLogger, type AppContext } from '../../src/context.js';
import { buildServer, serverDeps, type App } from '../../src/server/server.js';
import { loadTlsMaterial } from '../../src/http/tls.js';
import { type Clock } from '../../src/shared/clock.js';
import { makeClient, type Client } from './client.js';
import { createTestDatabase, dbArgOf, type DialectName } from './dialects.js';
import { removeTempDir, tempDir } from './temp-dirs.js';
import { makeWorkspace, type WorkspaceSpec } from './workspaces.js';

export interface TestServer {
  url: string;
  app: App;
  ctx: AppContext;
  config: Config;
  /** A client without a key. */
  client: Client;
  /**
   * Creates a workspace (makeWorkspace: bound to the sandbox, network with activity and enrichment,
   * unless `spec` says otherwise, with the members it asks for) and returns its id, its members, a
   * key and a client that uses the key.
   */
  newWorkspace(name?: string, spec?: WorkspaceSpec): Promise<{ id: string; members: string[]; key: string; client: Client }>;
  close(): Promise<void>;
}

// The self-signed certificate is made once per test run and shared by every suite (RSA key
// generation is the slowest part of a start).
const tlsDir = path.join(os.tmpdir(), 'warmline-test-tls', 'tls');

/** A data directory for a server of the test's own, holding the run's shared certificate once one exists. */
export function serverDataDir(name: string): string {
  const dataDir = tempDir(name);
  fs.mkdirSync(path.join(dataDir, 'tls'));
  for (const f of ['cert.pem', 'key.pem']) if (fs.existsSync(path.join(tlsDir, f))) fs.copyFileSync(path.join(tlsDir, f), path.join(dataDir, 'tls', f));
  return dataDir;
}

export async function startServer(
  dialect: DialectName,
  options: {
    flags?: ConfigFlags;
    env?: Record<string, string>;
    clock?: Clock;
    extraRoutes?: (app: App) => void;
    /** Plugins on the Db the server is given (e.g. a StatementCounter); the test's own ctx.database.db stays bare. */
    dbPlugins?: KyselyPlugin[];
  } = {},
): Promise<TestServer> {
  const database = await createTestDatabase(dialect);
  const dataDir = serverDataDir('data');
  const dbUrl = dbArgOf(database.target);
  const config = loadConfig(
    { dataDir, db: dbUrl, host: '127.0.0.1', port: 0, logLevel: 'silent', demo: false, ...options.flags },
    options.env ?? {},
  );
  const ctx = await createContext(config, { clock: options.clock, logger: createLogger('silent') });
  const tls = config.trustProxy ? null : await loadTlsMaterial(config);
  if (!fs.existsSync(path.join(tlsDir, 'cert.pem'))) {
    fs.mkdirSync(tlsDir, { recursive: true });
    for (const f of ['cert.pem', 'key.pem']) fs.copyFileSync(path.join(dataDir, 'tls', f), path.join(tlsDir, f));
  }
  const db = (options.dbPlugins ?? []).reduce((withSome, plugin) => withSome.withPlugin(plugin), ctx.database.db);
  const reads = (options.dbPlugins ?? []).reduce((withSome, plugin) => withSome.withPlugin(plugin), ctx.database.reads);
  const app = await buildServer(serverDeps(ctx, tls, { db, reads }));
  options.extraRoutes?.(app);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const url = tls ? address.replace(/^http:/, 'https:') : address;
  const client = makeClient(url);
  return {
    url,
    app,
    ctx,
    config,
    client,
    async newWorkspace(name = 'Test workspace', spec: WorkspaceSpec = {}) {
      const { id, members } = await makeWorkspace(ctx, { ...spec, name });
      const { key } = await createApiKey(ctx.database.db, ctx.clock, id, 'test');
      return { id, members, key, client: makeClient(url, key) };
    },
    async close() {
      await app.close();
      await ctx.close();
      await database.drop();
      removeTempDir(dataDir);
    },
  };
}
