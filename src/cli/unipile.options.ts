// What `network bind <workspace> unipile` reads from its options: the DSN, the token from a file
// or an environment variable (never from the command line, where `ps` shows it), a CA file, and
// the per-account pacing.
import fs from 'node:fs';
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

function readPacing(flags: UnipileFlags): Partial<BudgetOptions> {
  const pacing: Partial<BudgetOptions> = {};
  if (flags.actSpacing !== undefined) {
    const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(flags.actSpacing.trim());
    if (!m) throw new UsageError(`--act-spacing must be seconds or a range of seconds such as 45-90 (got "${flags.actSpacing}")`);
    pacing.actSpacingMinMs = Number(m[1]) * 1000;
    pacing.actSpacingMaxMs = Number(m[2] ?? m[1]) * 1000;
  }
  if (flags.dailyLookups !== undefined) {
    if (!/^\d{1,6}$/.test(flags.dailyLookups.trim()) || Number(flags.dailyLookups) < 1) throw new UsageError(`--daily-lookups must be a whole number from 1 (got "${flags.dailyLookups}")`);
    pacing.dailyProfileLookups = Number(flags.dailyLookups);
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
export const UNIPILE_ONLY = ['dsn', 'tokenFile', 'tokenEnv', 'caFile', 'actSpacing', 'dailyLookups'] as const;
