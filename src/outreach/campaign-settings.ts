// A campaign's outreach settings, kept in campaigns.settings (JSON).
import { Type } from 'typebox';
import type { Db } from '../db/database.js';
import { findCampaign } from '../campaigns/campaigns.repository.js';
import type { Clock } from '../shared/clock.js';
import { InvalidSetting, UsageError } from '../shared/errors.js';
import { firstSchemaProblem } from '../shared/schema-check.js';
import { fixedText, MAX_MESSAGE_LENGTH, MAX_NOTE_LENGTH } from './templates.js';

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
  /** Steps 2… of the follow-up sequence (step 1 is follow_up_template), each timed from the step before. */
  follow_ups: FollowUpStep[];
  sender_policy: SenderPolicy;
}

export interface FollowUpStep {
  template: string;
  delay_hours: number;
}

/** Follow-up steps in all, step 1 included. */
export const MAX_FOLLOW_UP_STEPS = 5;
const MAX_DELAY_HOURS = 24 * 90;

export const DEFAULT_SETTINGS: CampaignSettings = { note_template: null, follow_up_template: null, follow_up_delay_hours: 24, follow_ups: [], sender_policy: 'WARM_FIRST' };


/** A campaign's settings, one schema: what configureCampaign writes and parseSettings reads back. */
const SettingsSchema = Type.Object({
  note_template: Type.Union([Type.String({ maxLength: MAX_NOTE_LENGTH * 2 }), Type.Null()], { errorMessage: `the note template is far beyond ${MAX_NOTE_LENGTH} characters` }),
  follow_up_template: Type.Union([Type.String(), Type.Null()]),
  follow_up_delay_hours: Type.Integer({ minimum: 0, maximum: MAX_DELAY_HOURS, errorMessage: 'the follow-up delay must be a whole number of hours from 0 to 2160' }),
  follow_ups: Type.Array(
    Type.Object({
      template: Type.String({ minLength: 1, maxLength: MAX_MESSAGE_LENGTH, errorMessage: `a follow-up step's template must be 1 to ${MAX_MESSAGE_LENGTH} characters` }),
      delay_hours: Type.Integer({ minimum: 1, maximum: MAX_DELAY_HOURS, errorMessage: `a follow-up step's delay must be a whole number of hours from 1 to ${MAX_DELAY_HOURS}` }),
    }, { additionalProperties: false, errorMessage: 'a follow-up step is {"template": text, "delay_hours": hours}' }),
    { maxItems: MAX_FOLLOW_UP_STEPS - 1, errorMessage: `a campaign has at most ${MAX_FOLLOW_UP_STEPS} follow-up steps in all` },
  ),
  sender_policy: Type.Union(SENDER_POLICIES.map((p) => Type.Literal(p)), { errorMessage: `sender policy must be one of ${SENDER_POLICIES.join(', ')}` }),
});

function checked(settings: unknown): CampaignSettings {
  const problem = firstSchemaProblem(SettingsSchema, settings);
  if (problem) throw new InvalidSetting(problem.path.replace(/^\$\.?/, ''), problem.message);
  return settings as CampaignSettings;
}

/**
 * Written settings only (a stored template is read as it is): a note template whose own text,
 * placeholders left empty, is over the network's limit would have every note refused.
 */
function checkedForWrite(settings: unknown): CampaignSettings {
  const checkedSettings = checked(settings);
  const template = checkedSettings.note_template;
  if (template !== null && fixedText(template).length > MAX_NOTE_LENGTH) {
    throw new InvalidSetting('note_template', `the note template is ${fixedText(template).length} characters without its placeholders; the network allows ${MAX_NOTE_LENGTH}`);
  }
  if (checkedSettings.follow_ups.length > 0 && !checkedSettings.follow_up_template) {
    throw new InvalidSetting('follow_up_template', 'the first follow-up step needs a template before further steps are added');
  }
  return checkedSettings;
}

/** Step n of the sequence (1-based), or null past its end. */
export function followUpStep(settings: CampaignSettings, n: number): FollowUpStep | null {
  if (n === 1) return settings.follow_up_template ? { template: settings.follow_up_template, delay_hours: settings.follow_up_delay_hours } : null;
  return settings.follow_up_template ? (settings.follow_ups[n - 2] ?? null) : null;
}

/** The stored settings with their defaults, checked: a column edited by hand is refused with a message, never half-read. */
export function parseSettings(json: string): CampaignSettings {
  return checked({ ...DEFAULT_SETTINGS, ...(JSON.parse(json) as Partial<CampaignSettings>) });
}

export async function configureCampaign(db: Db, clock: Clock, workspaceId: string, campaignId: string, changes: Partial<CampaignSettings>) {
  const campaign = await findCampaign(db, workspaceId, campaignId);
  if (!campaign) throw new UsageError(`no campaign ${campaignId} in workspace ${workspaceId}`);
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const settings = checkedForWrite({ ...parseSettings(campaign.settings), ...defined });
  await db
    .updateTable('campaigns')
    .set({ settings: JSON.stringify(settings), updated_at: clock.now() })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', campaignId)
    .execute();
  return { id: campaignId, settings };
}
