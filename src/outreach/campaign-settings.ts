// A campaign's outreach settings, kept in campaigns.settings (JSON).
import type { Db } from '../db/database.js';
import { findCampaign } from '../campaigns/campaigns.repository.js';
import type { Clock } from '../shared/clock.js';
import { UsageError } from '../shared/errors.js';
import { MAX_NOTE_LENGTH } from './templates.js';

/**
 * WARM_FIRST: a participant already connected to the contact, else one whose content the
 * contact engaged with, else whoever has capacity. CAPACITY: skips the warm path.
 */
export const SENDER_POLICIES = ['WARM_FIRST', 'CAPACITY'] as const;
export type SenderPolicy = (typeof SENDER_POLICIES)[number];

export interface CampaignSettings {
  note_template: string | null;
  follow_up_template: string | null;
  follow_up_delay_hours: number;
  sender_policy: SenderPolicy;
}

export const DEFAULT_SETTINGS: CampaignSettings = { note_template: null, follow_up_template: null, follow_up_delay_hours: 24, sender_policy: 'WARM_FIRST' };

export function parseSettings(json: string): CampaignSettings {
  return { ...DEFAULT_SETTINGS, ...(JSON.parse(json) as Partial<CampaignSettings>) };
}

export async function configureCampaign(db: Db, clock: Clock, workspaceId: string, campaignId: string, changes: Partial<CampaignSettings>) {
  const campaign = await findCampaign(db, workspaceId, campaignId);
  if (!campaign) throw new UsageError(`no campaign ${campaignId} in workspace ${workspaceId}`);
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const settings = { ...parseSettings(campaign.settings), ...defined };
  if (settings.note_template !== null && settings.note_template.length > MAX_NOTE_LENGTH * 2) {
    throw new UsageError(`the note template is far beyond ${MAX_NOTE_LENGTH} characters`);
  }
  if (!Number.isSafeInteger(settings.follow_up_delay_hours) || settings.follow_up_delay_hours < 0 || settings.follow_up_delay_hours > 24 * 90) {
    throw new UsageError('the follow-up delay must be a whole number of hours from 0 to 2160');
  }
  if (!(SENDER_POLICIES as readonly string[]).includes(settings.sender_policy)) throw new UsageError(`sender policy must be one of ${SENDER_POLICIES.join(', ')}`);
  await db
    .updateTable('campaigns')
    .set({ settings: JSON.stringify(settings), updated_at: clock.now() })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', campaignId)
    .execute();
  return { id: campaignId, settings };
}
