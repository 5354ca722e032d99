import { Command } from 'commander';
import type { AppContext } from '../context.js';
import { UsageError } from '../shared/errors.js';
import { bind, setMemberNetworkLink, unbind, type BindingDeps } from '../operator/bindings.operator.js';
import { describeNetworkStatus, networkStatus } from '../operator/network-status.operator.js';
import { ensureUnipileWebhooks } from '../inbound/hooks.registration.js';
import { bindUnipile, setUnipileBudgets, type UnipileBudgetDeps, type UnipileOperatorDeps } from '../operator/unipile.operator.js';
import type { UnipileBindInput } from '../network/unipile/unipile.binding.js';
import type { BudgetOptions } from '../network/unipile/unipile.budget.js';
import { parseInteger, print, withCommonOptions, withContext, withExistingContext, type CommonFlags } from './options.js';
import { readPacing, UNIPILE_ONLY, unipileBindInput, withBudgetOptions, type BudgetFlags, type UnipileFlags } from './unipile.options.js';

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

export const unipileDeps = (ctx: AppContext): UnipileOperatorDeps<UnipileBindInput> => ({
  ...bindingDeps(ctx),
  tokenBox: ctx.tokenBox,
  // Imported on first use: the adapter's modules are loaded only by a command that binds to Unipile.
  checkUnipile: async (input) => (await import('../network/unipile/unipile.binding.js')).checkUnipileBinding(input, ctx.config.providerTimeoutMs),
});

export const unipileBudgetDeps = (ctx: AppContext): UnipileBudgetDeps<Partial<BudgetOptions>> => ({
  db: ctx.database.db,
  clock: ctx.clock,
  changeBudgets: async (options, change) => {
    const { options: stored, budgets } = (await import('../network/unipile/unipile.binding.js')).changeUnipileBudgets(options, change);
    return { options: stored, budgets: { ...budgets } };
  },
});

/** The budgets in force, one per line. */
export const describeBudgets = (workspace: string, p: Record<string, number>) =>
  [
    `workspace ${workspace}: budgets of each linked Unipile account`,
    `  pause between acting calls: ${p.actSpacingMinMs! / 1000}-${p.actSpacingMaxMs! / 1000} s`,
    `  profile look-ups a day: ${p.dailyProfileLookups} (of which a sync may not spend ${p.ingestionReserve})`,
    `  invitations a day: ${p.dailyInvitations}`,
    `  messages a day: ${p.dailyMessages}`,
    `  invitation withdrawals a day: ${p.dailyWithdrawals}`,
    `  a known profile is looked up again after: ${p.profileRefreshDays} days`,
  ].join('\n');

/** `sandbox (activity on)`, `sandbox (activity on, pace 1440)`, `unipile at https://…`, `none`: a binding in one phrase. */
export const describeBinding = (b: { provider: string; options: { activity?: boolean; pace?: number; dsn?: unknown } }) =>
  b.provider === 'sandbox'
    ? `sandbox (activity ${b.options.activity ? 'on' : 'off'}${(b.options.pace ?? 1) > 1 ? `, pace ${b.options.pace}` : ''})`
    : b.provider === 'unipile'
      ? `unipile at ${String(b.options.dsn)}`
      : b.provider;

type BindFlags = CommonFlags & UnipileFlags & { activity?: boolean; pace?: number; publicUrl?: string; rotateHookSecret?: boolean };

