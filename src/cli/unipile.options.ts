// What `network bind <workspace> unipile` reads from its options: the DSN, the token from a file
// or an environment variable (never from the command line, where `ps` shows it), a CA file, and
// the per-account budgets, which `network budget <workspace>` reads the same way.
import fs from 'node:fs';
import type { Command } from 'commander';
import { namedVariable } from '../config.js';
import type { UnipileBindInput } from '../network/unipile/unipile.binding.js';
import type { BudgetOptions } from '../network/unipile/unipile.budget.js';
import { UsageError } from '../shared/errors.js';

export interface UnipileFlags {
  dsn?: string;
  tokenFile?: string;
  tokenEnv?: string;
  caFile?: string;
  actSpacing?: string;
  dailyLookups?: string;
  ingestionReserve?: string;
  dailyInvitations?: string;
  dailyMessages?: string;
  dailyWithdrawals?: string;
  profileRefreshDays?: string;
}

export type BudgetFlags = Pick<UnipileFlags, 'actSpacing' | (typeof COUNTS)[number][0]>;

/** The budgets given as whole numbers: the flag's key, its budget option, its flag and help. */
const COUNTS = [
  ['dailyLookups', 'dailyProfileLookups', '--daily-lookups <n>', 'profile look-ups per account per UTC day (default 80)'],
  ['ingestionReserve', 'ingestionReserve', '--ingestion-reserve <n>', 'of those look-ups, how many a sync may not spend (kept for the API and outreach); less than the daily look-ups (default 20)'],
  ['dailyInvitations', 'dailyInvitations', '--daily-invitations <n>', 'invitations per account per UTC day (default 20)'],
  ['dailyMessages', 'dailyMessages', '--daily-messages <n>', 'messages per account per UTC day (default 80)'],
  ['dailyWithdrawals', 'dailyWithdrawals', '--daily-withdrawals <n>', 'invitation withdrawals per account per UTC day (default 20)'],
  ['profileRefreshDays', 'profileRefreshDays', '--profile-refresh-days <n>', 'a sync looks a known profile up again at most every n days (default 30)'],
] as const satisfies readonly (readonly [keyof UnipileFlags, keyof BudgetOptions, string, string])[];

/** The largest whole number a budget flag takes. */
const MOST = 1_000_000;

/** Declares the budget flags on `command`, each help line starting with `prefix`. */
export function withBudgetOptions(command: Command, prefix = ''): Command {
  command.option('--act-spacing <seconds>', `${prefix}random pause between two acting calls of one account, as min-max seconds (default 45-90)`);
  for (const [, , spec, help] of COUNTS) command.option(spec, `${prefix}${help}`);
  return command;
}

function wholeFromOne(flag: string, value: string): number {
  const text = value.trim();
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`${flag} must be a whole number from 1 (got "${value}")`);
  if (Number(text) > MOST) throw new UsageError(`${flag} must be at most ${MOST} (got "${value}")`);
  return Number(text);
}

function readFile(option: string, file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`${option}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

function readToken(flags: UnipileFlags, variable: (name: string) => string | undefined): string {
  if ((flags.tokenFile === undefined) === (flags.tokenEnv === undefined)) throw new UsageError('give the Unipile token with exactly one of --token-file <file> or --token-env <VAR>');
  if (flags.tokenFile !== undefined) return readFile('--token-file', flags.tokenFile).trim();
  const value = variable(flags.tokenEnv!)?.trim();
  if (!value) throw new UsageError(`--token-env: the environment variable ${flags.tokenEnv} is not set or empty`);
  return value;
}

/**
 * The budgets the flags give, each checked on its own (a whole number from 1; a pause of at least
 * a second): a one-line refusal before anything is opened. How they sit with the budgets in force
 * (the reserve below the look-ups) is checked against those (network/unipile/unipile.binding.ts).
 */
export function readPacing(flags: BudgetFlags): Partial<BudgetOptions> {
  const pacing: Partial<BudgetOptions> = {};
  if (flags.actSpacing !== undefined) {
    const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(flags.actSpacing.trim());
    if (!m || Number(m[1]) < 1 || Number(m[2] ?? m[1]) < 1) throw new UsageError(`--act-spacing must be seconds or a range of seconds such as 45-90, from 1 (got "${flags.actSpacing}")`);
    pacing.actSpacingMinMs = Number(m[1]) * 1000;
    pacing.actSpacingMaxMs = Number(m[2] ?? m[1]) * 1000;
  }
  for (const [key, option, spec] of COUNTS) {
    const value = flags[key];
    if (value !== undefined) pacing[option] = wholeFromOne(spec.split(' ')[0]!, value);
  }
  return pacing;
}

/** The bind input, or a one-line refusal before anything is opened. */
export function unipileBindInput(flags: UnipileFlags, variable: (name: string) => string | undefined = namedVariable): UnipileBindInput {
  if (!flags.dsn) throw new UsageError('binding to Unipile needs --dsn <url> (your Unipile DSN, such as https://api8.unipile.com:13851)');
  const token = readToken(flags, variable);
  if (!token) throw new UsageError('the Unipile token is empty');
  const ca = flags.caFile === undefined ? null : readFile('--ca-file', flags.caFile);
  return { dsn: flags.dsn, token, ca, pacing: readPacing(flags) };
}

/** Flags that only mean something for Unipile. */
export const UNIPILE_ONLY = ['dsn', 'tokenFile', 'tokenEnv', 'caFile', 'actSpacing', ...COUNTS.map(([key]) => key)] as const;
