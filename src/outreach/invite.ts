// Inviting one queued contact: who should invite, whether anyone may, and the reservation that
// makes the hard limits atomic (sender row locked, counts read, action recorded, one commit).
import { mirrorState } from '../connections/mirror.js';
import { performRecorded, recordAction, type OutboundAction } from '../connections/outbound.js';
import type { NetworkActionsTable } from '../db/schema/connections.table.js';
import type { CampaignContactChanges } from '../db/schema/campaigns.table.js';
import { NetworkError } from '../network/provider.js';
import type { loadCustomerMatcher, loadSuppressionMatcher } from '../suppression/suppression.service.js';
import * as countRepo from './action-counts.repository.js';
import { parseSettings } from './campaign-settings.js';
import * as contactRepo from './outreach-contacts.repository.js';
import type { QueuedContact } from './outreach-contacts.repository.js';
import * as repo from './outreach.repository.js';
import * as participantRepo from './participants.repository.js';
import { pauseFor, type StepContext } from './step-context.js';
import { DAY_MS } from '../shared/time.js';
import { MAX_NOTE_LENGTH, renderTemplate } from './templates.js';
import { startOfLocalDay } from './working-hours.js';

/** next: look at the next contact; sent: an action was taken; capped-*: the sender is at a cap. */
export type InviteResult = 'next' | 'sent' | 'capped-day' | 'capped-week';

export interface InviteHelpers {
  isTeamMember(usernameKey: string): boolean;
  suppressed: Awaited<ReturnType<typeof loadSuppressionMatcher>>;
  /** A customer in the workspace's CRM (pulled by the CRM sync). */
  customer: Awaited<ReturnType<typeof loadCustomerMatcher>>;
  /** CONNECTED, unpaused participants of a campaign. */
  availableSenders(campaignId: string): Promise<string[]>;
}

const finalState = (c: StepContext, status: string, reason: string) => ({ status, status_reason: reason, finished_at: c.now, updated_at: c.now });

export async function considerContact(c: StepContext, h: InviteHelpers, contact: QueuedContact, settingsJson: string): Promise<InviteResult> {
  const { db, network } = c.deps;
  const ws = c.member.workspace_id;
  const update = (changes: CampaignContactChanges) => contactRepo.updateContact(db, ws, contact.id, changes);
  let urn = contact.network_urn;
  if (!urn) {
    try {
      const profile = await network.findProfile({ username: contact.username }, { account: { workspaceId: ws, teamMemberId: c.member.id } });
      urn = profile.urn;
      await update({ network_urn: urn, first_name: contact.first_name ?? profile.first_name, last_name: contact.last_name ?? profile.last_name, updated_at: c.now });
    } catch (err) {
      if (err instanceof NetworkError && err.kind === 'not_found') return (await update(finalState(c, 'FAILED', 'no such profile on the network')), 'next');
      // Today's look-ups are spent: this contact waits for them to refill, the next one may need none.
      if (err instanceof NetworkError && err.kind === 'limit_reached' && err.limit === 'profile_lookups') return 'next';
      throw err;
    }
  }
  if (h.isTeamMember(contact.username_key)) return (await update(finalState(c, 'SKIPPED', 'a team member of the workspace')), 'next');
  const company = await participantRepo.companyOf(db, ws, urn);
  if (h.suppressed({ companyId: company?.company_id, companySlug: company?.slug, email: contact.email, urn })) {
    return (await update(finalState(c, 'SKIPPED', 'suppressed')), 'next');
  }
  if (h.customer({ email: contact.email, username: contact.username })) return (await update(finalState(c, 'SKIPPED', 'a customer in the CRM')), 'next');
  const settings = parseSettings(settingsJson);
  const facts = { first_name: contact.first_name, last_name: contact.last_name, company: company?.name ?? null };
  const note = settings.note_template === null ? null : renderTemplate(settings.note_template, facts);
  if (note !== null && note.length > MAX_NOTE_LENGTH) return (await update(finalState(c, 'SKIPPED', `note longer than ${MAX_NOTE_LENGTH} characters`)), 'next');

  // A participant already connected (no invitation needed) or with an invitation pending wins.
  // A provider error here stops the step like any other (a restricted account pauses its sender):
  // inviting as if nobody were connected would send what the network may refuse or duplicate.
  const available = await h.availableSenders(contact.campaign_id);
  const states = await network.connectionStates(ws, available, urn);
  for (const [i, memberId] of available.entries()) {
    const state = states[i];
    if (state === 'CONNECTED' || state === 'PENDING') await mirrorState(db, { workspaceId: ws, teamMemberId: memberId }, urn, state, c.now);
    if (state === 'CONNECTED') return (await update({ ...finalState(c, 'CONNECTED', 'already connected'), sender_id: memberId, connected_at: c.now }), 'next');
    if (state === 'PENDING') return (await update({ status: 'INVITED', status_reason: 'invitation already pending', sender_id: memberId, invited_at: c.now, updated_at: c.now }), 'next');
  }
  if (settings.sender_policy === 'WARM_FIRST' && contact.sender_id === null) {
    const warm = await participantRepo.warmMembers(db, ws, urn, available);
    if (warm.length > 0 && !warm.includes(c.member.id)) return (await update({ sender_id: warm[0]!, status_reason: 'warm path', updated_at: c.now }), 'next');
  }
  return reserveAndInvite(c, contact, urn, note);
}

