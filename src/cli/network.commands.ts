import { Command } from 'commander';
import type { AppContext } from '../context.js';
import { bind, setMemberNetworkLink, unbind, type BindingDeps } from '../workspace/bindings.operator.js';
import { print, withCommonOptions, withContext, type CommonFlags } from './options.js';

interface LinkFlags extends CommonFlags {
  workspace: string;
  member: string;
}

export const bindingDeps = (ctx: AppContext): BindingDeps => ({
  db: ctx.database.db,
  clock: ctx.clock,
  networks: ctx.networks,
  enrichments: ctx.enrichments,
  sandbox: ctx.sandbox,
});

/** `sandbox (activity on)`, `none`: a binding in one phrase. */
export const describeBinding = (b: { provider: string; options: { activity?: boolean } }) =>
  b.provider === 'sandbox' ? `sandbox (activity ${b.options.activity ? 'on' : 'off'})` : b.provider;

export function networkCommands(): Command {
  const group = new Command('network').description("each workspace's network (none, sandbox) and its members' accounts on it");
  withCommonOptions(group.command('bind').description('bind a workspace to a network; the sandbox adopts its members and connections; prints {"workspace_id","network"}'))
    .argument('<workspace>', 'workspace id')
    .argument('<provider>', 'network provider: sandbox (none unbinds)')
    .option('--activity', 'the simulated network posts and engages (new posts, engagement, new leads, replies); sandbox only')
    .action(async (workspace: string, provider: string, flags: CommonFlags & { activity?: boolean }) => {
      const network = await withContext(flags, (ctx) => bind(bindingDeps(ctx), workspace, 'network', { provider, options: provider === 'sandbox' ? { activity: flags.activity === true } : {} }));
      print(flags, { workspace_id: workspace, network }, () => `workspace ${workspace} is bound to ${describeBinding(network)}`);
    });
  withCommonOptions(group.command('unbind').description('bind a workspace to no network: no engine acts for it any more; recorded actions stay in the log'))
    .argument('<workspace>', 'workspace id')
    .action(async (workspace: string, flags: CommonFlags) => {
      const network = await withContext(flags, (ctx) => unbind(bindingDeps(ctx), workspace, 'network'));
      print(flags, { workspace_id: workspace, network }, () => `workspace ${workspace} is bound to no network`);
    });
  for (const [name, connected, what] of [
    ['connect', true, 'connect a team member\'s account to the workspace\'s sandbox network (integration_status CONNECTED)'],
    ['disconnect', false, 'disconnect a team member\'s account from the workspace\'s sandbox network (integration_status DISCONNECTED)'],
  ] as const) {
    withCommonOptions(group.command(name).description(`${what}; prints {"id","integration_status"}`))
      .requiredOption('--workspace <id>', 'workspace id')
      .requiredOption('--member <id>', 'team member id')
      .action(async (flags: LinkFlags) => {
        const result = await withContext(flags, (ctx) => setMemberNetworkLink(bindingDeps(ctx), flags.workspace, flags.member, connected));
        print(flags, result, () => `team member ${result.id} is now ${result.integration_status}`);
      });
  }
  return group;
}
