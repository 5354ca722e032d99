import { Command } from 'commander';
import { setMemberNetworkLink } from '../network/account-link.js';
import { print, withCommonOptions, withContext, type CommonFlags } from './options.js';

interface LinkFlags extends CommonFlags {
  workspace: string;
  member: string;
}

export function networkCommands(): Command {
  const group = new Command('network').description("link team members' accounts with the network (WARMLINE_NETWORK, default sandbox)");
  for (const [name, connected, what] of [
    ['connect', true, 'connect a team member\'s account to the network (integration_status CONNECTED)'],
    ['disconnect', false, 'disconnect a team member\'s account from the network (integration_status DISCONNECTED)'],
  ] as const) {
    withCommonOptions(group.command(name).description(`${what}; prints {"id","integration_status"}`))
      .requiredOption('--workspace <id>', 'workspace id')
      .requiredOption('--member <id>', 'team member id')
      .action(async (flags: LinkFlags) => {
        const result = await withContext(flags, (ctx) => setMemberNetworkLink(ctx, flags.workspace, flags.member, connected));
        print(flags, result, () => `team member ${result.id} is now ${result.integration_status}`);
      });
  }
  return group;
}
