// Queries of the members' own accounts at a real provider (unipile_accounts: which account acts
// for which member), of the outcomes of the provider's calls (network_call_outcomes) and of each
// account's budget use (network_budget_use), as the operator's use-cases link, unlink and read
// them (`member link`, `network status`, the console's Team page). The provider reads, counts and
// spends through its own store and budget (unipile/unipile.store.ts, unipile.budget.ts).
import type { DbOrTx } from '../db/database.js';
import { DAY_MS } from '../shared/time.js';

export function linkAccount(db: DbOrTx, workspaceId: string, teamMemberId: string, accountId: string, at: number) {
  return db
    .insertInto('unipile_accounts')
    .values({ workspace_id: workspaceId, team_member_id: teamMemberId, account_id: accountId, linked_at: at })
    .onConflict((oc) => oc.columns(['workspace_id', 'team_member_id']).doUpdateSet({ account_id: accountId, linked_at: at }))
    .execute();
}

export function unlinkAccount(db: DbOrTx, workspaceId: string, teamMemberId: string) {
  return db.deleteFrom('unipile_accounts').where('workspace_id', '=', workspaceId).where('team_member_id', '=', teamMemberId).execute();
}

export function linkedAccounts(db: DbOrTx, workspaceId: string) {
  return db.selectFrom('unipile_accounts').selectAll().where('workspace_id', '=', workspaceId).orderBy('team_member_id').execute();
}

export function callOutcomes(db: DbOrTx, workspaceId: string) {
  return db.selectFrom('network_call_outcomes').selectAll().where('workspace_id', '=', workspaceId).orderBy('outcome').execute();
}

/** The day a budget counts in (network_budget_use.day): days since the epoch, UTC. */
export const budgetDayOf = (at: number) => Math.floor(at / DAY_MS);

/** One account's use of each budget on one day, for `network status`. */
export interface BudgetUse {
  account_id: string;
  lookups: number;
  invitations: number;
  messages: number;
  withdrawals: number;
  refused: number;
}

/** Each linked account's use of each budget on the UTC day of `at`. */
export async function budgetUseOn(db: DbOrTx, workspaceId: string, at: number): Promise<BudgetUse[]> {
  const rows = await db.selectFrom('network_budget_use').select(['account_id', 'kind', 'used']).where('workspace_id', '=', workspaceId).where('day', '=', budgetDayOf(at)).orderBy('account_id').execute();
  const byAccount = new Map<string, BudgetUse>();
  for (const row of rows) {
    const use = byAccount.get(row.account_id) ?? { account_id: row.account_id, lookups: 0, invitations: 0, messages: 0, withdrawals: 0, refused: 0 };
    byAccount.set(row.account_id, use);
    const used = Number(row.used);
    if (row.kind.startsWith('refused:')) use.refused += used;
    else if (row.kind === 'lookup') use.lookups += used;
    else if (row.kind === 'invitation') use.invitations += used;
    else if (row.kind === 'message') use.messages += used;
    else if (row.kind === 'withdrawal') use.withdrawals += used;
  }
  return [...byAccount.values()];
}
