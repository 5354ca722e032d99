import path from 'node:path';
import { inviteLink } from '../console/console-auth.service.js';
import { Command } from 'commander';
import { loadConfig, SETTINGS, type Config, type ConfigFlags } from '../config.js';
import { createContext } from '../context.js';
import { takeServeLock } from '../db/serve-lock.js';
import { createWorker } from '../engine/worker-tasks.js';
import { stopGracefully } from './graceful-stop.js';
import { withCommonOptions, withSettingOptions, type CommonFlags } from './options.js';

/** A value as one shell word: as it is when it needs no quoting, else in single quotes. */
const shellWord = (value: string) => (/^[\w./:@%+=,-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);

/**
 * The flags that make another command use this server's database (and data directory, which holds
 * the secret), so a printed command works as printed. A PostgreSQL password is never printed: the
 * URL goes without it, and the note says where it goes.
 */
export function sameDatabaseFlags(config: Config): { flags: string; note: string } {
  const flags: string[] = [];
  if (config.dataDir !== path.resolve(String(SETTINGS.dataDir.default))) flags.push(`--data-dir ${shellWord(config.dataDir)}`);
  let note = '';
  if (config.db.dialect === 'postgres') {
    const url = new URL(config.db.url);
    if (url.password) {
      url.password = '';
      note = '\n  (the password of --db is left out here: give it in PGPASSWORD or in the URL)';
    }
    flags.push(`--db ${shellWord(url.toString())}`);
  } else if (config.db.file !== path.join(config.dataDir, 'warmline.db')) {
    flags.push(`--db ${shellWord(config.db.file)}`);
  }
  return { flags: flags.map((f) => ` ${f}`).join(''), note };
}

export function serveCommand(): Command {
  const command = withCommonOptions(new Command('serve').description('migrate the database and serve the v2 API over HTTPS'));
  return withSettingOptions(withSettingOptions(withSettingOptions(command, 'start'), 'webhooks'), 'serve')
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
      let lock;
      try {
        lock = takeServeLock(config.dataDir, config.db);
      } catch (err) {
        await ctx.close();
        throw err;
      }
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
          const same = sameDatabaseFlags(config);
          lines.push(`${firstRun.outreachNote} (npx warmline outreach limits --workspace ${firstRun.workspaceId}${same.flags})${same.note}`);
        } else {
          const same = sameDatabaseFlags(config);
          lines.push(`Need an API key? npx warmline key create --workspace <id>${same.flags}   (workspace ids: npx warmline workspace list${same.flags})${same.note}`);
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
          lock.release();
        },
        { graceMs: config.stopGraceMs, logger: ctx.logger },
      );
    });
}
