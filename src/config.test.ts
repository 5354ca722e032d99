import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { keyCommands } from './cli/key.commands.js';
import { migrateCommand } from './cli/migrate.command.js';
import { serveCommand } from './cli/serve.command.js';
import { webhookCommands } from './cli/webhook.commands.js';
import { workerCommand } from './cli/worker.command.js';
import { workspaceCommands } from './cli/workspace.commands.js';
import { settingsTable } from './cli/settings-table.js';
import { loadConfig, namedVariable, SETTINGS, settingFromEnvironment } from './config.js';

describe('clock settings', () => {
  it('take epoch milliseconds or ISO 8601 dates and times with a zone', () => {
    const config = loadConfig({}, { WARMLINE_CLOCK_START: '2025-06-02T09:00:00+02:00', WARMLINE_CLOCK_ANCHOR: '1750000000000', WARMLINE_CLOCK_RATE: '3600' });
    expect([config.clockStart, config.clockAnchor, config.clockRate]).toEqual([Date.parse('2025-06-02T07:00:00Z'), 1_750_000_000_000, 3600]);
    expect(loadConfig({}, { WARMLINE_CLOCK_START: '2025-06-02' }).clockStart).toBe(Date.parse('2025-06-02T00:00:00Z'));
    expect(loadConfig({}, {})).toMatchObject({ clockStart: null, clockAnchor: null, clockRate: 1 });
  });

  it('refuse what they cannot read without guessing, with a message naming the setting', () => {
    const load = (env: Record<string, string>) => () => loadConfig({}, env);
    expect(load({ WARMLINE_CLOCK_START: '2025-06-02T09:00:00' })).toThrow('clock start must be epoch milliseconds or an ISO 8601 time with its zone'); // local time of which zone?
    expect(load({ WARMLINE_CLOCK_START: 'next monday' })).toThrow('(got "next monday")');
    expect(load({ WARMLINE_CLOCK_START: '2025-02-29T09:00:00Z' })).toThrow('(got "2025-02-29T09:00:00Z")');
    expect(load({ WARMLINE_CLOCK_START: '2025-04-31' })).toThrow('clock start must be');
    expect(loadConfig({}, { WARMLINE_CLOCK_START: '2024-02-29' }).clockStart).toBe(Date.UTC(2024, 1, 29));
    expect(load({ WARMLINE_CLOCK_ANCHOR: '-5' })).toThrow('clock anchor must be');
    expect(load({ WARMLINE_CLOCK_RATE: '0' })).toThrow('clock rate must be a whole number from 1 to 1000000 (got "0")');
    expect(load({ WARMLINE_CLOCK_RATE: '2.5' })).toThrow('clock rate must be a whole number');
  });
});