async function reserveAndInvite(c: StepContext, contact: QueuedContact, urn: string, note: string | null): Promise<InviteResult> {
  const { db } = c.deps;
  const ws = c.member.workspace_id;
  const me = c.member.id;
  const attempt = contact.attempts + 1;
  const action: OutboundAction = {
    kind: 'INVITATION', workspaceId: ws, teamMemberId: me, contactUrn: urn, note,
    key: `outreach:invitation:${ws}:${contact.campaign_id}:${contact.id}:${me}:${attempt}`,
  };
  let recorded: NetworkActionsTable | undefined;
  const decision = await db.transaction().execute(async (tx): Promise<InviteResult | 'reserved'> => {
    await repo.lockSender(tx, ws, me);
    await repo.lockPerson(tx, ws, urn);
    const fresh = await contactRepo.findContact(tx, ws, contact.id);
    if (!fresh || fresh.status !== 'QUEUED' || fresh.invitation_key || (fresh.sender_id && fresh.sender_id !== me)) return 'next';
    const skip = async (reason: string) => (await contactRepo.updateContact(tx, ws, contact.id, finalState(c, 'SKIPPED', reason)), 'next' as const);
    const earlier = await countRepo.countInvitationsTo(tx, ws, urn, me, c.now - c.limits.reinviteAfterDays * DAY_MS);
    if (earlier.recent > 0) return skip(`invited by the workspace within ${c.limits.reinviteAfterDays} days`);
    if (earlier.byMember > fresh.retries_allowed) return skip('invited by this sender before');
    const capped = capReached(c, await countRepo.countSenderActions(tx, ws, me, 'INVITATION', invitationWindows(c)));
    if (capped) return capped;
    recorded = await recordAction(tx, c.deps, action);
    await contactRepo.updateContact(tx, ws, contact.id, { sender_id: me, invitation_key: action.key, attempts: attempt, updated_at: c.now });
    return 'reserved';
  });
  if (decision !== 'reserved') return decision;
  try {
    await performRecorded(c.deps, action, recorded);
    await mirrorState(db, { workspaceId: ws, teamMemberId: me }, urn, 'PENDING', c.now);
    await contactRepo.updateContact(db, ws, contact.id, { status: 'INVITED', status_reason: null, invited_at: c.now, updated_at: c.now });
  } catch (err) {
    if (!(err instanceof NetworkError) || err.kind === 'transient') {
      // recorded: the retry task delivers it, settle() follows; a network that asked to be left
      // alone for a while (429 Retry-After) gets that from this sender too
      const wait = pauseFor(err, c.now);
      if (wait) throw wait;
      return 'sent';
    }
    if (err.kind === 'not_found') {
      await contactRepo.updateContact(db, ws, contact.id, finalState(c, 'FAILED', 'no such profile on the network'));
      return 'sent';
    }
    // Not delivered, for certain: the contact goes back to the queue for another sender.
    await contactRepo.updateContact(db, ws, contact.id, { sender_id: null, invitation_key: null, updated_at: c.now });
    throw pauseFor(err, c.now) ?? err;
  }
  return 'sent';
}

/** The windows of the invitation caps: the sender's calendar day and the rolling 7 days. */
export const invitationWindows = (c: StepContext) => [startOfLocalDay(c.now, c.member.time_zone), c.now - 7 * DAY_MS + 1];

/** The invitation cap reached with these counts of invitationWindows, if any. */
export function capReached(c: StepContext, [today, week]: number[]): 'capped-day' | 'capped-week' | null {
  if (today! >= c.limits.dailyInvitations) return 'capped-day';
  if (week! >= c.limits.weeklyInvitations) return 'capped-week';
  return null;
}

/** Reserved invitations whose outcome was left open (transient failure, crash) are brought up to date. */
export async function settleReserved(c: StepContext): Promise<void> {
  const ws = c.member.workspace_id;
  for (const contact of await contactRepo.reservedContacts(c.deps.db, ws, c.member.id, c.campaigns.map((x) => x.id))) {
    const action = await countRepo.findAction(c.deps.db, contact.invitation_key!);
    if (action?.status === 'SENT') {
      await contactRepo.updateContact(c.deps.db, ws, contact.id, { status: 'INVITED', status_reason: null, invited_at: action.sent_at, updated_at: c.now });
    } else if (!action || action.status === 'FAILED') {
      await contactRepo.updateContact(c.deps.db, ws, contact.id, { sender_id: null, invitation_key: null, updated_at: c.now });
    }
  }
}
