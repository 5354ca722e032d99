// A contact's message to a member (a reply), recorded once by the provider's id. In the same
// transaction the member's campaign contacts with that person still in progress become REPLIED
// (no follow-up is due any more) and the person's leads get a history entry. A follow-up's
// reservation re-reads its contact under the same row lock (outreach/follow-up.ts), so no
// follow-up is reserved after a reply was recorded, even when the reply lands mid-step.
// Replies are read by the member syncs (every bound member) and by campaign senders before a
// follow-up; a provider that pushes them by webhook will call recordReply itself.
import type { Db, DbOrTx } from '../db/database.js';
import type { AccountRef, InboundMessage, NetworkProvider } from '../network/provider.js';
import { newId } from '../shared/ids.js';
import { DAY_MS, toIso } from '../shared/time.js';
import { emitEvent } from '../webhooks/outbox.js';

/** Replies are looked for this far back (a provider's listing may be late). */
export const REPLY_WINDOW_MS = 30 * DAY_MS;

/** Records the reply unless it was recorded before; true when this call recorded it. */
export async function recordReply(db: Db, now: number, account: AccountRef, reply: InboundMessage): Promise<boolean> {
  const { workspaceId: ws, teamMemberId: member } = account;
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('replies')
      .values({ workspace_id: ws, id: reply.id, team_member_id: member, contact_urn: reply.contactUrn, text: reply.text, received_at: reply.at, recorded_at: now })
      .onConflict((oc) => oc.columns(['workspace_id', 'id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    await emitEvent(tx, ws, now, {
      type: 'message.replied',
      data: { message_id: reply.id, team_member_id: member, contact_urn: reply.contactUrn, text: reply.text, received_at: toIso(reply.at) },
    });
    await tx
      .updateTable('campaign_contacts')
      .set({ status: 'REPLIED', status_reason: null, follow_up_at: null, replied_at: reply.at, finished_at: now, updated_at: now })
      .where('workspace_id', '=', ws)
      .where('sender_id', '=', member)
      .where('network_urn', '=', reply.contactUrn)
      .where('status', 'in', ['INVITED', 'CONNECTED'])
      .execute();
    const leads = await tx.selectFrom('leads').select('id').where('workspace_id', '=', ws).where('contact_urn', '=', reply.contactUrn).execute();
    if (leads.length > 0) {
      await tx
        .insertInto('lead_history')
        .values(leads.map((l) => ({ workspace_id: ws, id: newId('h'), lead_id: l.id, description: 'Replied to a message', recorded_at: reply.at })))
        .execute();
    }
    return true;
  });
}

async function knownReplies(db: DbOrTx, account: AccountRef, since: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('replies')
    .select('id')
    .where('workspace_id', '=', account.workspaceId)
    .where('team_member_id', '=', account.teamMemberId)
    .where('received_at', '>', since)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Records the account's replies the provider lists that are not recorded yet; returns how many. */
export async function recordNewReplies(db: Db, network: NetworkProvider, account: AccountRef, now: number): Promise<number> {
  if (!network.listReplies) return 0;
  const since = now - REPLY_WINDOW_MS;
  const known = await knownReplies(db, account, since);
  let recorded = 0;
  for (const reply of await network.listReplies(account, since)) if (!known.has(reply.id) && (await recordReply(db, now, account, reply))) recorded++;
  return recorded;
}
