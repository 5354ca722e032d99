import { Command, Option } from 'commander';
import { addSuppression, listSuppressionEntries, removeSuppression } from '../suppression/suppression.service.js';
import { SUPPRESSION_KINDS } from '../db/schema/suppression.table.js';
import { print, withCommonOptions, withContext, withExistingContext, type CommonFlags } from './options.js';

type EntryFlags = CommonFlags & { workspace: string; kind: string; value: string };

function entryCommand(name: string, description: string): Command {
  return withCommonOptions(new Command(name).description(description))
    .requiredOption('--workspace <id>', 'workspace id')
    .addOption(new Option('--kind <kind>', 'company (slug or numeric id) or domain (email domain)').choices([...SUPPRESSION_KINDS]).makeOptionMandatory())
    .requiredOption('--value <value>', 'the company slug or id, or the email domain');
}

export function suppressionCommands(): Command {
  const group = new Command('suppression').description('companies and email domains never turned into leads nor invited');
  group.addCommand(
    entryCommand('add', 'add a company or an email domain to the suppression list').action(async (flags: EntryFlags) => {
      const entry = await withContext(flags, (ctx) => addSuppression(ctx.database.db, ctx.clock, flags.workspace, flags.kind, flags.value));
      print(flags, entry, () => `suppressed ${entry.kind} ${entry.value}`);
    }),
  );
  group.addCommand(
    entryCommand('remove', 'take an entry off the suppression list').action(async (flags: EntryFlags) => {
      const entry = await withContext(flags, (ctx) => removeSuppression(ctx.database.db, flags.workspace, flags.kind, flags.value));
      print(flags, entry, () => `removed ${entry.kind} ${entry.value}`);
    }),
  );
  group.addCommand(
    withCommonOptions(new Command('list').description('show the suppression list'))
      .requiredOption('--workspace <id>', 'workspace id')
      .action(async (flags: CommonFlags & { workspace: string }) => {
        const entries = await withExistingContext(flags, (ctx) => listSuppressionEntries(ctx.database.db, flags.workspace));
        print(flags, entries, () => entries.map((e) => `${e.kind}\t${e.value}`).join('\n') || 'the suppression list is empty');
      }),
  );
  return group;
}
