// What an operator gives to bind a workspace to Unipile (`network bind <workspace> unipile`),
// checked before anything is stored: the DSN's form, the pacing, and the credentials with one
// call. The operator's bind (operator/unipile.operator.ts) holds only the BindingCheck it is
// handed by the composition root; it seals the token and stores the binding.
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

function checkPacing(p: Partial<BudgetOptions>): Partial<BudgetOptions> {
  const merged = { ...DEFAULT_BUDGET, ...p };
  if (merged.actSpacingMinMs > merged.actSpacingMaxMs) throw new UsageError('--act-spacing: the shortest pause must not be longer than the longest');
  return p;
}

/** The binding's options to store (never the token) and the token to seal; a UsageError, and nothing to store, when anything is wrong. */
export async function checkUnipileBinding(input: UnipileBindInput, timeoutMs: number): Promise<{ options: Binding['options']; credential: string }> {
  const dsn = readDsn(input.dsn);
  const token = input.token.trim();
  if (!token) throw new UsageError('the Unipile token is empty');
  const pacing = checkPacing(input.pacing ?? {});
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
