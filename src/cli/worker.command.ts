import { Command, Option } from 'commander';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { ALL_ENGINES, createWorker, type Engine } from '../engine/worker-tasks.js';
import { startMetricsServer } from '../metrics/metrics-server.js';
import { UsageError } from '../shared/errors.js';
import { stopGracefully } from './graceful-stop.js';
import { print, withCommonOptions, withSettingOptions, type CommonFlags } from './options.js';

function parseEngines(value: string): Engine[] {
  const names = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const unknown = names.filter((n) => !(ALL_ENGINES as readonly string[]).includes(n));
  if (names.length === 0 || unknown.length > 0) throw new UsageError(`--engines takes a comma-separated list of ${ALL_ENGINES.join(', ')} (got "${value}")`);
  return [...new Set(names as Engine[])];
}

export function workerCommand(): Command {
  const command = withCommonOptions(new Command('worker').description('run the engines (ingestion, outreach, delivery retries) without the API; stops cleanly on SIGTERM'));
  return withSettingOptions(withSettingOptions(command, 'start'), 'webhooks')
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
      // A worker of its own (beside `serve --no-worker`) serves its own figures when
      // WARMLINE_METRICS_PORT is set: the API process does not see its steps.
      const { metricsPort, host } = ctx.config;
      const metrics = metricsPort === null ? null : await startMetricsServer(ctx.metrics, host, metricsPort);
      stopGracefully(
        async () => {
          await Promise.all([worker.stop(), metrics?.close()]);
          await ctx.close();
        },
        { graceMs: ctx.config.stopGraceMs, logger: ctx.logger },
      );
      worker.start();
      // `{"started":true}` stays as it was when there is no metrics listener (scripts wait for it).
      print(flags, metrics ? { started: true, metrics_url: metrics.url } : { started: true }, () =>
        [`worker started (SIGTERM or Ctrl-C stops it after the step in hand)`, ...(metrics ? [`Prometheus metrics: ${metrics.url}`] : [])].join('\n'),
      );
    });
}
