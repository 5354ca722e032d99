// What the network tells the outreach engine without being asked (Unipile's webhooks): an
// invitation accepted, an account's status changed. Acceptance is the one path the poll takes
// too (poll.ts), so a contact is accepted the same way whichever notices it first, and only once:
// the update requires the contact to be still INVITED.
import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { mirrorState } from '../connections/mirror.js';
import type { AccountRef } from '../network/provider.js';
import { updateIntegrationStatus } from '../workspace/workspace.service.js';
import { parseSettings } from './campaign-settings.js';
import { releaseAssigned } from './outreach-contacts.repository.js';
import { activeCampaignsOf } from './participants.repository.js';

/** An INVITED contact accepted: CONNECTED, its follow-up scheduled (or finished without one). Returns the follow-up time, or undefined when the contact was no longer INVITED. */
export async function acceptContact(db: DbOrTx, workspaceId: string, contactId: string, campaignSettings: string, now: number): Promise<number | null | undefined> {
  const settings = parseSettings(campaignSettings);
  const followUp = settings.follow_up_template ? now + settings.follow_up_delay_hours * 3_600_000 : null;
  const updated = await db
    .updateTable('campaign_contacts')
    .set({ status: 'CONNECTED', status_reason: null, connected_at: now, follow_up_at: followUp, finished_at: followUp === null ? now : null, updated_at: now })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', contactId)
    .where('status', '=', 'INVITED')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0 ? followUp : undefined;
}

/**
 * The network says the member and the contact are now connected: the mirror follows, and the
 * member's INVITED contacts for that person in ACTIVE campaigns are accepted; the sender is
 * woken for the follow-up. A contact no longer INVITED (replied, withdrawn, accepted already)
 * keeps its state. Returns how many contacts were accepted.
 */
export async function invitationAccepted(db: DbOrTx, account: AccountRef, contactUrn: string, now: number): Promise<number> {
  const { workspaceId: ws, teamMemberId: member } = account;
  await mirrorState(db, account, contactUrn, 'CONNECTED', now);
  const campaigns = await activeCampaignsOf(db, ws, member);
  if (campaigns.length === 0) return 0;
  const invited = await db
    .selectFrom('campaign_contacts')
    .select(['id', 'campaign_id'])
    .where('workspace_id', '=', ws)
    .where('sender_id', '=', member)
    .where('network_urn', '=', contactUrn)
    .where('status', '=', 'INVITED')
    .where('campaign_id', 'in', campaigns.map((c) => c.id))
    .execute();
  let accepted = 0;
  for (const contact of invited) {
    const followUp = await acceptContact(db, ws, contact.id, campaigns.find((c) => c.id === contact.campaign_id)!.settings, now);
    if (followUp === undefined) continue;
    accepted++;
    if (followUp !== null) await wakeSender(db, account, followUp);
  }
  return accepted;
}

/**
 * The member's account is connected to the network again, or not. Disconnected: the sender
 * stops acting for its campaigns (the engine acts only for CONNECTED members) and its untouched
 * contacts go back to the queue for the other senders. Connected again: the sender is looked at
 * at once; a pause the outreach rules set (limits, a restriction) still holds. Returns whether
 * the status changed.
 */
export async function accountStatusChanged(db: DbOrTx, account: AccountRef, connected: boolean, now: number): Promise<boolean> {
  const { workspaceId: ws, teamMemberId: member } = account;
  const status = connected ? 'CONNECTED' : 'DISCONNECTED';
  const current = await db.selectFrom('team_members').select('integration_status').where('workspace_id', '=', ws).where('id', '=', member).executeTakeFirst();
  if (!current || current.integration_status === status) return false;
  await updateIntegrationStatus(db, ws, member, status, now);
  if (connected) await wakeSender(db, account, now);
  else await releaseAssigned(db, ws, member, now);
  return true;
}

/** The sender's next step comes no later than `at`. */
function wakeSender(db: DbOrTx, account: AccountRef, at: number) {
  return db
    .updateTable('outreach_senders')
    .set({ next_step_at: sql<number>`case when next_step_at > cast(${at} as bigint) then cast(${at} as bigint) else next_step_at end` })
    .where('workspace_id', '=', account.workspaceId)
    .where('team_member_id', '=', account.teamMemberId)
    .execute();
}
