// Inviting one queued contact: who should invite, whether anyone may, and the reservation that
// makes the hard limits atomic (sender row locked, counts read, action recorded, one commit).
import { performAction, recordAction, type OutboundAction } from '../connections/outbound.js';
import type { CampaignContactsTable } from '../campaigns/campaigns.table.js';
import { NetworkError } from '../network/provider.js';
import { loadSuppressionMatcher } from '../suppression/suppression.service.js';
import { parseSettings } from './campaign-settings.js';
import * as repo from './outreach.repository.js';
import { DAY_MS, pauseFor, type StepContext } from './step-context.js';
import { MAX_NOTE_LENGTH, renderTemplate } from './templates.js';
import { startOfLocalDay } from './working-hours.js';

/** next: look at the next contact; sent: an action was taken; capped-*: the sender is at a cap. */
export type InviteResult = 'next' | 'sent' | 'capped-day' | 'capped-week';

export interface InviteHelpers {
  isTeamMember(usernameKey: string): boolean;
  suppressed: Awaited<ReturnType<typeof loadSuppressionMatcher>>;
  /** CONNECTED, unpaused participants of a campaign. */
  availableSenders(campaignId: string): Promise<string[]>;
}

const finalState = (c: StepContext, status: string, reason: string) => ({ status, status_reason: reason, finished_at: c.now, updated_at: c.now });

export async function considerContact(c: StepContext, h: InviteHelpers, contact: CampaignContactsTable, settingsJson: string): Promise<InviteResult> {
  const { db, network } = c.deps;
  const ws = c.member.workspace_id;
  const update = (changes: Partial<CampaignContactsTable>) => repo.updateContact(db, ws, contact.id, changes);
  let urn = contact.network_urn;
  if (!urn) {
    try {
      const profile = await network.findProfile({ username: contact.username });
      urn = profile.urn;
      await update({ network_urn: urn, first_name: contact.first_name ?? profile.first_name, last_name: contact.last_name ?? profile.last_name, updated_at: c.now });
    } catch (err) {
      if (err instanceof NetworkError && err.kind === 'not_found') return (await update(finalState(c, 'FAILED', 'no such profile on the network')), 'next');
      throw err;
    }
  }
  if (h.isTeamMember(contact.username_key)) return (await update(finalState(c, 'SKIPPED', 'a team member of the workspace')), 'next');
  const company = await repo.companyOf(db, ws, urn);
  if (h.suppressed({ companyId: company?.company_id, companySlug: company?.slug, email: contact.email })) {
    return (await update(finalState(c, 'SKIPPED', 'suppressed')), 'next');
  }
  const settings = parseSettings(settingsJson);
  const facts = { first_name: contact.first_name, last_name: contact.last_name, company: company?.name ?? null };
  const note = settings.note_template === null ? null : renderTemplate(settings.note_template, facts);
  if (note !== null && note.length > MAX_NOTE_LENGTH) return (await update(finalState(c, 'SKIPPED', `note longer than ${MAX_NOTE_LENGTH} characters`)), 'next');

  // A participant already connected (no invitation needed) or with an invitation pending wins.
  const available = await h.availableSenders(contact.campaign_id);
  for (const memberId of available) {
    const state = await network.connectionState({ workspaceId: ws, teamMemberId: memberId }, urn).catch(() => 'NONE' as const);
    if (state === 'CONNECTED') return (await update({ ...finalState(c, 'CONNECTED', 'already connected'), sender_id: memberId, connected_at: c.now }), 'next');
    if (state === 'PENDING') return (await update({ status: 'INVITED', status_reason: 'invitation already pending', sender_id: memberId, invited_at: c.now, updated_at: c.now }), 'next');
  }
  if (settings.sender_policy === 'WARM_FIRST' && contact.sender_id === null) {
    const warm = await repo.warmMembers(db, ws, urn, available);
    if (warm.length > 0 && !warm.includes(c.member.id)) return (await update({ sender_id: warm[0]!, status_reason: 'warm path', updated_at: c.now }), 'next');
  }
  return reserveAndInvite(c, contact, urn, note);
}

