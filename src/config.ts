// The one place that reads the environment, and the one declaration of every setting: its flag,
// its variable, its default, its help text and its schema. The Config type, the commands'
// options (and so `--help`), validation and the README's settings table all follow from SETTINGS.
import path from 'node:path';
import { Type, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import proxyAddr from '@fastify/proxy-addr';
import type { DbTarget, MissingFile } from './db/connect.js';
import { UsageError } from './shared/errors.js';
import { isCalendarDate } from './shared/time.js';

/**
 * Where a setting's flag appears: on every command (`common`), on `serve` only, on the commands
 * that start on a database that may still be coming up (`start`: serve, worker, migrate), on those
 * that check or deliver webhook URLs (`webhooks`: serve, worker, webhook create and update), or
 * nowhere (environment only, which every command reads).
 */
export type FlagScope = 'common' | 'serve' | 'start' | 'webhooks';

interface Setting<T> {
  readonly env: string;
  /** The commander flag (`--port <port>`, `--trust-proxy`, `--no-demo`); absent for environment-only settings. */
  readonly flag?: { readonly spec: string; readonly scope: FlagScope };
  /** The raw default, as the environment would give it; null: not set. */
  readonly default: string | null;
  /** The default as the README and `--help` show it, where the raw one says nothing to a reader. */
  readonly shownDefault?: string;
  readonly help: string;
  /** Turns the raw text (or a flag's value) into the setting's value; throws a UsageError naming the setting. */
  readonly read: (raw: string | number | boolean | null, context: ReadContext) => T;
}

/** What a setting's reading may depend on besides its own value (read first, in this order). */
interface ReadContext {
  dataDir: string;
  /** --new-db: a --db file that does not exist may be created. */
  newDb: boolean;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
const SQLITE_SYNCHRONOUS = ['normal', 'full'] as const;

/** Checks a value against a TypeBox schema; `expected` finishes the sentence "<name> must be …". */
function checked<T>(name: string, schema: TSchema, expected: string, raw: unknown, value: unknown): T {
  if (!Value.Check(schema, value)) throw new UsageError(`${name} must be ${expected} (got "${String(raw)}")`);
  return value as T;
}

function int(name: string, min: number, max: number) {
  const schema = Type.Integer({ minimum: min, maximum: max });
  return (raw: string | number | boolean | null): number => {
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
    return checked<number>(name, schema, `a whole number from ${min} to ${max}`, raw, value);
  };
}

function bool(name: string) {
  return (raw: string | number | boolean | null): boolean => {
    if (typeof raw === 'boolean') return raw;
    const text = String(raw);
    if (/^(1|true|yes|on)$/i.test(text)) return true;
    if (/^(0|false|no|off|)$/i.test(text)) return false;
    throw new UsageError(`${name} must be true or false (got "${text}")`);
  };
}

function oneOf<const L extends readonly string[]>(name: string, literals: L) {
  const schema = Type.Union(literals.map((l) => Type.Literal(l)));
  return (raw: string | number | boolean | null): L[number] => checked<L[number]>(name, schema, `one of ${literals.join(', ')}`, raw, String(raw));
}

const text = (raw: string | number | boolean | null): string => String(raw);

/** An http(s) URL without its trailing slashes. */
const vendorUrl = (name: string) => (raw: string | number | boolean | null): string => {
  const value = String(raw).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+/.test(value)) throw new UsageError(`${name} must be an http(s) URL (got "${String(raw)}")`);
  return value;
};
const optionalText = (raw: string | number | boolean | null): string | null => (raw === null || raw === '' ? null : String(raw));
const optionalPath = (raw: string | number | boolean | null): string | null => (raw === null || raw === '' ? null : path.resolve(String(raw)));

/**
 * Which proxies in front of the service are trusted to append to X-Forwarded-For: a number of
 * hops (the nearest that many), or their addresses and ranges. Null: no proxy, TLS served here.
 */
export type TrustProxy = null | { readonly hops: number } | { readonly addresses: readonly string[] };

/**
 * `--trust-proxy` alone (or true) is one hop, the usual single reverse proxy; a whole number is
 * that many hops; anything else a comma-separated list of addresses, CIDR ranges or proxy-addr's
 * names (loopback, linklocal, uniquelocal). Never "trust every hop": the left-most entries of
 * X-Forwarded-For are whatever the client wrote (docs/operations.md "Behind a proxy").
 */
function trustProxy(raw: string | number | boolean | null): TrustProxy {
  if (raw === true) return { hops: 1 };
  const text = String(raw ?? '').trim();
  if (/^(false|no|off|0|)$/i.test(text)) return null;
  if (/^(true|yes|on)$/i.test(text)) return { hops: 1 };
  if (/^\d+$/.test(text)) return { hops: int('trust proxy hops', 1, 100)(text) };
  const addresses = text.split(',').map((a) => a.trim());
  try {
    if (addresses.includes('')) throw new Error('empty entry');
    proxyAddr.compile(addresses);
  } catch {
    throw new UsageError(`trust proxy must be a number of hops or a comma-separated list of proxy addresses or CIDR ranges (got "${text}")`);
  }
  return { addresses };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** An instant given as epoch milliseconds or as an ISO 8601 date or time with its zone; null when not given. */
function instant(name: string) {
  return (raw: string | number | boolean | null): number | null => {
    if (raw === null || raw === '') return null;
    const s = String(raw);
    const ms = /^\d+$/.test(s) ? Number(s) : ISO_INSTANT.test(s) && isCalendarDate(s) ? Date.parse(s) : NaN;
    if (!Number.isSafeInteger(ms) || ms > 8.64e15) {
      throw new UsageError(`${name} must be epoch milliseconds or an ISO 8601 time with its zone, e.g. 2025-06-02T09:00:00Z (got "${s}")`);
    }
    return ms;
  };
}

/** `missing`: what opening a file that does not exist does (connect.ts); the default makes it. */
export function parseDbTarget(value: string, cwd = process.cwd(), missing?: MissingFile): DbTarget {
  if (/^postgres(ql)?:\/\//.test(value)) return { dialect: 'postgres', url: value };
  // Any other scheme is a mistake (mysql://…), not a file name to create: a drive letter (C:\) has one character.
  const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(value)?.[1];
  if (scheme && scheme.toLowerCase() !== 'sqlite') {
    throw new UsageError(`--db: unknown scheme "${scheme}:" (use a file path, sqlite:<path>, or postgres:// / postgresql://)`);
  }
  const file = value.replace(/^sqlite:(\/\/)?/, '');
  if (file === '') throw new UsageError(`database: "${value}" names no file`);
  return file === ':memory:' ? { dialect: 'sqlite', file } : { dialect: 'sqlite', file: path.resolve(cwd, file), ...(missing ? { missing } : {}) };
}

const setting = <T>(s: Setting<T>) => s;

/** The context of the settings read before the others (they depend on nothing). */
const NO_CONTEXT: ReadContext = { dataDir: '', newDb: false };

export const SETTINGS = {
  dataDir: setting({
    env: 'WARMLINE_DATA_DIR', flag: { spec: '--data-dir <dir>', scope: 'common' }, default: './data',
    help: 'data directory (SQLite file, TLS certificate, server secret)',
    read: (raw) => path.resolve(String(raw)),
  }),
  db: setting({
    env: 'WARMLINE_DB', flag: { spec: '--db <url>', scope: 'common' }, default: null, shownDefault: '<data-dir>/warmline.db',
    help: 'database: a file path or `sqlite:<path>` URL, or a `postgres://user@host:port/db` URL',
    // The data directory's own file is made on first use (the first `npm start`); a file the
    // operator names must exist unless they say it is new: a typo must not start an empty database.
    read: (raw, { dataDir, newDb }) =>
      raw === null ? parseDbTarget(path.join(dataDir, 'warmline.db'), undefined, 'create-with-directories') : parseDbTarget(String(raw), undefined, newDb ? 'create' : 'refuse'),
  }),
  newDb: setting({
    env: 'WARMLINE_NEW_DB', flag: { spec: '--new-db', scope: 'common' }, default: 'false', shownDefault: 'off',
    help: 'the --db file is a new database: create it (its directory must exist); without this, a --db naming no file is refused', read: bool('new db'),
  }),
  waitForDb: setting({
    env: 'WARMLINE_WAIT_FOR_DB', flag: { spec: '--wait-for-db <seconds>', scope: 'start' }, default: '0', shownDefault: 'no wait',
    help: 'at start, retry an unreachable database for up to this many seconds before giving up', read: int('wait for db', 0, 86_400),
  }),
  sqliteSynchronous: setting({
    env: 'WARMLINE_SQLITE_SYNCHRONOUS', flag: { spec: '--sqlite-synchronous <mode>', scope: 'common' }, default: 'normal',
    help: 'SQLite durability: normal survives a crash of the process but a power loss may take the last transactions; full loses none, each commit waits for the disk (docs/operations.md)',
    read: oneOf('sqlite synchronous', SQLITE_SYNCHRONOUS),
  }),
  dbConnectTimeoutMs: setting({
    env: 'WARMLINE_DB_CONNECT_TIMEOUT_MS', default: '3000',
    help: 'PostgreSQL: how long a request waits for a connection before answering 503 (the database is away)',
    read: int('database connect timeout', 100, 600_000),
  }),
  dbStatementTimeoutMs: setting({
    env: 'WARMLINE_DB_STATEMENT_TIMEOUT_MS', default: '60000',
    help: 'PostgreSQL: the longest one statement may run (statement_timeout); a statement past it fails, its transaction rolls back',
    read: int('database statement timeout', 100, 3_600_000),
  }),
  host: setting({
    env: 'WARMLINE_HOST', flag: { spec: '--host <host>', scope: 'serve' }, default: '127.0.0.1',
    help: 'address to listen on (0.0.0.0 for every interface)', read: text,
  }),
  port: setting({ env: 'WARMLINE_PORT', flag: { spec: '--port <port>', scope: 'serve' }, default: '8443', help: 'port (HTTPS)', read: int('port', 0, 65535) }),
  rateLimit: setting({
    env: 'WARMLINE_RATE_LIMIT', flag: { spec: '--rate-limit <n>', scope: 'serve' }, default: '80',
    help: 'requests per rolling minute per workspace', read: int('rate limit', 1, 100_000_000),
  }),
  hookRateLimit: setting({
    env: 'WARMLINE_HOOK_RATE_LIMIT', flag: { spec: '--hook-rate-limit <n>', scope: 'serve' }, default: '600',
    help: 'webhook deliveries per rolling minute per hook and client address (/hooks/…, apart from the API\'s limit)', read: int('hook rate limit', 1, 100_000_000),
  }),
  webhooksAllowPrivate: setting({
    env: 'WARMLINE_WEBHOOKS_ALLOW_PRIVATE', flag: { spec: '--webhooks-allow-private', scope: 'webhooks' }, default: 'false', shownDefault: 'off',
    help: 'allow outbound webhook URLs on loopback, private or link-local addresses, and plain http (tests, a trusted network)', read: bool('webhooks allow private'),
  }),
  webhookTimeoutMs: setting({
    env: 'WARMLINE_WEBHOOK_TIMEOUT_MS', default: '10000',
    help: 'the longest one outbound webhook delivery may take (connect, send, answer) before it counts as failed and is retried',
    read: int('webhook timeout', 100, 120_000),
  }),
  tlsCert: setting({
    env: 'WARMLINE_TLS_CERT', flag: { spec: '--tls-cert <file>', scope: 'serve' }, default: null, shownDefault: 'self-signed',
    help: 'PEM certificate to use instead of the generated one (with --tls-key)', read: optionalPath,
  }),
  tlsKey: setting({
    env: 'WARMLINE_TLS_KEY', flag: { spec: '--tls-key <file>', scope: 'serve' }, default: null, shownDefault: 'self-signed',
    help: 'PEM private key for --tls-cert', read: optionalPath,
  }),
  trustProxy: setting({
    env: 'WARMLINE_TRUST_PROXY', flag: { spec: '--trust-proxy [hops|addresses]', scope: 'serve' }, default: 'false', shownDefault: 'off',
    help: 'plain HTTP behind a TLS-terminating proxy (requests must carry X-Forwarded-Proto: https); the client address is the right-most X-Forwarded-For entry not added by a trusted proxy: the nearest <hops> (alone: 1), or those at <addresses> (comma-separated IPs or CIDR ranges)',
    read: trustProxy,
  }),
  redisUrl: setting({
    env: 'WARMLINE_REDIS_URL', flag: { spec: '--redis-url <url>', scope: 'serve' }, default: null, shownDefault: 'none',
    help: 'share the rate limit between several server processes through Redis', read: optionalText,
  }),
  redisTimeoutMs: setting({
    env: 'WARMLINE_REDIS_TIMEOUT_MS', default: '500',
    help: 'the longest a request waits for Redis (--redis-url) before counting its rate limit in the process instead',
    read: int('redis timeout', 10, 60_000),
  }),
  publicUrl: setting({
    env: 'WARMLINE_PUBLIC_URL', flag: { spec: '--public-url <url>', scope: 'serve' }, default: null, shownDefault: 'listening address',
    help: "base URL used in links the service returns (placeholder pictures); never taken from a request's `Host` header",
    read: (raw) => optionalText(raw)?.replace(/\/+$/, '') ?? null,
  }),
  metricsPort: setting({
    env: 'WARMLINE_METRICS_PORT', flag: { spec: '--metrics-port <port>', scope: 'serve' }, default: null, shownDefault: 'off',
    help: 'serve Prometheus metrics at http://<host>:<port>/metrics, a plain-HTTP listener apart from the API (0: any free port); `warmline worker` too, through the variable',
    read: (raw) => (raw === null || raw === '' ? null : int('metrics port', 0, 65535)(raw)),
  }),
  logLevel: setting({
    env: 'WARMLINE_LOG_LEVEL', flag: { spec: '--log-level <level>', scope: 'serve' }, default: 'info',
    help: 'fatal, error, warn, info, debug, trace or silent; debug adds one line per request', read: oneOf('log level', LOG_LEVELS),
  }),
  logFormat: setting({
    env: 'WARMLINE_LOG_FORMAT', flag: { spec: '--log-format <format>', scope: 'serve' }, default: 'auto',
    help: 'json (one object a line), pretty (human-readable) or auto: pretty when standard error is a terminal, json otherwise', read: oneOf('log format', LOG_FORMATS),
  }),
  demo: setting({
    env: 'WARMLINE_DEMO', flag: { spec: '--no-demo', scope: 'serve' }, default: 'true', shownDefault: 'demo on',
    help: 'do not create the demo workspace on a fresh database', read: bool('demo'),
  }),
  worker: setting({
    env: 'WARMLINE_WORKER', flag: { spec: '--no-worker', scope: 'serve' }, default: 'true', shownDefault: 'worker on',
    help: 'serve the API only; run the engines with `warmline worker` elsewhere', read: bool('worker'),
  }),
  stopGraceMs: setting({
    env: 'WARMLINE_STOP_GRACE_MS', default: '10000',
    help: "on SIGTERM, how long in-flight requests and the worker's step in hand may take before the process exits anyway",
    read: int('stop grace time', 0, 600_000),
  }),
  activityRetentionDays: setting({
    env: 'WARMLINE_ACTIVITY_RETENTION_DAYS', default: '365',
    help: "how long the activity log keeps an entry (who did what); the worker deletes older ones once a day", read: int('activity retention days', 1, 36_500),
  }),
  workerIdleMs: setting({
    env: 'WARMLINE_WORKER_IDLE_MS', default: '1000',
    help: 'how long the worker rests when no task has work (on the process clock; at least 10 real ms)', read: int('worker idle time', 10, 3_600_000),
  }),
  providerTimeoutMs: setting({
    env: 'WARMLINE_PROVIDER_TIMEOUT_MS', default: '30000',
    help: 'the longest one call to a network provider (Unipile) or a CRM (HubSpot) may take, answer included',
    read: int('provider timeout', 100, 600_000),
  }),
  hunterUrl: setting({
    env: 'WARMLINE_HUNTER_URL', default: 'https://api.hunter.io',
    help: "where the Hunter enrichment vendor's API answers (its own by default; another only for a proxy or a test's fake)", read: vendorUrl('WARMLINE_HUNTER_URL'),
  }),
  dropcontactUrl: setting({
    env: 'WARMLINE_DROPCONTACT_URL', default: 'https://api.dropcontact.io',
    help: "where the Dropcontact enrichment vendor's API answers (its own by default; another only for a proxy or a test's fake)", read: vendorUrl('WARMLINE_DROPCONTACT_URL'),
  }),
  enrichmentPollMs: setting({
    env: 'WARMLINE_ENRICHMENT_POLL_MS', default: '2000',
    help: "pause between two asks for a vendor's answer that is not ready yet (Dropcontact works in the background)", read: int('enrichment poll pause', 1, 60_000),
  }),
  sandboxSeed: setting({ env: 'WARMLINE_SANDBOX_SEED', default: 'warmline-sandbox', help: 'seed of the simulated network (same seed, same world)', read: text }),
  sandboxLatencyMs: setting({
    env: 'WARMLINE_SANDBOX_LATENCY_MS', default: '0',
    help: 'delay before the simulated network answers a send (crash tests use it)', read: int('sandbox latency', 0, 60_000),
  }),
  syncIntervalMs: setting({
    env: 'WARMLINE_SYNC_INTERVAL_MS', default: '900000',
    help: "pause between two syncs of a CONNECTED member's posts and engagement", read: int('sync interval', 1_000, 86_400_000),
  }),
  clockStart: setting({
    env: 'WARMLINE_CLOCK_START', default: null, shownDefault: 'now',
    help: 'the time the process clock shows at WARMLINE_CLOCK_ANCHOR: epoch milliseconds or ISO 8601 with a zone (2025-06-02T09:00:00Z)',
    read: instant('clock start'),
  }),
  clockAnchor: setting({
    env: 'WARMLINE_CLOCK_ANCHOR', default: null, shownDefault: 'process start',
    help: 'the real instant at which the clock showed WARMLINE_CLOCK_START (same forms)', read: instant('clock anchor'),
  }),
  clockRate: setting({
    env: 'WARMLINE_CLOCK_RATE', default: '1',
    help: 'simulated milliseconds per real millisecond, 1 to 1000000 (3600: a real second is an hour)', read: int('clock rate', 1, 1_000_000),
  }),
  secret: setting({
    env: 'WARMLINE_SECRET', default: null, shownDefault: 'generated',
    help: 'the secret that signs cursors; the same on every process of a deployment (otherwise created once in `<data-dir>/secret.key`)',
    read: optionalText,
  }),
} as const;

export type SettingName = keyof typeof SETTINGS;

export type Config = { readonly [K in SettingName]: ReturnType<(typeof SETTINGS)[K]['read']> };

/** Values given on the command line, keyed like the settings; anything not given falls back to the environment, then the default. */
export type ConfigFlags = { [K in SettingName]?: string | number | boolean };

export function loadConfig(flags: ConfigFlags = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const raw = (name: SettingName) => flags[name] ?? env[SETTINGS[name].env] ?? SETTINGS[name].default;
  // The data directory comes first: the database's default file lives in it.
  const context = { dataDir: SETTINGS.dataDir.read(raw('dataDir'), NO_CONTEXT), newDb: SETTINGS.newDb.read(raw('newDb'), NO_CONTEXT) };
  const config = Object.fromEntries(
    (Object.keys(SETTINGS) as SettingName[]).map((name) => [name, (SETTINGS[name].read as Setting<unknown>['read'])(raw(name), context)]),
  ) as unknown as Config;
  if ((config.tlsCert === null) !== (config.tlsKey === null)) throw new UsageError('--tls-cert and --tls-key go together');
  return Object.freeze(config);
}

/**
 * One setting as its variable gives it, read as loadConfig reads it, for a command's own option
 * that defaults to it (`member invite --base-url` to WARMLINE_PUBLIC_URL); null when the variable
 * is not set. The other settings are not read, so a bad one does not stop `--help`.
 */
export function settingFromEnvironment<K extends SettingName>(name: K, env: NodeJS.ProcessEnv = process.env): Config[K] | null {
  const raw = env[SETTINGS[name].env];
  if (raw === undefined) return null;
  const context = {
    dataDir: SETTINGS.dataDir.read(env[SETTINGS.dataDir.env] ?? SETTINGS.dataDir.default, NO_CONTEXT),
    newDb: SETTINGS.newDb.read(env[SETTINGS.newDb.env] ?? SETTINGS.newDb.default, NO_CONTEXT),
  };
  return (SETTINGS[name].read as Setting<unknown>['read'])(raw, context) as Config[K];
}

/** A variable the operator names on the command line (`network bind … --token-env <VAR>`): read here, as every other. */
export function namedVariable(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env[name];
}
