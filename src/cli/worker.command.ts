import { Command, Option } from 'commander';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { ALL_ENGINES, createWorker, type Engine } from '../engine/worker-tasks.js';
import { UsageError } from '../shared/errors.js';
import { print, withCommonOptions, type CommonFlags } from './options.js';

function parseEngines(value: string): Engine[] {
  const names = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const unknown = names.filter((n) => !(ALL_ENGINES as readonly string[]).includes(n));
  if (names.length === 0 || unknown.length > 0) throw new UsageError(`--engines takes a comma-separated list of ${ALL_ENGINES.join(', ')} (got "${value}")`);
  return [...new Set(names as Engine[])];
}

export function workerCommand(): Command {
  return withCommonOptions(
    new Command('worker').description('run the engines (ingestion, outreach, delivery retries) without the API; stops cleanly on SIGTERM'),
  )
    .option('--once', 'run until there is no work left, then exit')
    .addOption(new Option('--engines <list>', `the engines to run, comma-separated (default: all of ${ALL_ENGINES.join(', ')})`).argParser(parseEngines))
    .action(async (flags: CommonFlags & { once?: boolean; engines?: Engine[] }) => {
      const ctx = await createContext(loadConfig(flags));
      const worker = createWorker(ctx, flags.engines);
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
