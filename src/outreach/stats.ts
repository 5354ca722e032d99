// `warmline campaign stats`: contacts per state and each participant's usage against the limits,
// counted the way the engine counts them (network_actions of the sender, all sources).
import type { Db } from '../db/database.js';
import { findCampaign } from '../campaigns/campaigns.repository.js';
import { CONTACT_STATUSES } from '../campaigns/campaigns.schemas.js';
import type { Clock } from '../shared/clock.js';
import { UsageError } from '../shared/errors.js';
import { toIso } from '../shared/time.js';
import { findTeamMember } from '../workspace/workspace.repository.js';
import { loadLimits } from './limits.js';
import * as contactRepo from './outreach-contacts.repository.js';
import * as repo from './outreach.repository.js';
import * as participantRepo from './participants.repository.js';
import { senderUsage } from './sender-usage.js';
import { waitingReason } from './waiting.js';
import { isWorkingTime } from './working-hours.js';

export async function campaignStats(db: Db, clock: Clock, workspaceId: string, campaignId: string) {
  const campaign = await findCampaign(db, workspaceId, campaignId);
  if (!campaign) throw new UsageError(`no campaign ${campaignId} in workspace ${workspaceId}`);
  const now = clock.now();
  const limits = await loadLimits(db, workspaceId);
  const rows = await db
    .selectFrom('campaign_contacts')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('workspace_id', '=', workspaceId)
    .where('campaign_id', '=', campaignId)
    .groupBy('status')
    .execute();
  const contacts = Object.fromEntries(CONTACT_STATUSES.map((s) => [s, Number(rows.find((r) => r.status === s)?.n ?? 0)]));
  const rates = await campaignRates(db, workspaceId, campaignId, contacts.REPLIED!);
  const participants = await participantRepo.participantsOf(db, workspaceId, campaignId);
  const states = new Map((await repo.listSenders(db, workspaceId, participants.map((p) => p.id))).map((s) => [s.team_member_id, s]));
  const senders = [];
  for (const p of participants) {
    const member = (await findTeamMember(db, workspaceId, p.id))!;
    const state = states.get(p.id);
    const paused = state?.paused_reason && (state.paused_until === null || state.paused_until > now);
    senders.push({
      team_member_id: p.id,
      time_zone: member.time_zone,
      integration_status: p.integration_status,
      ...(await senderUsage(db, workspaceId, member, limits, now)),
      paused: paused ? { reason: state!.paused_reason, until: state!.paused_until === null ? null : toIso(state!.paused_until) } : null,
      waiting: isWorkingTime(now, member.time_zone, limits.workStartHour, limits.workEndHour, limits.workDays) ? null : waitingReason(now, member.time_zone, limits.workStartHour, limits.workEndHour, limits.workDays),
    });
  }
  return { id: campaignId, status: campaign.status, contacts, ...rates, senders };
}

/**
 * acceptance_rate: of the contacts invited, the share who accepted; reply_rate: of the contacts
 * connected through the campaign (accepted, or already connected) or who replied, the share who
 * replied. Null while there is nothing to divide by.
 */
async function campaignRates(db: Db, workspaceId: string, campaignId: string, replied: number) {
  const count = async (where: (q: any) => any) =>
    Number((await where(db.selectFrom('campaign_contacts').select((eb) => eb.fn.countAll().as('n')).where('workspace_id', '=', workspaceId).where('campaign_id', '=', campaignId)).executeTakeFirstOrThrow()).n);
  const invited = await count((q) => q.where('invited_at', 'is not', null));
  const accepted = await count((q) => q.where('invited_at', 'is not', null).where('connected_at', 'is not', null));
  const reachable = await count((q) => q.where((eb: any) => eb.or([eb('connected_at', 'is not', null), eb('status', '=', 'REPLIED')])));
  const rate = (n: number, of: number) => (of === 0 ? null : Math.round((1000 * n) / of) / 1000);
  return { acceptance_rate: rate(accepted, invited), reply_rate: rate(replied, reachable) };
}

export function formatStats(stats: Awaited<ReturnType<typeof campaignStats>>): string {
  const percent = (r: number | null) => (r === null ? '-' : `${(100 * r).toFixed(1)}%`);
  const lines = [
    `campaign ${stats.id} (${stats.status})`,
    `contacts: ${Object.entries(stats.contacts).map(([s, n]) => `${s} ${n}`).join(', ')}`,
    `acceptance rate ${percent(stats.acceptance_rate)}, reply rate ${percent(stats.reply_rate)}`,
  ];
  for (const s of stats.senders) {
    const use = (u: { used: number; limit: number }) => `${u.used}/${u.limit}`;
    const pause = s.paused ? `  PAUSED: ${s.paused.reason}${s.paused.until ? ` until ${s.paused.until}` : ' until resumed'}` : '';
    const waiting = s.waiting ? `  ${s.waiting}` : '';
    lines.push(`  ${s.team_member_id} [${s.time_zone}, ${s.integration_status}] invitations today ${use(s.invitations_today)}, 7 days ${use(s.invitations_7_days)}, messages today ${use(s.messages_today)}${pause}${waiting}`);
  }
  return lines.join('\n');
}

/** Operator: lets a paused sender act again now. */
export async function resumeSender(db: Db, clock: Clock, workspaceId: string, memberId: string) {
  if (!(await findTeamMember(db, workspaceId, memberId))) throw new UsageError(`no team member ${memberId} in workspace ${workspaceId}`);
  const now = clock.now();
  await repo.updateSender(db, workspaceId, memberId, { paused_reason: null, paused_until: null, next_step_at: now, next_send_at: now });
  return { id: memberId, paused: false };
}

/** Operator: allows one more invitation of this contact by a sender who invited them before. */
export async function allowRetry(db: Db, clock: Clock, workspaceId: string, contactId: string) {
  const contact = await contactRepo.findContact(db, workspaceId, contactId);
  if (!contact) throw new UsageError(`no campaign contact ${contactId} in workspace ${workspaceId}`);
  const retries = contact.retries_allowed + 1;
  await contactRepo.updateContact(db, workspaceId, contactId, {
    retries_allowed: retries, status: 'QUEUED', status_reason: 'retry allowed by an operator', sender_id: null, invitation_key: null, finished_at: null, updated_at: clock.now(),
  });
  return { id: contactId, retries_allowed: retries };
}
