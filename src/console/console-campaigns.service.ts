// The console's campaign pages, composed of the domain's own services: createCampaign,
// setCampaignParticipants, configureCampaign, setLimits, setCampaignStatus, campaignStats. Rules
// live there; this file only joins them for a page and saves a form in one transaction.
import { createCampaign, setCampaignParticipants, setCampaignStatus } from '../campaigns/campaigns.operator.js';
import * as campaignRepo from '../campaigns/campaigns.repository.js';
import type { Db } from '../db/database.js';
import { configureCampaign, parseSettings } from '../outreach/campaign-settings.js';
import { campaignDailyCounts } from '../outreach/daily-stats.js';
import { loadLimits, setLimits, type OutreachLimits } from '../outreach/limits.js';
import { campaignStats } from '../outreach/stats.js';
import { MAX_NOTE_LENGTH } from '../outreach/templates.js';
import type { Clock } from '../shared/clock.js';
import { DomainError } from '../shared/errors.js';
import { listTeamMembers } from '../workspace/workspace.repository.js';
import type { CampaignChanges, ConsoleCampaign, NewCampaign } from './campaigns.schemas.js';
import type { ConsoleSession } from './console-auth.service.js';

/** The console's names of the limits a campaign page shows (the API speaks snake_case). */
const LIMIT_NAMES = {
  daily_invitations: 'dailyInvitations',
  weekly_invitations: 'weeklyInvitations',
  daily_messages: 'dailyMessages',
  work_start_hour: 'workStartHour',
  work_end_hour: 'workEndHour',
} as const satisfies Record<string, keyof OutreachLimits>;
type LimitName = keyof typeof LIMIT_NAMES;

/** A domain field name as the console's body names it (`dailyInvitations` → `daily_invitations`). */
export const consoleField = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export class LimitsForAdmins extends Error {}

async function requireCampaign(db: Db, workspaceId: string, campaignId: string) {
  const campaign = await campaignRepo.findCampaign(db, workspaceId, campaignId);
  if (!campaign) throw new DomainError('campaign_not_found');
  return campaign;
}

export async function readConsoleCampaign(db: Db, workspaceId: string, campaignId: string): Promise<ConsoleCampaign> {
  const campaign = await requireCampaign(db, workspaceId, campaignId);
  const [participants, totals, limits, members] = await Promise.all([
    campaignRepo.listParticipants(db, workspaceId, [campaignId]),
    campaignRepo.countContacts(db, workspaceId, [campaignId]),
    loadLimits(db, workspaceId),
    listTeamMembers(db, workspaceId),
  ]);
  return {
    id: campaign.id, name: campaign.name, status: campaign.status as ConsoleCampaign['status'], description: campaign.description, creator_id: campaign.creator_id,
    participant_ids: participants.map((p) => p.id),
    contacts_total: totals.get(campaignId) ?? 0,
    settings: parseSettings(campaign.settings),
    limits: Object.fromEntries(Object.entries(LIMIT_NAMES).map(([name, key]) => [name, limits[key]])) as ConsoleCampaign['limits'],
    note_limit: MAX_NOTE_LENGTH,
    members: members.map((m) => ({
      id: m.id, email: m.email, name: [m.first_name, m.last_name].filter(Boolean).join(' ') || null, time_zone: m.time_zone, integration_status: m.integration_status,
    })),
  };
}

export async function createConsoleCampaign(db: Db, clock: Clock, session: ConsoleSession, body: NewCampaign) {
  const { id } = await createCampaign(db, clock, session.workspaceId, {
    name: body.name, description: body.description ?? null, creatorId: session.memberId, participantIds: body.participant_ids ?? [session.memberId],
  });
  return readConsoleCampaign(db, session.workspaceId, id);
}

/**
 * Saves a campaign form: senders, settings and the workspace's limits, all or nothing (one
 * transaction; the domain refuses the first bad field). Limits are workspace settings, so a
 * member's form may send them back unchanged but only an admin may change them.
 */
export async function changeConsoleCampaign(db: Db, clock: Clock, session: ConsoleSession, campaignId: string, changes: CampaignChanges) {
  const ws = session.workspaceId;
  await requireCampaign(db, ws, campaignId);
  const { participant_ids, limits, ...settings } = changes;
  const current = await loadLimits(db, ws);
  const limitChanges = Object.fromEntries(
    Object.entries(limits ?? {}).filter(([name, value]) => value !== undefined && current[LIMIT_NAMES[name as LimitName]] !== value).map(([name, value]) => [LIMIT_NAMES[name as LimitName], value]),
  ) as Partial<OutreachLimits>;
  if (Object.keys(limitChanges).length > 0 && session.role !== 'admin') throw new LimitsForAdmins();
  await db.transaction().execute(async (tx) => {
    if (participant_ids !== undefined) await setCampaignParticipants(tx, clock, ws, campaignId, participant_ids);
    await configureCampaign(tx, clock, ws, campaignId, settings);
    if (Object.keys(limitChanges).length > 0) await setLimits(tx, clock, ws, limitChanges);
  });
  return readConsoleCampaign(db, ws, campaignId);
}

export async function changeCampaignStatus(db: Db, clock: Clock, workspaceId: string, campaignId: string, status: string) {
  await requireCampaign(db, workspaceId, campaignId);
  await setCampaignStatus(db, clock, workspaceId, campaignId, status);
  return readConsoleCampaign(db, workspaceId, campaignId);
}

export async function consoleCampaignStats(db: Db, clock: Clock, workspaceId: string, campaignId: string) {
  await requireCampaign(db, workspaceId, campaignId);
  const [stats, days] = await Promise.all([campaignStats(db, clock, workspaceId, campaignId), campaignDailyCounts(db, clock.now(), workspaceId, campaignId)]);
  return { ...stats, days };
}
