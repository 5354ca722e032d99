import { Command, Option } from 'commander';
import { SETTINGS, settingFromEnvironment } from '../config.js';
import { createInvite, inviteLink } from '../console/console-auth.service.js';
import { UsageError } from '../shared/errors.js';
import { parseIso } from '../shared/time.js';
import { INTEGRATION_STATUSES } from '../workspace/workspace.schemas.js';
import { parseInteger, print, withCommonOptions, withContext, type CommonFlags } from './options.js';
import { isEmail } from '../shared/handles.js';
import { linkMember, unlinkMember } from '../operator/unipile.operator.js';
import { addMemberLinked } from '../operator/bindings.operator.js';
import { bindingDeps, unipileDeps } from './network.commands.js';

interface MemberFlags extends CommonFlags {
  workspace: string;
  email: string;
  id?: string;
  firstName?: string;
  lastName?: string;
  inactiveSeat?: boolean;
  integrationStatus?: string;
  networkUsername?: string;
  profileViewsCount?: number;
  followersCount?: number;
  lastNetworkUpdate?: string;
  profilePicture?: string;
  timeZone: string;
}

export function memberCommands(): Command {
  const group = new Command('member').description('manage team members');
  withCommonOptions(group.command('add').description('add a team member to a workspace; prints {"id"}'))
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--email <email>', 'email (unique in the workspace)')
    .option('--id <id>', 'use this id instead of a generated one')
    .option('--first-name <name>')
    .option('--last-name <name>')
    .option('--inactive-seat', 'the member does not hold an active seat')
    .addOption(
      new Option('--integration-status <status>', 'network account state; CONNECTED on a workspace bound to the sandbox links its account there, on one bound to unipile is refused (use `member link`)')
        .choices([...INTEGRATION_STATUSES])
        .default('NOT_CONNECTED'),
    )
    .option('--network-username <username>', 'username on the external network')
    .option('--profile-views-count <n>', 'profile views', parseInteger('--profile-views-count'))
    .option('--followers-count <n>', 'followers', parseInteger('--followers-count'))
    .option('--last-network-update <iso>', 'ISO 8601 date-time of the last network update')
    .option('--profile-picture <url>', 'picture URL (default: the service placeholder)')
    .option('--time-zone <zone>', 'IANA time zone of the member (outreach working hours)', 'UTC')
    .action(async (flags: MemberFlags) => {
      const lastUpdate = flags.lastNetworkUpdate === undefined ? null : parseIso(flags.lastNetworkUpdate);
      if (lastUpdate === undefined) throw new UsageError('--last-network-update must be an ISO 8601 date-time such as 2025-03-01T10:00:00Z');
      if (!isEmail(flags.email)) throw new UsageError(`--email must be an address such as ana@example.com (got "${flags.email}")`);
      const result = await withContext(flags, (ctx) =>
        addMemberLinked(bindingDeps(ctx), flags.workspace, {
          id: flags.id,
          email: flags.email,
          first_name: flags.firstName,
          last_name: flags.lastName,
          is_active_seat: !flags.inactiveSeat,
          integration_status: flags.integrationStatus,
          network_username: flags.networkUsername,
          profile_views_count: flags.profileViewsCount,
          followers_count: flags.followersCount,
          last_network_update: lastUpdate,
          profile_picture: flags.profilePicture,
          time_zone: flags.timeZone,
        }),
      );
      print(flags, result, () => `added team member ${result.id}`);
    });
  withCommonOptions(group.command('invite').description('print a one-time web console link (expires in 72 h) where the member sets a password; prints {"url","expires_at"}'))
    .argument('<workspace>', 'workspace id')
    .argument('<member>', 'team member id')
    .addOption(new Option('--role <role>', 'console role').choices(['admin', 'member']).default('member'))
    .requiredOption('--base-url <url>', `the address members reach the service at, e.g. https://warmline.example.com [env ${SETTINGS.publicUrl.env}]`, settingFromEnvironment('publicUrl') ?? undefined)
    .action(async (workspace: string, member: string, flags: CommonFlags & { role: 'admin' | 'member'; baseUrl: string }) => {
      if (!/^https?:\/\/[^\s]+$/.test(flags.baseUrl)) throw new UsageError(`--base-url must be an http(s) URL (got "${flags.baseUrl}")`);
      const { token, expiresAt } = await withContext(flags, (ctx) => createInvite(ctx.database.db, ctx.clock, workspace, member, flags.role));
      const result = { url: inviteLink(flags.baseUrl, token), expires_at: new Date(expiresAt).toISOString() };
      print(flags, result, () => result.url);
    });
  withCommonOptions(group.command('link').description('link a team member to a Unipile account of the workspace (integration_status CONNECTED, network_urn from the account\'s profile); prints {"id","account_id","network_urn","integration_status"}'))
    .argument('<workspace>', 'workspace id (bound to unipile)')
    .argument('<member>', 'team member id')
    .requiredOption('--account <account_id>', "the member's Unipile account id")
    .action(async (workspace: string, member: string, flags: CommonFlags & { account: string }) => {
      const result = await withContext(flags, (ctx) => linkMember(unipileDeps(ctx), workspace, member, flags.account));
      print(flags, result, () => `team member ${result.id} is linked to Unipile account ${result.account_id} (${result.network_urn}), CONNECTED`);
    });
  withCommonOptions(group.command('unlink').description('unlink a team member from its Unipile account (integration_status NOT_CONNECTED); prints {"id","integration_status"}'))
    .argument('<workspace>', 'workspace id (bound to unipile)')
    .argument('<member>', 'team member id')
    .action(async (workspace: string, member: string, flags: CommonFlags) => {
      const result = await withContext(flags, (ctx) => unlinkMember(unipileDeps(ctx), workspace, member));
      print(flags, result, () => `team member ${result.id} has no linked account now (NOT_CONNECTED)`);
    });
  return group;
}
