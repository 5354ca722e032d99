// A campaign's outreach settings, kept in campaigns.settings (JSON).
import { Type } from 'typebox';
import type { Db } from '../db/database.js';
import { findCampaign } from '../campaigns/campaigns.repository.js';
import type { Clock } from '../shared/clock.js';
import { UsageError } from '../shared/errors.js';
import { firstSchemaProblem } from '../shared/schema-check.js';
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


/** A campaign's settings, one schema: what configureCampaign writes and parseSettings reads back. */
const SettingsSchema = Type.Object({
  note_template: Type.Union([Type.String({ maxLength: MAX_NOTE_LENGTH * 2 }), Type.Null()], { errorMessage: `the note template is far beyond ${MAX_NOTE_LENGTH} characters` }),
  follow_up_template: Type.Union([Type.String(), Type.Null()]),
  follow_up_delay_hours: Type.Integer({ minimum: 0, maximum: 24 * 90, errorMessage: 'the follow-up delay must be a whole number of hours from 0 to 2160' }),
  sender_policy: Type.Union(SENDER_POLICIES.map((p) => Type.Literal(p)), { errorMessage: `sender policy must be one of ${SENDER_POLICIES.join(', ')}` }),
});

function checked(settings: unknown): CampaignSettings {
  const problem = firstSchemaProblem(SettingsSchema, settings);
  if (problem) throw new UsageError(problem.message);
  return settings as CampaignSettings;
}

/** The stored settings with their defaults, checked: a column edited by hand is refused with a message, never half-read. */
export function parseSettings(json: string): CampaignSettings {
  return checked({ ...DEFAULT_SETTINGS, ...(JSON.parse(json) as Partial<CampaignSettings>) });
}

export async function configureCampaign(db: Db, clock: Clock, workspaceId: string, campaignId: string, changes: Partial<CampaignSettings>) {
  const campaign = await findCampaign(db, workspaceId, campaignId);
  if (!campaign) throw new UsageError(`no campaign ${campaignId} in workspace ${workspaceId}`);
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const settings = checked({ ...parseSettings(campaign.settings), ...defined });
  await db
    .updateTable('campaigns')
    .set({ settings: JSON.stringify(settings), updated_at: clock.now() })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', campaignId)
    .execute();
  return { id: campaignId, settings };
}
