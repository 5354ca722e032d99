// Options every command shares, and how results are printed (human text, or JSON with --json).
import { Command, Option } from 'commander';
import { loadConfig, SETTINGS, type Config, type ConfigFlags, type FlagScope, type SettingName } from '../config.js';
import { createContext, type AppContext } from '../context.js';

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

export function print(flags: CommonFlags, data: unknown, human: () => string): void {
  process.stdout.write(flags.json ? `${JSON.stringify(data)}\n` : `${human()}\n`);
}

export const parseInteger = (name: string) => (value: string) => {
  if (!/^-?\d+$/.test(value)) throw new Error(`${name} must be a whole number`);
  return Number(value);
};