/** Binds to Unipile (credentials checked, token sealed) or to another provider; the binding as printed, never a secret. */
async function bindNetwork(workspace: string, provider: string, flags: BindFlags) {
  if (provider === 'unipile') {
    if (flags.activity || flags.pace !== undefined) throw new UsageError(`--${flags.activity ? 'activity' : 'pace'} is for the sandbox only`);
    const input = unipileBindInput(flags);
    return withContext(flags, async (ctx) => {
      const stored = await bindUnipile(unipileDeps(ctx), workspace, input);
      // With a public URL Unipile can reach, its webhooks are registered; without one the worker polls.
      const hookDeps = { db: ctx.database.db, clock: ctx.clock, networks: ctx.networks.resolve, secret: ctx.secret(), webhookFormat: ctx.webhookFormat };
      const hooks = ctx.config.publicUrl === null ? null : await ensureUnipileWebhooks(hookDeps, workspace, ctx.config.publicUrl, { rotate: flags.rotateHookSecret === true });
      const { ca, ...shown } = stored.options;
      return { provider: stored.provider, options: { ...shown, ...(ca ? { ca: 'custom' } : {}) }, ...(hooks ? { webhooks: { url: hooks.url, created: hooks.created, removed: hooks.removed } } : {}) };
    });
  }
  if (flags.rotateHookSecret) throw new UsageError('--rotate-hook-secret is for the unipile provider only');
  const misplaced = UNIPILE_ONLY.find((name) => flags[name] !== undefined);
  if (misplaced) throw new UsageError(`--${misplaced.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} is for the unipile provider only`);
  const options = provider === 'sandbox' ? { activity: flags.activity === true, ...(flags.pace === undefined ? {} : { pace: flags.pace }) } : {};
  return withContext(flags, (ctx) => bind(bindingDeps(ctx), workspace, 'network', { provider, options }));
}

export function networkCommands(): Command {
  const group = new Command('network').description("each workspace's network (none, sandbox, unipile) and its members' accounts on it");
  const bind = withCommonOptions(
    group
      .command('bind')
      .description('bind a workspace to a network; the sandbox adopts its members and connections; Unipile: the credentials are checked with one call and the token stored encrypted; prints {"workspace_id","network"}'),
  )
    .argument('<workspace>', 'workspace id')
    .argument('<provider>', 'network provider: sandbox or unipile (none unbinds)')
    .option('--activity', 'the simulated network posts and engages (new posts, engagement, new leads, replies); sandbox only')
    .option('--pace <n>', 'the simulated network lives n times faster than real time (4320: a network day every 20 s, the demo\'s); sandbox only', parseInteger('--pace', 1, 100_000))
    .option('--dsn <url>', 'unipile: your Unipile DSN, such as https://api8.unipile.com:13851')
    .option('--token-file <file>', 'unipile: a file holding the access token (never the token itself on the command line)')
    .option('--token-env <VAR>', 'unipile: the environment variable holding the access token')
    .option('--ca-file <file>', 'unipile: PEM certificates to trust besides the system ones (a private endpoint)');
  withBudgetOptions(bind, 'unipile: ')
    .option('--public-url <url>', "unipile: the service's public https URL; Unipile's webhooks are registered to <url>/hooks/unipile/<hook id> (default WARMLINE_PUBLIC_URL; without one the worker polls)")
    .option('--rotate-hook-secret', 'unipile: with a public URL, draw a new webhook secret and register the webhooks with it')
    .action(async (workspace: string, provider: string, flags: BindFlags) => {
      const network = await bindNetwork(workspace, provider, flags);
      print(flags, { workspace_id: workspace, network }, () =>
        [`workspace ${workspace} is bound to ${describeBinding(network)}`, ...('webhooks' in network && network.webhooks ? [`Unipile webhooks deliver to ${network.webhooks.url}`] : [])].join('\n'),
      );
    });
  withBudgetOptions(
    withCommonOptions(
      group
        .command('budget')
        .description('change the budgets of each linked account of a workspace bound to Unipile, without binding again (the token is neither needed nor touched); the budgets not given keep their values; prints every budget in force, {"workspace_id","pacing"}'),
    ).argument('<workspace>', 'workspace id'),
  ).action(async (workspace: string, flags: CommonFlags & BudgetFlags) => {
    const change = readPacing(flags);
    const result = await withContext(flags, (ctx) => setUnipileBudgets(unipileBudgetDeps(ctx), workspace, change, Object.keys(change).length > 0));
    print(flags, { workspace_id: result.workspace_id, pacing: result.pacing }, () => describeBudgets(workspace, result.pacing));
  });
  withCommonOptions(group.command('status').description('the network a workspace is bound to, its members\' accounts, the last successful call and webhook, and errors by kind'))
    .argument('<workspace>', 'workspace id')
    .action(async (workspace: string, flags: CommonFlags) => {
      const status = await withExistingContext(flags, (ctx) => networkStatus(ctx.database.db, workspace, ctx.clock.now()));
      print(flags, status, () => describeNetworkStatus(status));
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
