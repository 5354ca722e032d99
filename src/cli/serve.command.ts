import { inviteLink } from '../console/console-auth.service.js';
import { Command } from 'commander';
import { loadConfig, type ConfigFlags } from '../config.js';
import { createContext } from '../context.js';
import { createWorker } from '../engine/worker-tasks.js';
import { stopGracefully } from './graceful-stop.js';
import { withCommonOptions, withSettingOptions, type CommonFlags } from './options.js';

export function serveCommand(): Command {
  return withSettingOptions(withCommonOptions(new Command('serve').description('migrate the database and serve the v2 API over HTTPS')), 'serve')
    .action(async (flags: CommonFlags & ConfigFlags) => {
      // The HTTP stack is loaded here, not with the module: every other command starts without it.
      const [{ buildServer, serverDeps }, { loadTlsMaterial }, { prepareFirstRun }, { startMetricsServer }] = await Promise.all([
        import('../server/server.js'),
        import('../http/tls.js'),
        import('../demo/first-run.js'),
        import('../metrics/metrics-server.js'),
      ]);
      const config = loadConfig(flags);
      const ctx = await createContext(config);
      const tls = config.trustProxy ? null : await loadTlsMaterial(config);
      const app = await buildServer(serverDeps(ctx, tls));
      // The port is bound before anything is written: a second start on a busy port (or a bad
      // --host) stops here with the data as it was, not after seeding or re-scoring.
      const address = await app.listen({ host: config.host, port: config.port });
      const metricsServer = config.metricsPort === null ? null : await startMetricsServer(ctx.metrics, config.host, config.metricsPort);
      const firstRun = config.demo ? await prepareFirstRun(ctx) : null;
      const url = tls ? address.replace(/^http:/, 'https:') : address;
      const info = {
        url,
        tls: tls ? { fingerprint_sha256: tls.fingerprint, self_signed: tls.selfSigned } : null,
        demo: firstRun ? { workspace_id: firstRun.workspaceId, api_key: firstRun.apiKey } : null,
        metrics_url: metricsServer?.url ?? null,
      };
      if (flags.json) {
        process.stdout.write(`${JSON.stringify(info)}\n`);
      } else {
        const lines = [`Warmline is serving the v2 API at ${url} (docs: ${url}/docs)`];
        if (metricsServer) lines.push(`Prometheus metrics: ${metricsServer.url}`);
        if (tls) lines.push(`TLS certificate${tls.selfSigned ? ' (self-signed)' : ''} SHA-256 fingerprint: ${tls.fingerprint}`);
        else lines.push('Plain HTTP behind a TLS-terminating proxy (--trust-proxy): requests need X-Forwarded-Proto: https');
        if (firstRun) {
          lines.push(`Created workspace ${firstRun.workspaceId} with demo data.`, `API key (shown only this once, keep it): ${firstRun.apiKey}`);
          lines.push(`Try: curl -k -H "Authorization: Bearer ${firstRun.apiKey}" ${url}/v2/workspace/users`);
          if (firstRun.adminInvite) lines.push(`Web console: set the password of ${firstRun.adminInvite.email} (admin; one-time link, expires in 72 h): ${inviteLink(config.publicUrl ?? url, firstRun.adminInvite.token)}`);
        } else {
          lines.push('Need an API key? npx warmline key create --workspace <id>   (workspace ids: npx warmline workspace list)');
        }
        process.stdout.write(`${lines.join('\n')}\n`);
      }
      // Started after the text is out, so no engine's log line lands in the middle of it.
      const worker = config.worker ? createWorker(ctx) : null;
      worker?.start();
      stopGracefully(
        async () => {
          await Promise.all([app.close(), worker?.stop(), metricsServer?.close()]);
          await ctx.close();
        },
        { graceMs: config.stopGraceMs, logger: ctx.logger },
      );
    });
}
