// Who each account is connected to, as its own relations list says: read once in full, then only
// the newest page or two (the list is newest first), at most every RELATIONS_FRESH_MS. With it a
// connection check costs no profile look-up (a profile view, which the network counts); the
// sent-invitations list tells the pending ones. Kept in the database, so every process reads the
// same list and a restart does not walk it again.
import type { DbOrTx } from '../../db/database.js';

/** How stale the stored relations may be before a check reads the list's newest pages again. */
export const RELATIONS_FRESH_MS = 5 * 60_000;

export class DbRelations {
  constructor(private readonly db: DbOrTx, private readonly workspaceId: string) {}

  /** When the account's list was last read to its end or to a relation already stored (null: never). */
  async syncedAt(accountId: string): Promise<number | null> {
    const row = await this.db.selectFrom('network_account_pacing').select('relations_synced_at').where('workspace_id', '=', this.workspaceId).where('account_id', '=', accountId).executeTakeFirst();
    return row?.relations_synced_at == null ? null : Number(row.relations_synced_at);
  }

  async knows(accountId: string, contactUrn: string): Promise<boolean> {
    const row = await this.db.selectFrom('network_relations').select('contact_urn').where('workspace_id', '=', this.workspaceId).where('account_id', '=', accountId).where('contact_urn', '=', contactUrn).executeTakeFirst();
    return row !== undefined;
  }

  /** Stores relations read from the list; `complete`: the walk reached what was stored before (or the list's end). */
  async store(accountId: string, relations: { contactUrn: string; at: number }[], complete: boolean, at: number): Promise<void> {
    for (let i = 0; i < relations.length; i += 500) {
      await this.db
        .insertInto('network_relations')
        .values(relations.slice(i, i + 500).map((r) => ({ workspace_id: this.workspaceId, account_id: accountId, contact_urn: r.contactUrn, connected_at: r.at })))
        .onConflict((oc) => oc.columns(['workspace_id', 'account_id', 'contact_urn']).doNothing())
        .execute();
    }
    if (!complete) return;
    await this.db
      .insertInto('network_account_pacing')
      .values({ workspace_id: this.workspaceId, account_id: accountId, next_act_at: 0, blocked_until: 0, relations_synced_at: at })
      .onConflict((oc) => oc.columns(['workspace_id', 'account_id']).doUpdateSet({ relations_synced_at: at }))
      .execute();
  }
}
