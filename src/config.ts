// The one place that reads the environment. Every setting: its flag, its variable, its default.
import path from 'node:path';
import { UsageError } from './shared/errors.js';
import { isCalendarDate } from './shared/time.js';

export const NETWORK_KINDS = ['sandbox'] as const;
export type NetworkKind = (typeof NETWORK_KINDS)[number];

export type DbTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface Config {
  readonly dataDir: string;
  readonly db: DbTarget;
  readonly host: string;
  readonly port: number;
  readonly rateLimitPerMinute: number;
  readonly tlsCertFile: string | null;
  readonly tlsKeyFile: string | null;
  readonly trustProxy: boolean;
  readonly redisUrl: string | null;
  readonly publicUrl: string | null;
  readonly secret: string | null;
  readonly logLevel: string;
  readonly demo: boolean;
  readonly worker: boolean;
  readonly workerIdleMs: number;
  readonly network: NetworkKind;
  readonly sandboxSeed: string;
  readonly sandboxLatencyMs: number;
  /** Pause between two syncs of a team member's network activity. */
  readonly syncIntervalMs: number;
  /**
   * > 1 makes the sandbox's engagement arrive, and syncs run, that many times sooner while the
   * clock stays real (the demo). The clock settings below speed up time itself instead.
   */
  readonly demoTimeScale: number;
  /** The process clock shows `clockStart` at the real instant `clockAnchor` and runs `clockRate` times as fast; null: now. */
  readonly clockStart: number | null;
  readonly clockAnchor: number | null;
  readonly clockRate: number;
}

/** Values given on the command line; anything not given falls back to the environment, then defaults. */
export interface ConfigFlags {
  dataDir?: string;
  db?: string;
  host?: string;
  port?: string | number;
  rateLimit?: string | number;
  tlsCert?: string;
  tlsKey?: string;
  trustProxy?: boolean;
  redisUrl?: string;
  publicUrl?: string;
  logLevel?: string;
  demo?: boolean;
  worker?: boolean;
  network?: string;
}

export const SETTINGS = {
  dataDir: { env: 'WARMLINE_DATA_DIR', default: './data' },
  db: { env: 'WARMLINE_DB', default: '<data-dir>/warmline.db' },
  host: { env: 'WARMLINE_HOST', default: '127.0.0.1' },
  port: { env: 'WARMLINE_PORT', default: '8443' },
  rateLimit: { env: 'WARMLINE_RATE_LIMIT', default: '80' },
  tlsCert: { env: 'WARMLINE_TLS_CERT', default: null },
  tlsKey: { env: 'WARMLINE_TLS_KEY', default: null },
  trustProxy: { env: 'WARMLINE_TRUST_PROXY', default: 'false' },
  redisUrl: { env: 'WARMLINE_REDIS_URL', default: null },
  publicUrl: { env: 'WARMLINE_PUBLIC_URL', default: null },
  secret: { env: 'WARMLINE_SECRET', default: null },
  logLevel: { env: 'WARMLINE_LOG_LEVEL', default: 'info' },
  demo: { env: 'WARMLINE_DEMO', default: 'true' },
  worker: { env: 'WARMLINE_WORKER', default: 'true' },
  workerIdleMs: { env: 'WARMLINE_WORKER_IDLE_MS', default: '1000' },
  network: { env: 'WARMLINE_NETWORK', default: 'sandbox' },
  sandboxSeed: { env: 'WARMLINE_SANDBOX_SEED', default: 'warmline-sandbox' },
  sandboxLatencyMs: { env: 'WARMLINE_SANDBOX_LATENCY_MS', default: '0' },
  syncIntervalMs: { env: 'WARMLINE_SYNC_INTERVAL_MS', default: '900000' },
  demoTimeScale: { env: 'WARMLINE_DEMO_TIME_SCALE', default: '1' },
  clockStart: { env: 'WARMLINE_CLOCK_START', default: null },
  clockAnchor: { env: 'WARMLINE_CLOCK_ANCHOR', default: null },
  clockRate: { env: 'WARMLINE_CLOCK_RATE', default: '1' },
} as const;

