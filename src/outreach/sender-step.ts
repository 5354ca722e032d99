// One step for one claimed sender: settle, poll, then at most one action (a follow-up or an
// invitation), and release the sender with the time it next needs attention.
import { loadCustomerMatcher, loadSuppressionMatcher } from '../suppression/suppression.service.js';
import { findTeamMember } from '../workspace/workspace.repository.js';
import * as countRepo from './action-counts.repository.js';
import { sendFollowUp } from './follow-up.js';
import { capReached, considerContact, invitationWindows, settleReserved, type InviteHelpers, type InviteResult } from './invite.js';
import { loadLimits } from './limits.js';
import * as contactRepo from './outreach-contacts.repository.js';
import * as repo from './outreach.repository.js';
import type { OutreachSendersTable } from '../db/schema/outreach.table.js';
import * as participantRepo from './participants.repository.js';
import { pollIntervalFor, pollInvitations } from './poll.js';
import { pollReplies } from './replies.js';
import { spacingMs } from './spacing.js';
import { SenderPause, pauseFor, type OutreachDeps, type StepContext } from './step-context.js';
import { DAY_MS } from '../shared/time.js';
import { noteWaiting, waitingReason } from './waiting.js';
import { isWorkingTime, nextWorkingTime, startOfLocalDay } from './working-hours.js';

/** How long a claimed sender is held: far longer than one step takes. */
export const SENDER_LEASE_MS = 5 * 60_000;
/** A sender with nothing to do looks again this much later. */
export const IDLE_MS = 15 * 60_000;

export async function runSenderStep(deps: OutreachDeps, sender: OutreachSendersTable): Promise<void> {
  const now = deps.clock.now();
  const ws = sender.workspace_id;
  const member = await findTeamMember(deps.db, ws, sender.team_member_id);
  if (!member) return;
  const limits = await loadLimits(deps.db, ws);
  const campaigns = await participantRepo.activeCampaignsOf(deps.db, ws, member.id);
  const c: StepContext = { deps, sender, member, limits, campaigns, now };
  const zone = member.time_zone;
  let nextSendAt = Math.max(sender.next_send_at, now);
  let nextPollAt = sender.next_poll_at;
  let acted = false;
  let pause: SenderPause | null = sender.paused_until !== null && sender.paused_until <= now ? null : sender.paused_reason ? new SenderPause(sender.paused_reason, sender.paused_until) : null;
  try {
    if (campaigns.length === 0 || member.integration_status !== 'CONNECTED') {
      nextSendAt = now + IDLE_MS;
      nextPollAt = Math.max(nextPollAt, now + IDLE_MS);
    } else if (!pause) {
      await settleReserved(c);
      const working = isWorkingTime(now, zone, limits.workStartHour, limits.workEndHour, limits.workDays);
      // Polling is activity on the account too: like sending, only in working hours.
      if (now >= nextPollAt) {
        if (working) {
          // The first look in working time: the contacts stop saying they wait for it.
          await noteWaiting(deps.db, ws, member.id, campaigns.map((x) => x.id), null, now);
          await pollInvitations(c);
          await pollReplies(c);
        }
        nextPollAt = nextWorkingTime(working ? now + pollIntervalFor(deps.network.pace) : now, zone, limits.workStartHour, limits.workEndHour, limits.workDays);
      }
      if (!working) {
        nextSendAt = nextWorkingTime(now, zone, limits.workStartHour, limits.workEndHour, limits.workDays);
        await noteWaiting(deps.db, ws, member.id, campaigns.map((x) => x.id), waitingReason(now, zone, limits.workStartHour, limits.workEndHour, limits.workDays), now);
      } else if (now >= nextSendAt) {
        const result = await act(c);
        acted = result === 'sent';
        if (acted) nextSendAt = now + spacingMs(deps.random, ws, member.id, sender.actions, limits);
        else if (result === 'capped-day') nextSendAt = startOfLocalDay(startOfLocalDay(now, zone) + 1.5 * DAY_MS, zone);
        else if (result === 'capped-week') nextSendAt = now + 3_600_000;
        else if (result === 'idle') nextSendAt = now + IDLE_MS;
      }
    }
  } catch (err) {
    pause = err instanceof SenderPause ? err : pauseFor(err, now);
    if (!pause) throw err; // the lease lapses and the sender is taken up again
    deps.logger.warn({ workspace: ws, member: member.id, reason: pause.reason }, 'sender paused');
    await contactRepo.releaseAssigned(deps.db, ws, member.id, now);
  }
  const sendable = nextWorkingTime(Math.max(nextSendAt, pause?.until ?? 0), zone, limits.workStartHour, limits.workEndHour, limits.workDays);
  await repo.updateSender(deps.db, ws, member.id, {
    claimed_until: null,
    next_send_at: nextSendAt,
    next_poll_at: nextPollAt,
    next_step_at: pause ? (pause.until ?? now + IDLE_MS) : Math.min(nextPollAt, sendable),
    paused_reason: pause?.reason ?? null,
    paused_until: pause?.until ?? null,
    actions: acted ? sender.actions + 1 : sender.actions,
  });
}

/** A due follow-up first (the contact accepted), else the next queued contact. */
async function act(c: StepContext): Promise<InviteResult | 'idle' | 'progress'> {
  const ws = c.member.workspace_id;
  const ids = c.campaigns.map((x) => x.id);
  const followUp = await contactRepo.dueFollowUp(c.deps.db, ws, c.member.id, c.now, ids);
  if (followUp) {
    // A reply stops the follow-up: look for one just before sending (the reservation re-checks).
    await pollReplies(c);
    const result = await sendFollowUp(c, followUp);
    if (result === 'sent') return 'sent';
    if (result === 'next') return 'progress';
  }
  // A sender at a cap looks at no contact. The actions recorded in the windows (one index range)
  // are a lower bound of what counts; each reservation counts exactly.
  const capped = capReached(c, await countRepo.countRecordedActions(c.deps.db, ws, c.member.id, 'INVITATION', invitationWindows(c)));
  if (capped) return capped;
  let candidates = await contactRepo.assignedQueued(c.deps.db, ws, c.member.id, ids);
  for (const campaign of c.campaigns) {
    if (candidates.length >= contactRepo.CANDIDATES) break;
    candidates = candidates.concat(await contactRepo.unassignedQueued(c.deps.db, ws, campaign.id));
  }
  candidates = candidates.slice(0, contactRepo.CANDIDATES);
  if (candidates.length === 0) return 'idle';
  const helpers = await inviteHelpers(c);
  for (const contact of candidates) {
    const settings = c.campaigns.find((x) => x.id === contact.campaign_id)!.settings;
    const result = await considerContact(c, helpers, contact, settings);
    if (result !== 'next') return result;
  }
  return 'progress';
}

async function inviteHelpers(c: StepContext): Promise<InviteHelpers> {
  const ws = c.member.workspace_id;
  const usernames = await participantRepo.teamUsernames(c.deps.db, ws);
  const available = new Map<string, string[]>();
  return {
    isTeamMember: (key) => usernames.has(key),
    suppressed: await loadSuppressionMatcher(c.deps.db, ws),
    customer: await loadCustomerMatcher(c.deps.db, ws),
    async availableSenders(campaignId) {
      let list = available.get(campaignId);
      if (!list) {
        list = await participantRepo.availableParticipants(c.deps.db, ws, campaignId, c.now);
        available.set(campaignId, list);
      }
      return list;
    },
  };
}
