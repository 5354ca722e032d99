import { Command } from 'commander';
import { grantCredits } from '../workspace/workspace.service.js';
import { parseInteger, print, withCommonOptions, withContext, type CommonFlags } from './options.js';

export function creditsCommands(): Command {
  const group = new Command('credits').description('manage workspace credits (spent by email enrichment)');
  withCommonOptions(group.command('grant').description('add credits to a workspace ledger; prints the new balance'))
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--amount <n>', 'credits to add (at least 1)', parseInteger('--amount'))
    .option('--reason <text>', 'ledger note', 'grant')
    .action(async (flags: CommonFlags & { workspace: string; amount: number; reason: string }) => {
      const balance = await withContext(flags, (ctx) => grantCredits(ctx.database.db, ctx.clock, flags.workspace, flags.amount, flags.reason));
      print(flags, balance, () => `balance of ${flags.workspace}: ${balance.current_balance}`);
    });
  return group;
}