export function parseDbTarget(value: string, cwd = process.cwd()): DbTarget {
  if (/^postgres(ql)?:\/\//.test(value)) return { dialect: 'postgres', url: value };
  const file = value.replace(/^sqlite:(\/\/)?/, '');
  if (file === '') throw new UsageError(`database: "${value}" names no file`);
  return { dialect: 'sqlite', file: file === ':memory:' ? file : path.resolve(cwd, file) };
}

function toInt(name: string, raw: string | number, min: number, max: number): number {
  const n = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  return n;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** An instant given as epoch milliseconds or as an ISO 8601 date or time with its zone; null when not given. */
function toInstant(name: string, raw: string | null): number | null {
  if (raw === null || raw === '') return null;
  const ms = /^\d+$/.test(raw) ? Number(raw) : ISO_INSTANT.test(raw) && isCalendarDate(raw) ? Date.parse(raw) : NaN;
  if (!Number.isSafeInteger(ms) || ms > 8.64e15) {
    throw new UsageError(`${name} must be epoch milliseconds or an ISO 8601 time with its zone, e.g. 2025-06-02T09:00:00Z (got "${raw}")`);
  }
  return ms;
}

function toBool(name: string, raw: string | boolean): boolean {
  if (typeof raw === 'boolean') return raw;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off|)$/i.test(raw)) return false;
  throw new UsageError(`${name} must be true or false (got "${raw}")`);
}

export function loadConfig(flags: ConfigFlags = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const pick = <K extends keyof typeof SETTINGS>(key: K, flag: string | number | boolean | undefined) =>
    flag ?? env[SETTINGS[key].env] ?? SETTINGS[key].default;
  const dataDir = path.resolve(String(pick('dataDir', flags.dataDir)));
  const dbRaw = flags.db ?? env.WARMLINE_DB ?? path.join(dataDir, 'warmline.db');
  const tlsCertFile = pick('tlsCert', flags.tlsCert) as string | null;
  const tlsKeyFile = pick('tlsKey', flags.tlsKey) as string | null;
  if ((tlsCertFile === null) !== (tlsKeyFile === null)) throw new UsageError('--tls-cert and --tls-key go together');
  const logLevel = String(pick('logLevel', flags.logLevel));
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new UsageError(`log level must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}")`);
  }
  const network = String(pick('network', flags.network));
  if (!(NETWORK_KINDS as readonly string[]).includes(network)) throw new UsageError(`network must be one of ${NETWORK_KINDS.join(', ')} (got "${network}")`);
  return Object.freeze({
    dataDir,
    db: parseDbTarget(dbRaw),
    host: String(pick('host', flags.host)),
    port: toInt('port', pick('port', flags.port) as string, 0, 65535),
    rateLimitPerMinute: toInt('rate limit', pick('rateLimit', flags.rateLimit) as string, 1, 100_000_000),
    tlsCertFile: tlsCertFile && path.resolve(tlsCertFile),
    tlsKeyFile: tlsKeyFile && path.resolve(tlsKeyFile),
    trustProxy: toBool('trust proxy', pick('trustProxy', flags.trustProxy) as string),
    redisUrl: pick('redisUrl', flags.redisUrl) as string | null,
    publicUrl: (pick('publicUrl', flags.publicUrl) as string | null)?.replace(/\/+$/, '') ?? null,
    secret: pick('secret', undefined) as string | null,
    logLevel,
    demo: toBool('demo', pick('demo', flags.demo) as string),
    worker: toBool('worker', pick('worker', flags.worker) as string),
    workerIdleMs: toInt('worker idle time', pick('workerIdleMs', undefined) as string, 10, 3_600_000),
    network: network as NetworkKind,
    sandboxSeed: String(pick('sandboxSeed', undefined)),
    sandboxLatencyMs: toInt('sandbox latency', pick('sandboxLatencyMs', undefined) as string, 0, 60_000),
    syncIntervalMs: toInt('sync interval', pick('syncIntervalMs', undefined) as string, 1_000, 86_400_000),
    demoTimeScale: toInt('demo time scale', pick('demoTimeScale', undefined) as string, 1, 10_000),
    clockStart: toInstant('clock start', pick('clockStart', undefined) as string | null),
    clockAnchor: toInstant('clock anchor', pick('clockAnchor', undefined) as string | null),
    clockRate: toInt('clock rate', pick('clockRate', undefined) as string, 1, 1_000_000),
  });
}
