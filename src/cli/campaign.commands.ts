import { Command, InvalidArgumentError, Option } from 'commander';
import { createCampaign, setCampaignStatus } from '../campaigns/campaigns.operator.js';
import { CAMPAIGN_STATUSES } from '../campaigns/campaigns.schemas.js';
import { configureCampaign, SENDER_POLICIES, type FollowUpStep } from '../outreach/campaign-settings.js';
import { campaignStats, formatStats } from '../outreach/stats.js';
import { parseInteger, print, withCommonOptions, withContext, withExistingContext, type CommonFlags } from './options.js';

interface CreateFlags extends CommonFlags {
  workspace: string;
  name: string;
  creator: string;
  participant: string[];
  description?: string;
  status: string;
  id?: string;
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function campaignCommands(): Command {
  const group = new Command('campaign').description('manage networking campaigns (the API lists and enrols; operators create and move them)');
  withCommonOptions(group.command('create').description('create a campaign; prints {"id"}'))
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--name <name>', 'campaign name')
    .requiredOption('--creator <member id>', 'team member who creates it')
    .option('--participant <member id>', 'team member taking part (repeatable)', collect, [])
    .option('--description <text>', 'description')
    .addOption(new Option('--status <status>', 'initial status').choices([...CAMPAIGN_STATUSES]).default('DRAFT'))
    .option('--id <id>', 'use this id instead of a generated one')
    .action(async (flags: CreateFlags) => {
      const result = await withContext(flags, (ctx) =>
        createCampaign(ctx.database.db, ctx.clock, flags.workspace, {
          id: flags.id,
          name: flags.name,
          creatorId: flags.creator,
          participantIds: flags.participant,
          description: flags.description ?? null,
          status: flags.status,
        }),
      );
      print(flags, result, () => `created campaign ${result.id}`);
    });
  withCommonOptions(group.command('set-status').description('move a campaign to another status (start, pause, complete, archive)'))
    .argument('<campaign id>', 'campaign id')
    .requiredOption('--workspace <id>', 'workspace id')
    .addOption(new Option('--status <status>', 'new status').choices([...CAMPAIGN_STATUSES]).makeOptionMandatory())
    .action(async (campaignId: string, flags: CommonFlags & { workspace: string; status: string }) => {
      const result = await withContext(flags, (ctx) => setCampaignStatus(ctx.database.db, ctx.clock, flags.workspace, campaignId, flags.status));
      print(flags, result, () => `campaign ${result.id}: ${result.previous_status} -> ${result.status}`);
    });
  withCommonOptions(group.command('configure').description('set the outreach settings of a campaign; prints them'))
    .argument('<campaign id>', 'campaign id')
    .requiredOption('--workspace <id>', 'workspace id')
    .option('--note-template <text>', 'invitation note; {{first_name}} {{last_name}} {{company}}; 300 characters at most rendered')
    .option('--follow-up-template <text>', 'message sent after acceptance (same placeholders)')
    .option('--follow-up-delay-hours <h>', 'hours after acceptance', parseInteger('--follow-up-delay-hours'))
    .option('--follow-up-steps <json>', 'further follow-up steps, replacing the list: [{"template": text, "delay_hours": h}, …] (5 steps in all at most; [] removes them)', parseSteps)
    .addOption(new Option('--sender-policy <policy>', 'how senders are chosen').choices([...SENDER_POLICIES]))
    .action(async (campaignId: string, flags: CommonFlags & { workspace: string; noteTemplate?: string; followUpTemplate?: string; followUpDelayHours?: number; followUpSteps?: FollowUpStep[]; senderPolicy?: string }) => {
      const result = await withContext(flags, (ctx) =>
        configureCampaign(ctx.database.db, ctx.clock, flags.workspace, campaignId, {
          note_template: flags.noteTemplate,
          follow_up_template: flags.followUpTemplate,
          follow_up_delay_hours: flags.followUpDelayHours,
          follow_ups: flags.followUpSteps,
          sender_policy: flags.senderPolicy as (typeof SENDER_POLICIES)[number] | undefined,
        }),
      );
      print(flags, result, () => `campaign ${result.id}: ${JSON.stringify(result.settings)}`);
    });
  withCommonOptions(group.command('stats').description('contacts per state and per-sender usage against the limits'))
    .argument('<campaign id>', 'campaign id')
    .requiredOption('--workspace <id>', 'workspace id')
    .action(async (campaignId: string, flags: CommonFlags & { workspace: string }) => {
      const result = await withExistingContext(flags, (ctx) => campaignStats(ctx.database.db, ctx.clock, flags.workspace, campaignId));
      print(flags, result, () => formatStats(result));
    });
  return group;
}

/** The steps' JSON; its shape and ranges are the settings' to check. */
function parseSteps(value: string): FollowUpStep[] {
  try {
    return JSON.parse(value) as FollowUpStep[];
  } catch {
    throw new InvalidArgumentError('--follow-up-steps must be a JSON list: [{"template": "…", "delay_hours": 72}]');
  }
}
