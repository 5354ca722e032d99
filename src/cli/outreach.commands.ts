import { Command } from 'commander';
import { setLimits, type OutreachLimits } from '../outreach/limits.js';
import { allowRetry, resumeSender } from '../outreach/stats.js';
import { parseInteger, print, withCommonOptions, withContext, type CommonFlags } from './options.js';

const LIMIT_OPTIONS: [keyof OutreachLimits, string, string][] = [
  ['dailyInvitations', '--daily-invitations <n>', 'invitations per sender per calendar day (sender time zone); default 20'],
  ['weeklyInvitations', '--weekly-invitations <n>', 'invitations per sender per rolling 7 days; default 100'],
  ['dailyMessages', '--daily-messages <n>', 'messages per sender per calendar day; default 30'],
  ['workStartHour', '--work-start-hour <h>', 'working hours start (local, on working days); default 9'],
  ['workEndHour', '--work-end-hour <h>', 'working hours end (local, exclusive); default 18'],
  ['workDays', '--work-days <n>', 'working days a week (local): 5 Monday to Friday, 6 to Saturday, 7 every day; default 5'],
  ['minSpacingSeconds', '--min-spacing-seconds <s>', 'least time between two actions of a sender; default 120'],
  ['maxSpacingSeconds', '--max-spacing-seconds <s>', 'most time between two actions of a sender; default 360'],
  ['withdrawAfterDays', '--withdraw-after-days <d>', 'pending invitations older than this are withdrawn; default 21'],
  ['reinviteAfterDays', '--reinvite-after-days <d>', 'no invitation to a person the workspace invited within this; default 21'],
];

export function outreachCommands(): Command {
  const group = new Command('outreach').description('safety limits of sender accounts and paused senders');
  const limits = withCommonOptions(group.command('limits').description('show or change the per-sender limits of a workspace; prints them all'))
    .requiredOption('--workspace <id>', 'workspace id');
  for (const [, flag, help] of LIMIT_OPTIONS) limits.option(flag, help, parseInteger(flag.split(' ')[0]!));
  limits.action(async (flags: CommonFlags & { workspace: string } & Partial<OutreachLimits>) => {
    const changes = Object.fromEntries(LIMIT_OPTIONS.map(([name]) => [name, flags[name]]));
    const result = await withContext(flags, (ctx) => setLimits(ctx.database.db, ctx.clock, flags.workspace, changes));
    print(flags, result, () => Object.entries(result).map(([k, v]) => `${k}: ${v}`).join('\n'));
  });
  withCommonOptions(group.command('resume').description('let a paused sender act again now'))
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--member <id>', 'team member id')
    .action(async (flags: CommonFlags & { workspace: string; member: string }) => {
      const result = await withContext(flags, (ctx) => resumeSender(ctx.database.db, ctx.clock, flags.workspace, flags.member));
      print(flags, result, () => `sender ${result.id} resumed`);
    });
  withCommonOptions(group.command('allow-retry').description('queue a campaign contact again, allowing one more invitation by a sender who invited them before'))
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--contact <id>', 'campaign contact id')
    .action(async (flags: CommonFlags & { workspace: string; contact: string }) => {
      const result = await withContext(flags, (ctx) => allowRetry(ctx.database.db, ctx.clock, flags.workspace, flags.contact));
      print(flags, result, () => `contact ${result.id} queued again (${result.retries_allowed} retries allowed)`);
    });
  return group;
}
