// Queries of the members' own accounts at a real provider (unipile_accounts: which account acts
// for which member) and of the outcomes of the provider's calls (network_call_outcomes), as the
// operator's use-cases link, unlink and read them (`member link`, `network status`, the console's
// Team page). The provider reads and counts through its own store (unipile/unipile.store.ts).
import type { DbOrTx } from '../db/database.js';

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
