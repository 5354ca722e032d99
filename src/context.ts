// The composition root: builds what the service needs from the config, once.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';
import { connectDb, type DbHandle } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { SandboxEnrichment, type EnrichmentProvider } from './enrichment/enrichment.provider.js';
import type { NetworkProvider } from './network/provider.js';
import { BindingRegistry } from './network/registry.js';
import { SandboxNetwork } from './network/sandbox/sandbox.network.js';
import { sandboxDb } from './network/sandbox/sandbox.table.js';
import { ScaledClock, systemClock, type Clock } from './shared/clock.js';

export interface AppContext {
  config: Config;
  logger: Logger;
  clock: Clock;
  database: DbHandle;
  /** Each workspace's network provider, from its binding (null: bound to none). */
  networks: BindingRegistry<NetworkProvider>;
  /** Each workspace's enrichment vendor, from its binding (null: none). */
  enrichments: BindingRegistry<EnrichmentProvider>;
  /** The simulated network's world: its controls serve operators (binding, account links) and tests. */
  sandbox: SandboxNetwork;
  close(): Promise<void>;
}

/** Logs go to stderr: stdout carries command output (`--json`, `export`) that other programs read. */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      redact: { paths: ['req.headers.authorization', '*.key', '*.apiKey', '*.contact_email', '*.phone_number'], censor: '[redacted]' },
    },
    pino.destination({ fd: 2, sync: true }),
  );
}

/** The server secret (signs cursors): configured, or created once in the data directory. */
export function loadOrCreateSecret(config: Config): Buffer {
  if (config.secret) return Buffer.from(config.secret, 'utf8');
  const file = path.join(config.dataDir, 'secret.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
}

/** The real clock, unless WARMLINE_CLOCK_* moves or speeds it up; an unset anchor is the moment the process starts. */
export function processClock(config: Config): Clock {
  if (config.clockStart === null && config.clockAnchor === null && config.clockRate === 1) return systemClock;
  const anchor = config.clockAnchor ?? Date.now();
  return new ScaledClock(config.clockStart ?? anchor, anchor, config.clockRate);
}

export async function createContext(config: Config, options: { clock?: Clock; logger?: Logger; migrate?: boolean } = {}): Promise<AppContext> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = connectDb(config.db);
  if (options.migrate !== false) {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) logger.child({ subsystem: 'db' }).info({ applied }, 'migrations applied');
  }
  const clock = options.clock ?? processClock(config);
  const sandbox = new SandboxNetwork(sandboxDb(database.db), clock, { seed: config.sandboxSeed, latencyMs: config.sandboxLatencyMs, timeScale: config.demoTimeScale });
  const networks = new BindingRegistry<NetworkProvider>(database.db, 'network', {
    sandbox: (binding) => sandbox.forWorkspace({ activity: binding.options.activity === true }),
  });
  const sandboxEnrichment = new SandboxEnrichment(config.sandboxSeed);
  const enrichments = new BindingRegistry<EnrichmentProvider>(database.db, 'enrichment', { sandbox: () => sandboxEnrichment });
  return { config, logger, clock, database, networks, enrichments, sandbox, close: () => database.close() };
}
