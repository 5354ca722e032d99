import { Command } from 'commander';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { createWorker } from '../engine/worker-tasks.js';
import { print, withCommonOptions, type CommonFlags } from './options.js';

export function workerCommand(): Command {
  return withCommonOptions(
    new Command('worker').description('run the engines (ingestion, outreach, delivery retries) without the API; stops cleanly on SIGTERM'),
  )
    .option('--once', 'run until there is no work left, then exit')
    .action(async (flags: CommonFlags & { once?: boolean }) => {
      const ctx = await createContext(loadConfig(flags));
      const worker = createWorker(ctx);
      if (flags.once) {
        const rounds = await worker.drain();
        await ctx.close();
        print(flags, { rounds }, () => `worker ran ${rounds} busy round(s); no work left`);
        return;
      }
      const stop = async () => {
        await worker.stop();
        await ctx.close();
        process.exit(0);
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
      worker.start();
      print(flags, { started: true }, () => 'worker started (SIGTERM or Ctrl-C stops it after the step in hand)');
    });
}
