// What a Unipile-bound workspace keeps in the database as the provider uses it: the members'
// linked accounts, the exactly-once ledger (so a kill -9 between Unipile acting and the service
// recording leaves the intent for reconciliation), and the outcome of every call by kind. Plain
// queries; the operator's own (linking, listing, the outcomes read back) are in
// network/member-accounts.repository.ts.
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { AccountRef, NetworkErrorKind } from '../provider.js';
import type { SendIntent, SendLedger } from './unipile.ledger.js';
import type { AccountDirectory } from './unipile.network.js';

/** A call's outcome as counted for `network status`. */
export type CallOutcome = 'ok' | NetworkErrorKind;

export class DbLedger implements SendLedger {
  constructor(private readonly db: DbOrTx, private readonly workspaceId: string) {}

  async find(key: string): Promise<SendIntent | null> {
    const row = await this.db.selectFrom('unipile_send_ledger').selectAll().where('workspace_id', '=', this.workspaceId).where('idempotency_key', '=', key).executeTakeFirst();
    if (!row) return null;
    return { key, kind: row.kind as SendIntent['kind'], accountId: row.account_id, providerId: row.provider_id, text: row.text, at: Number(row.intended_at), ref: row.ref };
  }

  async record(intent: SendIntent): Promise<void> {
    await this.db
      .insertInto('unipile_send_ledger')
      .values({ workspace_id: this.workspaceId, idempotency_key: intent.key, kind: intent.kind, account_id: intent.accountId, provider_id: intent.providerId, text: intent.text, intended_at: intent.at, ref: intent.ref })
      .onConflict((oc) => oc.columns(['workspace_id', 'idempotency_key']).doNothing())
      .execute();
  }

  async settle(key: string, ref: string): Promise<void> {
    await this.db.updateTable('unipile_send_ledger').set({ ref }).where('workspace_id', '=', this.workspaceId).where('idempotency_key', '=', key).execute();
  }
}

/** The members' linked accounts of one workspace. */
export function accountDirectory(db: DbOrTx, workspaceId: string): AccountDirectory {
  return {
    async accountIdOf(account: AccountRef) {
      const row = await db.selectFrom('unipile_accounts').select('account_id').where('workspace_id', '=', account.workspaceId).where('team_member_id', '=', account.teamMemberId).executeTakeFirst();
      return row?.account_id ?? null;
    },
    async lookupAccountId() {
      // the first linked account of a CONNECTED member: a disconnected one would only fail
      const row = await db
        .selectFrom('unipile_accounts as a')
        .innerJoin('team_members as m', (j) => j.onRef('m.workspace_id', '=', 'a.workspace_id').onRef('m.id', '=', 'a.team_member_id'))
        .select('a.account_id')
        .where('a.workspace_id', '=', workspaceId)
        .where('m.integration_status', '=', 'CONNECTED')
        .orderBy('a.linked_at')
        .orderBy('a.team_member_id')
        .executeTakeFirst();
      return row?.account_id ?? null;
    },
    async memberOf(accountId: string) {
      const row = await db.selectFrom('unipile_accounts').select('team_member_id').where('workspace_id', '=', workspaceId).where('account_id', '=', accountId).executeTakeFirst();
      return row?.team_member_id ?? null;
    },
  };
}

/** The members an account acts for (one, unless an operator linked it twice). */
export async function membersOfAccount(db: DbOrTx, workspaceId: string, accountId: string): Promise<string[]> {
  const rows = await db.selectFrom('unipile_accounts').select('team_member_id').where('workspace_id', '=', workspaceId).where('account_id', '=', accountId).execute();
  return rows.map((r) => r.team_member_id);
}

/** Counts one call's outcome (one upsert: calls + 1, the time and message of the last one). */
export function recordOutcome(db: DbOrTx, workspaceId: string, outcome: CallOutcome, at: number, message: string | null) {
  return db
    .insertInto('network_call_outcomes')
    .values({ workspace_id: workspaceId, outcome, calls: 1, last_at: at, last_message: message })
    .onConflict((oc) => oc.columns(['workspace_id', 'outcome']).doUpdateSet({ calls: sql`network_call_outcomes.calls + 1`, last_at: at, last_message: message }))
    .execute();
}
