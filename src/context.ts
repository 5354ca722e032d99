// The composition root: builds what the service needs from the config, once.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';
import { connectDb, type DbHandle } from './db/connect.js';
import { checkKnownSchema, migrateToLatest } from './db/migrate.js';
import { SandboxEnrichment, type EnrichmentProvider } from './enrichment/enrichment.provider.js';
import { chainOf } from './enrichment/enrichment.binding.js';
import { saveVendorFault } from './enrichment/enrichment.repository.js';
import { DropcontactVendor } from './enrichment/dropcontact/dropcontact.vendor.js';
import { HunterVendor } from './enrichment/hunter/hunter.vendor.js';
import type { VendorFactory } from './enrichment/vendor.js';
import { isDatabaseUnavailable } from './db/unavailable.js';
import { operatorMessage } from './shared/operator-errors.js';
import { UsageError } from './shared/errors.js';
import type { NetworkProvider } from './network/provider.js';
import type { CrmProvider } from './crm/crm.provider.js';
import type { CrmFactoryDeps } from './crm/crm.factory.js';
import { BindingRegistry } from './network/registry.js';
import { SandboxNetwork } from './network/sandbox/sandbox.network.js';
import type { UnipileFactoryDeps } from './network/unipile/unipile.factory.js';
import { UNIPILE_WEBHOOK_FORMAT } from './network/unipile/unipile.webhooks.js';
import type { WebhookFormat } from './network/webhooks.js';
import { SecretBox } from './shared/secret-box.js';
import { accountStatusChanged } from './outreach/network-events.js';
import { sandboxDb } from './network/sandbox/sandbox.table.js';
import { meteredProvider } from './network/metered.js';
import { Metrics } from './metrics/metrics.js';
import { outboxDepth } from './webhooks/webhooks.repository.js';
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
  /** Each workspace's CRM, from its binding (null: none). */
  crms: BindingRegistry<CrmProvider>;
  /** Seals and opens CRM tokens (a purpose of its own: a Unipile token does not open as one). */
  crmTokenBox: () => SecretBox;
  /** The simulated network's world: its controls serve operators (binding, account links) and tests. */
  sandbox: SandboxNetwork;
  /** How the provider's webhook deliveries read (Unipile's): the endpoint, the inbox and the registration hold the interface. */
  webhookFormat: WebhookFormat;
  /**
   * The server secret (signs cursors and outbound webhooks, seals tokens and hook secrets), loaded
   * here alone: read, or created in the data directory, at the first call and kept for the
   * process, so a command that never needs it never makes one.
   */
  secret: () => Buffer;
  /** Seals and opens real providers' tokens (made on first use, from `secret`). */
  tokenBox: () => SecretBox;
  /** Seals and opens enrichment vendors' API keys (made on first use, from `secret`). */
  keyBox: () => SecretBox;
  /** This process's Prometheus metrics (served on --metrics-port when set). */
  metrics: Metrics;
  close(): Promise<void>;
}

/** The SecretBox purpose of a Unipile token: a value sealed for anything else does not open as one. */
export const UNIPILE_TOKEN_PURPOSE = 'unipile-token';
/** The SecretBox purpose of enrichment vendors' API keys. */
export const ENRICHMENT_KEYS_PURPOSE = 'enrichment-keys';
/** The SecretBox purpose of a CRM token. */
export const CRM_TOKEN_PURPOSE = 'crm-token';

/**
 * Logs go to stderr: stdout carries command output (`--json`, `export`) that other programs read.
 * On a terminal (format auto) they are human-readable lines (pino-pretty, written synchronously in
 * this thread so they never land in the middle of the start-up text); elsewhere one JSON object
 * a line, for log collectors.
 */
export function createLogger(level: string, format: 'auto' | 'json' | 'pretty' = 'json'): Logger {
  const options = { level, redact: { paths: ['req.headers.authorization', '*.key', '*.apiKey', '*.contact_email', '*.phone_number'], censor: '[redacted]' } };
  const pretty = format === 'pretty' || (format === 'auto' && process.stderr.isTTY === true);
  if (!pretty) return pino(options, pino.destination({ fd: 2, sync: true }));
  // Loaded only when used: a JSON-logging process (every test, every pipe) never pays for it.
  const build = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
  return pino(options, build({ destination: 2, sync: true, colorize: process.stderr.isTTY === true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true }));
}