async function reserveAndInvite(c: StepContext, contact: CampaignContactsTable, urn: string, note: string | null): Promise<InviteResult> {
  const { db } = c.deps;
  const ws = c.member.workspace_id;
  const me = c.member.id;
  const attempt = (contact.attempts ?? 0) + 1;
  const action: OutboundAction = {
    kind: 'INVITATION', workspaceId: ws, teamMemberId: me, contactUrn: urn, note,
    key: `outreach:invitation:${ws}:${contact.campaign_id}:${contact.id}:${me}:${attempt}`,
  };
  const decision = await db.transaction().execute(async (tx): Promise<InviteResult | 'reserved'> => {
    await repo.lockSender(tx, ws, me);
    await repo.lockPerson(tx, ws, urn);
    const fresh = await repo.findContact(tx, ws, contact.id);
    if (!fresh || fresh.status !== 'QUEUED' || fresh.invitation_key || (fresh.sender_id && fresh.sender_id !== me)) return 'next';
    const skip = async (reason: string) => (await repo.updateContact(tx, ws, contact.id, finalState(c, 'SKIPPED', reason)), 'next' as const);
    if ((await repo.countInvitationsTo(tx, ws, urn, { from: c.now - c.limits.reinviteAfterDays * DAY_MS })) > 0) {
      return skip(`invited by the workspace within ${c.limits.reinviteAfterDays} days`);
    }
    if ((await repo.countInvitationsTo(tx, ws, urn, { memberId: me })) > (fresh.retries_allowed ?? 0)) return skip('invited by this sender before');
    const today = startOfLocalDay(c.now, c.member.time_zone);
    if ((await repo.countSenderActions(tx, ws, me, 'INVITATION', today)) >= c.limits.dailyInvitations) return 'capped-day';
    if ((await repo.countSenderActions(tx, ws, me, 'INVITATION', c.now - 7 * DAY_MS + 1)) >= c.limits.weeklyInvitations) return 'capped-week';
    await recordAction(tx, c.deps.clock, action);
    await repo.updateContact(tx, ws, contact.id, { sender_id: me, invitation_key: action.key, attempts: attempt, updated_at: c.now });
    return 'reserved';
  });
  if (decision !== 'reserved') return decision;
  try {
    await performAction(c.deps, action);
    await repo.updateContact(db, ws, contact.id, { status: 'INVITED', status_reason: null, invited_at: c.now, updated_at: c.now });
  } catch (err) {
    if (!(err instanceof NetworkError) || err.kind === 'transient') return 'sent'; // recorded: the retry task delivers it, settle() follows
    if (err.kind === 'not_found') {
      await repo.updateContact(db, ws, contact.id, finalState(c, 'FAILED', 'no such profile on the network'));
      return 'sent';
    }
    // Not delivered, for certain: the contact goes back to the queue for another sender.
    await repo.updateContact(db, ws, contact.id, { sender_id: null, invitation_key: null, updated_at: c.now });
    throw pauseFor(err, c.now) ?? err;
  }
  return 'sent';
}

/** Reserved invitations whose outcome was left open (transient failure, crash) are brought up to date. */
export async function settleReserved(c: StepContext): Promise<void> {
  const ws = c.member.workspace_id;
  const queued = await repo.contactsOfSender(c.deps.db, ws, c.member.id, 'QUEUED', c.campaigns.map((x) => x.id));
  for (const contact of queued) {
    if (!contact.invitation_key) continue;
    const action = await repo.findAction(c.deps.db, contact.invitation_key);
    if (action?.status === 'SENT') {
      await repo.updateContact(c.deps.db, ws, contact.id, { status: 'INVITED', status_reason: null, invited_at: action.sent_at, updated_at: c.now });
    } else if (!action || action.status === 'FAILED') {
      await repo.updateContact(c.deps.db, ws, contact.id, { sender_id: null, invitation_key: null, updated_at: c.now });
    }
  }
}
