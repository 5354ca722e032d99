import { Command, Option } from 'commander';
import { createCampaign, setCampaignStatus } from '../campaigns/campaigns.operator.js';
import { CAMPAIGN_STATUSES } from '../campaigns/campaigns.schemas.js';
import { print, withCommonOptions, withContext, type CommonFlags } from './options.js';

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
  return group;
}
