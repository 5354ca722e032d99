// Builds the Unipile provider of a workspace from its stored binding: the DSN and settings from
// the binding's options, the token opened from its sealed credentials, the members' accounts,
// the exactly-once ledger and the call outcomes from the database. Used by the composition root's
// registry and by the operator's bind (one call to check the credentials before storing them).
import type { Db } from '../../db/database.js';
import type { Clock } from '../../shared/clock.js';
import type { SecretBox } from '../../shared/secret-box.js';
import type { StoredBinding } from '../bindings.js';
import { toNetworkError } from './unipile.errors.js';
import { UnipileNetwork } from './unipile.network.js';
import { AccountBudget, type BudgetObserver, type BudgetOptions } from './unipile.budget.js';
import { DbRelations } from './unipile.relations.js';
import { accountDirectory, DbLedger, membersOfAccount, recordOutcome } from './unipile.store.js';
import { unipileSdk } from './unipile.sdk.js';
import { installTransport } from './unipile.transport.js';

/** A Unipile binding's options as stored (exported with snapshots: never the token). */
export interface UnipileBindingOptions {
  dsn: string;
  /** PEM certificates to trust besides the system's (a private endpoint, a test's fake). */
  ca?: string;
  /** The account budgets (stored under its first name, pacing); missing fields take DEFAULT_BUDGET. */
  pacing?: Partial<BudgetOptions>;
}

export interface UnipileFactoryDeps {
  db: Db;
  clock: Clock;
  /** Opens the sealed token (created on first use: a process that never meets Unipile never reads the secret). */
  tokenBox: () => SecretBox;
  timeoutMs: number;
  /** The members whose account Unipile answered as disconnected. */
  onDisconnected(workspaceId: string, teamMemberIds: string[]): Promise<void>;
  /** Told of every budget claim (metrics). */
  onBudget?: (provider: string) => BudgetObserver;
}

export function unipileFactory(deps: UnipileFactoryDeps) {
  return (binding: StoredBinding): UnipileNetwork => {
    const { workspaceId } = binding;
    const options = binding.options as unknown as UnipileBindingOptions;
    if (!binding.credentials) throw new Error(`workspace ${workspaceId} is bound to Unipile without a token: bind it again`);
    const token = deps.tokenBox().open(binding.credentials);
    const stores = {
      accounts: accountDirectory(deps.db, workspaceId),
      ledger: new DbLedger(deps.db, workspaceId),
      budget: new AccountBudget(deps.db, workspaceId, deps.clock, options.pacing, Math.random, deps.onBudget?.('unipile')),
      relations: new DbRelations(deps.db, workspaceId),
    };
    return new UnipileNetwork(stores, deps.clock, {
      dsn: options.dsn,
      token,
      ca: options.ca,
      timeoutMs: deps.timeoutMs,
      observer: {
        // Counting is bookkeeping: a failed count must not turn a call's answer into a failure.
        outcome: (kind, message) => recordOutcome(deps.db, workspaceId, kind, deps.clock.now(), message).then(
          () => undefined,
          () => undefined,
        ),
        accountDisconnected: async (accountId) => deps.onDisconnected(workspaceId, await membersOfAccount(deps.db, workspaceId, accountId)),
      },
    });
  };
}

/** One call that proves a DSN and a token (the first page of the token's accounts); throws a NetworkError. */
export async function checkUnipileCredentials(options: { dsn: string; token: string; ca?: string; timeoutMs: number }): Promise<void> {
  const client = new (unipileSdk().UnipileClient)(options.dsn, options.token);
  installTransport(client, { baseUrl: options.dsn, token: options.token, timeoutMs: options.timeoutMs, ca: options.ca });
  try {
    await client.account.getAll({ limit: 1 });
  } catch (err) {
    throw toNetworkError(err);
  }
}
