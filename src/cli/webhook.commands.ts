// `warmline webhook …`: a workspace's outbound webhook subscriptions for operators, through the
// same service as /v2/webhooks (the secret is printed once, at creation).
import { Command } from 'commander';
import type { AppContext } from '../context.js';
import { DomainError, UsageError } from '../shared/errors.js';
import { EVENT_TYPES } from '../webhooks/outbox.js';
import * as service from '../webhooks/webhooks.service.js';
import { print, withCommonOptions, withContext, withExistingContext, withSettingOptions, type CommonFlags } from './options.js';

type Flags = CommonFlags & { workspace: string; url?: string; events?: string; enable?: boolean; disable?: boolean };

function eventTypes(text: string): string[] {
  const types = text.split(',').map((t) => t.trim()).filter((t) => t.length > 0);
  const unknown = types.filter((t) => !(EVENT_TYPES as readonly string[]).includes(t));
  if (types.length === 0 || unknown.length > 0) throw new UsageError(`--events must be a comma-separated list of ${EVENT_TYPES.join(', ')} (got "${text}")`);
  return types;
}

/** The service's refusals as one line for the operator. */
async function run<T>(flags: Flags, id: string | null, body: (ctx: AppContext, deps: service.WebhookDeps) => Promise<T>, existing = false): Promise<T> {
  const withCtx = existing ? withExistingContext : withContext;
  return withCtx(flags, async (ctx) => {
    const workspace = await ctx.database.db.selectFrom('workspaces').select('id').where('id', '=', flags.workspace).executeTakeFirst();
    if (!workspace) throw new UsageError(`no workspace ${flags.workspace}`);
    const deps = { db: ctx.database.db, clock: ctx.clock, secret: ctx.secret(), allowPrivate: ctx.config.webhooksAllowPrivate };
    try {
      return await body(ctx, deps);
    } catch (err) {
      if (err instanceof DomainError && err.code === 'webhook_not_found') throw new UsageError(`no webhook subscription ${id} in workspace ${flags.workspace}`);
      if (err instanceof DomainError && (err.code === 'webhook_url_refused' || err.code === 'webhook_url_unresolvable')) throw new UsageError(`the URL is refused: ${err.message}`);
      throw err;
    }
  });
}

const line = (s: ReturnType<typeof service.toSubscription>) => `${s.id}\t${s.enabled ? 'enabled' : `disabled${s.disabled_reason ? ` (${s.disabled_reason})` : ''}`}\t${s.url}\t${s.event_types.join(',')}`;
const base = (name: string, description: string) => withCommonOptions(new Command(name).description(description)).requiredOption('--workspace <id>', 'workspace id');

export function webhookCommands(): Command {
  const group = new Command('webhook').description("a workspace's outbound webhook subscriptions (docs/webhooks.md)");
  group.addCommand(
    withSettingOptions(base('create', 'subscribe a URL to events; prints the signing secret (whsec_…) this once'), 'webhooks')
      .requiredOption('--url <url>', 'https URL the events are POSTed to')
      .requiredOption('--events <types>', `comma-separated event types: ${EVENT_TYPES.join(', ')}`)
      .action(async (flags: Flags) => {
        const types = eventTypes(flags.events!);
        const created = await run(flags, null, (_ctx, deps) => service.createSubscription(deps, flags.workspace, { url: flags.url!, event_types: types }));
        print(flags, created, () => `${line(created)}\nsecret (shown once): ${created.secret}`);
      }),
  );
  group.addCommand(
    base('list', 'show the subscriptions (never their secrets)').action(async (flags: Flags) => {
      const { items } = await run(flags, null, (ctx) => service.listSubscriptions(ctx.database.db, flags.workspace), true);
      print(flags, items, () => items.map(line).join('\n') || 'no webhook subscriptions');
    }),
  );
  group.addCommand(
    withSettingOptions(base('update', "change a subscription's URL, events, or enable it again"), 'webhooks')
      .argument('<id>', 'subscription id')
      .option('--url <url>', 'new URL')
      .option('--events <types>', 'new comma-separated event types')
      .option('--enable', 'enable (again, after failures disabled it)')
      .option('--disable', 'disable')
      .action(async (id: string, flags: Flags) => {
        if (flags.enable && flags.disable) throw new UsageError('--enable and --disable exclude each other');
        const input = { url: flags.url, event_types: flags.events === undefined ? undefined : eventTypes(flags.events), enabled: flags.enable ? true : flags.disable ? false : undefined };
        const updated = await run(flags, id, (_ctx, deps) => service.updateSubscription(deps, flags.workspace, id, input));
        print(flags, updated, () => line(updated));
      }),
  );
  group.addCommand(
    base('delete', 'delete a subscription with its waiting events and log').argument('<id>', 'subscription id').action(async (id: string, flags: Flags) => {
      await run(flags, id, (ctx) => service.deleteSubscription({ db: ctx.database.db, clock: ctx.clock }, flags.workspace, id));
      print(flags, { deleted: id }, () => `deleted ${id}`);
    }),
  );
  group.addCommand(
    base('test', 'queue a webhook.test event for the subscription (the worker delivers it)').argument('<id>', 'subscription id').action(async (id: string, flags: Flags) => {
      const queued = await run(flags, id, (_ctx, deps) => service.sendTestEvent(deps, flags.workspace, id));
      print(flags, queued, () => `queued test event ${queued.event_id}`);
    }),
  );
  return group;
}
