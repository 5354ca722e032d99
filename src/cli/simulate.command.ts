import { Command } from 'commander';
import { simulate } from './simulate.js';
import { parseInteger } from './options.js';

export function simulateCommand(): Command {
  return new Command('simulate')
    .description('run a campaign through simulated weeks on a throwaway database; the last line is machine-readable')
    .option('--contacts <n>', 'contacts enrolled', parseInteger('--contacts'), 10_000)
    .option('--senders <n>', 'sender accounts', parseInteger('--senders'), 5)
    .option('--max-days <n>', 'simulated days at most', parseInteger('--max-days'), 400)
    .action(async (flags: { contacts: number; senders: number; maxDays: number }) => {
      const result = await simulate({ ...flags, out: (line) => process.stdout.write(`${line}\n`) });
      if (result.violations > 0 || result.duplicates > 0) process.exitCode = 1;
    });
}
