import { Command } from 'commander';
import { listWorkspaceBindings } from '../operator/bindings.operator.js';
import { createWorkspace, deleteWorkspace } from '../workspace/workspace.service.js';
import { UsageError } from '../shared/errors.js';
import { toIso } from '../shared/time.js';
import { describeBinding } from './network.commands.js';
import { print, withCommonOptions, withContext, withExistingContext, type CommonFlags } from './options.js';

export function workspaceCommands(): Command {
  const group = new Command('workspace').description('manage workspaces');
  withCommonOptions(group.command('create').description('create a workspace; prints {"id"}'))
    .requiredOption('--name <name>', 'workspace name')
    .option('--id <id>', 'use this id instead of a generated one')
    .action(async (flags: CommonFlags & { name: string; id?: string }) => {
      const result = await withContext(flags, (ctx) => createWorkspace(ctx.database.db, ctx.clock, flags.name, flags.id));
      print(flags, result, () => `created workspace ${result.id}`);
    });
  withCommonOptions(group.command('list').description('list workspaces with their network and enrichment bindings')).action(async (flags: CommonFlags) => {
    const rows = await withExistingContext(flags, (ctx) => listWorkspaceBindings(ctx.database.db));
    const items = rows.map((w) => ({ id: w.id, name: w.name, created_at: toIso(w.created_at), network: w.network, enrichment: w.enrichment }));
    const line = (w: (typeof items)[number]) => `${w.id}\t${w.name}\t${w.created_at}\tnetwork: ${describeBinding(w.network)}\tenrichment: ${w.enrichment.provider}`;
    print(flags, items, () => items.map(line).join('\n') || 'no workspaces');
  });
  withCommonOptions(group.command('delete').description('delete a workspace, its keys and all its data, in one transaction'))
    .argument('<id>', 'workspace id')
    .option('--yes', 'confirm: the data cannot be recovered')
    .action(async (id: string, flags: CommonFlags & { yes?: boolean }) => {
      if (!flags.yes) throw new UsageError(`deleting workspace ${id} removes its API keys and all its data for good; add --yes to confirm`);
      const result = await withContext(flags, (ctx) => deleteWorkspace(ctx.database.db, id));
      print(flags, result, () => `deleted workspace ${result.id} and all its data`);
    });
  return group;
}
