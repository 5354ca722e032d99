// What an operator gives to bind a workspace to Unipile (`network bind <workspace> unipile`),
// checked before anything is stored: the DSN's form, the pacing, and the credentials with one
// call. The operator's bind (operator/unipile.operator.ts) holds only the BindingCheck it is
// handed by the composition root; it seals the token and stores the binding. A later change of
// the budgets alone (`network budget <workspace>`) is checked here too, against what is stored.
import { UsageError } from '../../shared/errors.js';
import type { Binding } from '../bindings.js';
import { NetworkError } from '../provider.js';
import { checkUnipileCredentials, type UnipileBindingOptions } from './unipile.factory.js';
import { DEFAULT_BUDGET, type BudgetOptions } from './unipile.budget.js';

export interface UnipileBindInput {
  dsn: string;
  token: string;
  ca?: string | null;
  pacing?: Partial<BudgetOptions>;
}

/** The DSN as Unipile shows it (https://apiN.unipile.com:PORT), without a path. */
function readDsn(dsn: string): string {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    throw new UsageError(`--dsn must be your Unipile DSN, such as https://api8.unipile.com:13851 (got "${dsn}")`);
  }
  if (url.protocol !== 'https:') throw new UsageError(`--dsn must be an https:// address (got "${dsn}")`);
  return url.origin;
}

/**
 * The budgets in force once `change` is applied over `stored` (missing fields: DEFAULT_BUDGET), or
 * a UsageError. The budgets the change names must be consistent with the rest in force: the
 * shortest pause not longer than the longest, and a sync left at least one look-up a day (the
 * ingestion reserve below the daily look-ups).
 */
function checkPacing(change: Partial<BudgetOptions>, stored: Partial<BudgetOptions> = {}): BudgetOptions {
  const merged = { ...DEFAULT_BUDGET, ...stored, ...change };
  if (merged.actSpacingMinMs > merged.actSpacingMaxMs) throw new UsageError('--act-spacing: the shortest pause must not be longer than the longest');
  if (merged.ingestionReserve >= merged.dailyProfileLookups && (change.ingestionReserve !== undefined || change.dailyProfileLookups !== undefined)) {
    throw new UsageError(
      change.ingestionReserve !== undefined
        ? `--ingestion-reserve must be less than the daily look-ups in force (got ${merged.ingestionReserve}, daily look-ups ${merged.dailyProfileLookups})`
        : `--daily-lookups must be more than the ingestion reserve in force (got ${merged.dailyProfileLookups}, ingestion reserve ${merged.ingestionReserve}): give --ingestion-reserve below it too`,
    );
  }
  return merged;
}

/** Only the known budget fields of a stored `pacing` option (a snapshot's may carry anything). */
function storedPacing(options: Record<string, unknown>): Partial<BudgetOptions> {
  const pacing = options.pacing;
  if (typeof pacing !== 'object' || pacing === null) return {};
  const known = Object.keys(DEFAULT_BUDGET) as (keyof BudgetOptions)[];
  return Object.fromEntries(known.filter((k) => typeof (pacing as Record<string, unknown>)[k] === 'number').map((k) => [k, (pacing as Record<string, number>)[k]]));
}

/**
 * A stored Unipile binding's options with `change` merged into its `pacing` (every other option,
 * and the sealed credentials, as they were), and the budgets then in force with the defaults
 * filled; a UsageError, and nothing to store, when the change is inconsistent.
 */
export function changeUnipileBudgets(options: Binding['options'], change: Partial<BudgetOptions>): { options: Binding['options']; budgets: BudgetOptions } {
  const stored = storedPacing(options);
  const budgets = checkPacing(change, stored);
  const pacing = { ...stored, ...change };
  return { options: { ...options, ...(Object.keys(pacing).length > 0 ? { pacing } : {}) }, budgets };
}

/** The binding's options to store (never the token) and the token to seal; a UsageError, and nothing to store, when anything is wrong. */
export async function checkUnipileBinding(input: UnipileBindInput, timeoutMs: number): Promise<{ options: Binding['options']; credential: string }> {
  const dsn = readDsn(input.dsn);
  const token = input.token.trim();
  if (!token) throw new UsageError('the Unipile token is empty');
  const pacing = input.pacing ?? {};
  checkPacing(pacing);
  try {
    await checkUnipileCredentials({ dsn, token, ca: input.ca ?? undefined, timeoutMs });
  } catch (err) {
    throw new UsageError(credentialsMessage(dsn, err));
  }
  const options: UnipileBindingOptions = { dsn, ...(input.ca ? { ca: input.ca } : {}), ...(Object.keys(pacing).length > 0 ? { pacing } : {}) };
  return { options: { ...options }, credential: token };
}

function credentialsMessage(dsn: string, err: unknown): string {
  if (err instanceof NetworkError && err.kind === 'account_disconnected') return `Unipile at ${dsn} refused the token (check the DSN and the access token); nothing was stored`;
  if (err instanceof NetworkError && err.kind === 'account_restricted') return `the Unipile token at ${dsn} may not list accounts (insufficient privileges); nothing was stored`;
  const why = err instanceof Error ? err.message : String(err);
  return `cannot check the credentials at ${dsn}: ${why}; nothing was stored`;
}
