// Options every command shares, and how results are printed (human text, or JSON with --json).
import fs from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import { loadConfig, SETTINGS, type Config, type ConfigFlags, type FlagScope, type SettingName } from '../config.js';
import { createContext, type AppContext } from '../context.js';
import { pendingMigrations } from '../db/migrate.js';
import { UsageError } from '../shared/errors.js';

export interface CommonFlags extends ConfigFlags {
  json?: boolean;
}

/**
 * The flags of the settings declared for `scope`, from their one declaration in config.ts. The
 * environment is read by loadConfig alone: a flag left out is null here and falls back to it.
 */
export function withSettingOptions(command: Command, scope: FlagScope): Command {
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    const { flag, env, help, shownDefault, default: fallback } = SETTINGS[name] as (typeof SETTINGS)[SettingName] & { shownDefault?: string };
    if (flag?.scope !== scope) continue;
    command.addOption(new Option(flag.spec, `${help} [env ${env}]`).default(null, shownDefault ?? fallback ?? 'none'));
  }
  return command;
}

/** The settings every command shares (`--db`, `--data-dir`) and `--json`. */
export function withCommonOptions(command: Command): Command {
  return withSettingOptions(command, 'common').option('--json', 'machine-readable output');
}

export function configFrom(flags: CommonFlags): Config {
  return loadConfig(flags);
}

/** Runs `body` with a migrated database, closing it afterwards. */
export async function withContext<T>(flags: CommonFlags, body: (ctx: AppContext) => Promise<T>): Promise<T> {
  const config = configFrom(flags);
  const ctx = await createContext(config);
  try {
    return await body(ctx);
  } finally {
    await ctx.close();
  }
}

/**
 * Runs `body` on an existing, up-to-date database without writing to it first: a command that only
 * reads never creates a database (a mistyped --db is reported, not made) nor migrates one.
 */
export async function withExistingContext<T>(flags: CommonFlags, body: (ctx: AppContext) => Promise<T>): Promise<T> {
  const config = configFrom(flags);
  if (config.db.dialect === 'sqlite' && config.db.file !== ':memory:' && !fs.existsSync(config.db.file)) {
    throw new UsageError(`no database at ${config.db.file} (check --db / --data-dir; \`warmline migrate\` creates one, with --new-db for a --db file)`);
  }
  const ctx = await createContext(config, { migrate: false });
  try {
    const pending = await pendingMigrations(ctx.database.db);
    if (pending.length > 0) throw new UsageError(`the database schema is older than this version (${pending.length} migrations pending): run \`warmline migrate\``);
    return await body(ctx);
  } finally {
    await ctx.close();
  }
}

export function print(flags: CommonFlags, data: unknown, human: () => string): void {
  process.stdout.write(flags.json ? `${JSON.stringify(data)}\n` : `${human()}\n`);
}

export const parseInteger = (name: string, min = -Infinity, max = Infinity) => (value: string) => {
  if (!/^-?\d+$/.test(value)) throw new InvalidArgumentError(`${name} must be a whole number`);
  const n = Number(value);
  if (n < min || n > max) throw new InvalidArgumentError(`${name} must be from ${min} to ${max}`);
  return n;
};
