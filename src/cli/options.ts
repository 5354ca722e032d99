// Options every command shares, and how results are printed (human text, or JSON with --json).
import { Command, Option } from 'commander';
import { loadConfig, SETTINGS, type Config, type ConfigFlags } from '../config.js';
import { createContext, type AppContext } from '../context.js';

export interface CommonFlags extends ConfigFlags {
  json?: boolean;
}

/** `--db`, `--data-dir` and `--json`, with the environment variables they fall back to. */
export function withCommonOptions(command: Command): Command {
  return command
    .addOption(new Option('--db <url>', 'database: a file path or sqlite: URL, or a postgres:// URL').env(SETTINGS.db.env))
    .addOption(new Option('--data-dir <dir>', 'data directory (SQLite file, TLS certificate, secret)').env(SETTINGS.dataDir.env))
    .option('--json', 'machine-readable output');
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

export function print(flags: CommonFlags, data: unknown, human: () => string): void {
  process.stdout.write(flags.json ? `${JSON.stringify(data)}\n` : `${human()}\n`);
}

export const parseInteger = (name: string) => (value: string) => {
  if (!/^-?\d+$/.test(value)) throw new Error(`${name} must be a whole number`);
  return Number(value);
};