/** The server secret: configured, or created once in the data directory (AppContext.secret calls it, once). */
function loadOrCreateSecret(config: Config): Buffer {
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
  const logger = options.logger ?? createLogger(config.logLevel, config.logFormat);
  const dbLog = logger.child({ subsystem: 'db' });
  let database: DbHandle;
  try {
    // SQLite opens the file here (a file that is not a database fails at once); pg connects lazily.
    database = connectDb(config.db, {
      connectTimeoutMs: config.dbConnectTimeoutMs,
      statementTimeoutMs: config.dbStatementTimeoutMs,
      sqliteSynchronous: config.sqliteSynchronous,
      onIdleError: (err) => dbLog.warn({ err: err.message }, 'database connection lost; reconnecting on demand'),
    });
  } catch (err) {
    throw new UsageError(`cannot use the database at ${databaseLocation(config)}: ${operatorMessage(err)}`);
  }
  try {
    await reachDatabase(database, config, options.migrate !== false ? (applied) => applied.length > 0 && dbLog.info({ applied }, 'migrations applied') : null);
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  const clock = options.clock ?? processClock(config);
  const metrics = new Metrics();
  metrics.watchPool(database.poolUse);
  metrics.watchOutbox(() => outboxDepth(database.db));
  const sandbox = new SandboxNetwork(sandboxDb(database.db), clock, { seed: config.sandboxSeed, latencyMs: config.sandboxLatencyMs });
  let loaded: Buffer | null = null;
  const secret = () => (loaded ??= loadOrCreateSecret(config));
  let box: SecretBox | null = null;
  const tokenBox = () => (box ??= new SecretBox(secret(), UNIPILE_TOKEN_PURPOSE));
  let keys: SecretBox | null = null;
  const keyBox = () => (keys ??= new SecretBox(secret(), ENRICHMENT_KEYS_PURPOSE));
  const db = database.db;
  const unipileDeps: UnipileFactoryDeps = {
    db,
    clock,
    tokenBox,
    timeoutMs: config.providerTimeoutMs,
    // Unipile answered that the account can no longer act: its member is DISCONNECTED, which
    // stops its syncs and its campaigns (the sender step acts only for CONNECTED members), by the
    // same path as a disconnection Unipile's webhook reports (queued contacts go to other senders).
    onDisconnected: async (workspaceId, memberIds) => {
      for (const id of memberIds) await accountStatusChanged(db, { workspaceId, teamMemberId: id }, false, clock.now());
    },
    onBudget: (provider) => (budget, result) => metrics.budgetClaim(provider, budget, result),
  };
  const networks = new BindingRegistry<NetworkProvider>(db, 'network', {
    sandbox: (binding) => meteredProvider(sandbox.forWorkspace({ activity: binding.options.activity === true, pace: binding.options.pace ?? 1 }), metrics),
    // Loaded on first use: the SDK compiles its validators when imported, which every command would pay.
    unipile: async (binding) => meteredProvider(await (await import('./network/unipile/unipile.factory.js')).unipileFactory(unipileDeps)(binding), metrics),
  });
  const sandboxEnrichment = new SandboxEnrichment(config.sandboxSeed);
  const enrichmentLog = logger.child({ subsystem: 'enrichment' });
  const timeoutMs = config.providerTimeoutMs;
  const vendors: Record<string, VendorFactory> = {
    hunter: (key) => new HunterVendor(key, { baseUrl: config.hunterUrl, timeoutMs }),
    dropcontact: (key) => new DropcontactVendor(key, { baseUrl: config.dropcontactUrl, timeoutMs, pollMs: config.enrichmentPollMs }),
  };
  const waterfallHooks = (workspaceId: string) => ({
    clock,
    // A refusal or garbage is logged once and kept for `enrichment status`; never the key, never the person.
    onFault: async (vendor: string, fault: string) => {
      enrichmentLog.warn({ workspaceId, vendor, fault }, 'enrichment vendor fault');
      await saveVendorFault(db, workspaceId, vendor, fault, clock.now());
    },
  });
  const enrichments = new BindingRegistry<EnrichmentProvider>(database.db, 'enrichment', { sandbox: () => sandboxEnrichment }, chainOf(vendors, keyBox, waterfallHooks));
  let crmBox: SecretBox | null = null;
  const crmTokenBox = () => (crmBox ??= new SecretBox(secret(), CRM_TOKEN_PURPOSE));
  const crmDeps: CrmFactoryDeps = { db, clock, tokenBox: crmTokenBox, timeoutMs: config.providerTimeoutMs };
  // Each CRM's SDK is loaded on first use, by a process that meets a workspace bound to it.
  const crms = new BindingRegistry<CrmProvider>(db, 'crm', {
    hubspot: async (binding) => (await import('./crm/hubspot/hubspot.factory.js')).hubspotFactory(crmDeps)(binding),
  });
  return { config, logger, clock, database, networks, enrichments, crms, crmTokenBox, sandbox, webhookFormat: UNIPILE_WEBHOOK_FORMAT, secret, tokenBox, keyBox, metrics, close: () => database.close() };
}

/** Where the database is, for an operator's message: never the password. */
export function databaseLocation(config: Config): string {
  if (config.db.dialect === 'sqlite') return config.db.file;
  const url = new URL(config.db.url);
  return `postgres://${url.host}${url.pathname}`;
}

/**
 * The first contact with the database: migrates (or only checks it answers with a schema this
 * version knows). An unreachable or refusing database is one line for the operator (UsageError),
 * after `--wait-for-db` seconds of retries.
 */
async function reachDatabase(database: DbHandle, config: Config, onMigrated: ((applied: string[]) => unknown) | null): Promise<void> {
  const deadline = Date.now() + config.waitForDb * 1000;
  for (;;) {
    try {
      if (onMigrated) onMigrated(await migrateToLatest(database.db));
      else await checkKnownSchema(database.db);
      return;
    } catch (err) {
      if (isDatabaseUnavailable(err) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      if (err instanceof UsageError) throw err;
      throw new UsageError(`cannot use the database at ${databaseLocation(config)}: ${operatorMessage(err)}`);
    }
  }
}