describe('the settings declaration', () => {
  it('is what the README settings table says, row for row', () => {
    const readme = fs.readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const start = readme.indexOf('| flag | environment | default | meaning |');
    const table = readme.slice(start, readme.indexOf('\n\n', start));
    expect(table).toBe(settingsTable());
  });

  it("gives `serve --help` every flag with its variable and default", () => {
    const help = serveCommand().helpInformation().replace(/\s+/g, ' ');
    for (const s of Object.values(SETTINGS) as { flag?: { spec: string }; env: string }[]) {
      if (s.flag) expect(help).toContain(s.flag.spec);
      if (s.flag) expect(help).toContain(`[env ${s.env}]`);
    }
    expect(help).toContain('port (HTTPS) [env WARMLINE_PORT] (default: 8443)');
  });

  it('gives a flag only to the commands it concerns: --wait-for-db to those that start, --webhooks-allow-private to those that check webhook URLs', () => {
    const flagsOf = (command: Command) => command.options.map((o) => o.long);
    const byName = (group: Command, name: string) => group.commands.find((c) => c.name() === name)!;
    const [worker, migrate, workspaces, keys, webhooks] = [workerCommand(), migrateCommand(), workspaceCommands(), keyCommands(), webhookCommands()];
    for (const command of [serveCommand(), worker, migrate]) expect(flagsOf(command)).toContain('--wait-for-db');
    for (const command of [serveCommand(), worker, byName(webhooks, 'create'), byName(webhooks, 'update')]) expect(flagsOf(command)).toContain('--webhooks-allow-private');
    for (const command of [byName(workspaces, 'list'), byName(keys, 'create'), byName(webhooks, 'list')]) {
      expect(flagsOf(command)).not.toContain('--wait-for-db');
      expect(flagsOf(command)).not.toContain('--webhooks-allow-private');
      expect(flagsOf(command)).toEqual(expect.arrayContaining(['--db', '--data-dir', '--new-db', '--json']));
    }
  });

  it('reads a flag before the environment and the environment before the default', () => {
    expect(loadConfig({ port: '9000' }, { WARMLINE_PORT: '9001' }).port).toBe(9000);
    expect(loadConfig({}, { WARMLINE_PORT: '9001' }).port).toBe(9001);
    expect(loadConfig({}, {}).port).toBe(8443);
    expect(loadConfig({}, { WARMLINE_DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({}, { WARMLINE_DEMO: 'off' }).demo).toBe(false);
    expect(loadConfig({ dataDir: '/tmp/wl-x' }, {}).db).toEqual({ dialect: 'sqlite', file: '/tmp/wl-x/warmline.db', missing: 'create-with-directories' });
    expect(loadConfig({ db: '/tmp/wl-x/typo.db' }, {}).db).toEqual({ dialect: 'sqlite', file: '/tmp/wl-x/typo.db', missing: 'refuse' });
    expect(loadConfig({}, { WARMLINE_DB: '/tmp/wl-x/new.db', WARMLINE_NEW_DB: 'true' }).db).toEqual({ dialect: 'sqlite', file: '/tmp/wl-x/new.db', missing: 'create' });
  });

  it('refuses a bad value with one message naming the setting', () => {
    expect(() => loadConfig({}, { WARMLINE_PORT: '70000' })).toThrow('port must be a whole number from 0 to 65535 (got "70000")');
    expect(() => loadConfig({}, { WARMLINE_LOG_LEVEL: 'loud' })).toThrow('log level must be one of fatal, error, warn, info, debug, trace, silent (got "loud")');
    expect(() => loadConfig({}, { WARMLINE_TRUST_PROXY: 'maybe' })).toThrow('trust proxy must be a number of hops or a comma-separated list of proxy addresses or CIDR ranges (got "maybe")');
    expect(() => loadConfig({}, { WARMLINE_TLS_CERT: '/x.pem' })).toThrow('--tls-cert and --tls-key go together');
  });

  it('reads --trust-proxy as hops (alone: one) or proxy addresses, never as "trust every hop"', () => {
    const trust = (raw: string | boolean) => loadConfig({ trustProxy: raw }, {}).trustProxy;
    expect(trust(true)).toEqual({ hops: 1 });
    expect(trust('true')).toEqual({ hops: 1 });
    expect(trust('2')).toEqual({ hops: 2 });
    expect(trust('off')).toBeNull();
    expect(trust('10.0.0.0/8, 127.0.0.1,loopback')).toEqual({ addresses: ['10.0.0.0/8', '127.0.0.1', 'loopback'] });
    expect(() => trust('10.0.0.0/99')).toThrow('trust proxy must be a number of hops or a comma-separated list');
    expect(() => trust('10.0.0.1,')).toThrow('trust proxy must be a number of hops or a comma-separated list');
    expect(() => trust('1000')).toThrow('trust proxy hops must be a whole number from 1 to 100 (got "1000")');
  });

  it("hands a command's own option one setting as its variable gives it, or a variable the operator names", () => {
    expect(settingFromEnvironment('publicUrl', { WARMLINE_PUBLIC_URL: 'https://warmline.example.com/', WARMLINE_PORT: '70000' })).toBe('https://warmline.example.com');
    expect(settingFromEnvironment('publicUrl', {})).toBeNull();
    expect(namedVariable('UNIPILE_TOKEN', { UNIPILE_TOKEN: 't0k' })).toBe('t0k');
    expect(namedVariable('UNIPILE_TOKEN', {})).toBeUndefined();
  });
});
