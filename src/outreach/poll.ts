// Acceptance is detected by polling (the sandbox has no webhooks; Unipile's may be late or not
// registered): one list of the sender's pending invitations per poll; an invited contact no
// longer pending is asked about directly. A webhook accepts through the same acceptContact.
import type { CampaignContactChanges } from '../db/schema/campaigns.table.js';
import { mirrorState } from '../connections/mirror.js';
import { NetworkError } from '../network/provider.js';
import { acceptContact } from './network-events.js';
import * as contactRepo from './outreach-contacts.repository.js';
import { type StepContext } from './step-context.js';
import { DAY_MS, pacedInterval } from '../shared/time.js';
import { isWorkingTime } from './working-hours.js';

export const POLL_INTERVAL_MS = 2 * 3_600_000;

/**
 * A network that lives `pace` times faster than real time (the demo's simulated one) answers that
 * much sooner, so it is polled that much sooner, never more often than once a minute; every real
 * network keeps POLL_INTERVAL_MS.
 */
export function pollIntervalFor(pace = 1): number {
  return pacedInterval(POLL_INTERVAL_MS, pace, 60_000);
}

export async function pollInvitations(c: StepContext): Promise<void> {
  const { db, network } = c.deps;
  const ws = c.member.workspace_id;
  const invited = await contactRepo.invitedContacts(db, ws, c.member.id, c.campaigns.map((x) => x.id));
  if (invited.length === 0) return;
  const account = { workspaceId: ws, teamMemberId: c.member.id };
  const pending = new Map((await network.listPendingInvitations(account)).map((p) => [p.contactUrn, p]));
  const update = (contact: { id: string }, changes: CampaignContactChanges) => contactRepo.updateContact(db, ws, contact.id, { ...changes, updated_at: c.now });
  const working = isWorkingTime(c.now, c.member.time_zone, c.limits.workStartHour, c.limits.workEndHour, c.limits.workDays);
  for (const contact of invited) {
    const urn = contact.network_urn!;
    const invitation = pending.get(urn);
    if (invitation) {
      // Withdrawing acts on the account, so only in working hours.
      if (!working || (contact.invited_at ?? c.now) > c.now - c.limits.withdrawAfterDays * DAY_MS) continue;
      try {
        await network.withdrawInvitation(account, invitation.ref);
      } catch (err) {
        if (!(err instanceof NetworkError && err.kind === 'not_found')) throw err;
      }
      await mirrorState(db, account, urn, 'NONE', c.now);
      await update(contact, { status: 'WITHDRAWN', status_reason: `not accepted within ${c.limits.withdrawAfterDays} days`, finished_at: c.now });
      continue;
    }
    const state = await network.connectionState(account, urn);
    await mirrorState(db, account, urn, state, c.now);
    if (state === 'CONNECTED') {
      await acceptContact(db, ws, contact.id, c.campaigns.find((x) => x.id === contact.campaign_id)?.settings ?? '{}', c.now);
    } else if (state === 'NONE') {
      await update(contact, { status: 'WITHDRAWN', status_reason: 'no longer pending on the network (declined or withdrawn)', finished_at: c.now });
    }
  }
}
