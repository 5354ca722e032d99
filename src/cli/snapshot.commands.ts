// `warmline import <file>` and `warmline export`: workspace snapshots (see snapshot-format.md).
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { Command } from 'commander';
import { UsageError } from '../shared/errors.js';
import type { BindingChoice } from '../operator/import.operator.js';
import { progressDisplay } from './import-progress.js';
import { bindingDeps, describeBinding } from './network.commands.js';
import { configFrom, print, withCommonOptions, withContext, withExistingContext, type CommonFlags } from './options.js';

interface ImportFlags extends CommonFlags {
  network?: string;
  activity?: boolean;
  enrichment?: string;
  crm?: string;
}

/** The operator's choice of bindings; what is not chosen follows the snapshot (absent there: none). */
function bindingChoice(flags: ImportFlags): BindingChoice {
  if (flags.activity && flags.network !== 'sandbox') throw new UsageError('--activity goes with --network sandbox');
  if (flags.crm !== undefined && flags.crm !== 'none') throw new UsageError(`--crm takes none only (got "${flags.crm}"): bind the CRM after the import, with its token (warmline crm bind)`);
  return {
    ...(flags.crm === 'none' ? { crm: 'none' as const } : {}),
    ...(flags.network === undefined ? {} : { network: { provider: flags.network, options: flags.network === 'sandbox' ? { activity: flags.activity === true } : {} } }),
    ...(flags.enrichment === undefined ? {} : { enrichment: { provider: flags.enrichment, options: {} } }),
  };
}

/** Thrown into the import when the operator stops it (Ctrl-C, SIGTERM): its transaction rolls back. */
class ImportInterrupted extends Error {}

/**
 * Ctrl-C (or SIGTERM) during an import: the source is cut and the next progress report throws, so
 * the import's one transaction rolls back and the command can say so. A second Ctrl-C ends the
 * process at once, as without this.
 */
function interruptionOf(source: Readable) {
  let signal: NodeJS.Signals | null = null;
  const stop = (name: NodeJS.Signals) => {
    if (signal) process.exit(130);
    signal = name;
    source.destroy(new ImportInterrupted(`interrupted by ${name}`));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return {
    interrupted: () => signal,
    check: () => {
      if (signal) throw new ImportInterrupted(`interrupted by ${signal}`);
    },
    release: () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}

/** A SQLite database file and the files SQLite keeps beside it. */
const sqliteFiles = (file: string) => [file, `${file}-wal`, `${file}-shm`, `${file}-journal`];

function openSource(file: string): { source: Readable; size: number | null } {
  if (file === '-') return { source: process.stdin, size: null };
  if (!fs.existsSync(file)) throw new UsageError(`no such file: ${file}`);
  return { source: fs.createReadStream(file, { highWaterMark: 1 << 20 }), size: fs.statSync(file).size };
}

export function importCommand(): Command {
  return withCommonOptions(
    new Command('import')
      .description('import a workspace snapshot (all or nothing; upserts by id, so importing twice is harmless)')
      .argument('<file>', 'snapshot document (JSON); - reads standard input'),
  )
    .option('--network <provider>', 'bind the workspace to this network: sandbox, or none (default: as the snapshot records; none when it records nothing)')
    .option('--activity', 'with --network sandbox: the simulated network posts and engages (new leads)')
    .option('--enrichment <provider>', 'bind the workspace to this enrichment vendor: sandbox, or none (default: as the snapshot records; none)')
    .option('--crm <none>', 'none: import a workspace whose snapshot records a CRM, bound to no CRM (a CRM token is in no snapshot: bind it again after)')
    .addHelpText('after', '\nThe document must match the schema in src/snapshot/workspace-snapshot.schema.json, sections in its order.\nOn a fault nothing is written and the message names the JSON path, e.g. leads[3].created_at.')
    .action(async (file: string, flags: ImportFlags) => {
      const choice = bindingChoice(flags);
      // Loaded here, not at the top: every other command starts faster without the importer.
      const { importWorkspace } = await import('../operator/import.operator.js');
      const { source, size } = openSource(file);
      const display = await progressDisplay(source, size, { stream: process.stderr, json: flags.json === true });
      // A SQLite file this import makes is removed again if the import is stopped: nothing is left behind.
      const { db } = configFrom(flags);
      const newFile = db.dialect === 'sqlite' && db.file !== ':memory:' && !fs.existsSync(db.file) ? db.file : null;
      const interruption = interruptionOf(source);
      const onProgress: typeof display.onProgress = (event) => {
        interruption.check();
        display.onProgress(event);
      };
      let result;
      try {
        result = await withContext(flags, (ctx) => importWorkspace({ ...bindingDeps(ctx), dialect: ctx.database.dialect }, source, choice, onProgress));
      } catch (err) {
        const signal = interruption.interrupted();
        if (!signal) throw err;
        display.stop();
        if (newFile) for (const f of sqliteFiles(newFile)) fs.rmSync(f, { force: true });
        const left = newFile ? `the new database ${newFile} was removed` : 'the database is as it was';
        process.stderr.write(`warmline: import stopped (${signal}): nothing was imported; ${left}\n`);
        process.exit(130);
      } finally {
        display.stop();
        interruption.release();
      }
      const counts = Object.entries(result.counts).map(([section, n]) => `${n} ${section.replace('_', ' ')}`);
      print(
        flags,
        { workspace_id: result.workspaceId, network: result.network, enrichment: result.enrichment },
        () => `imported workspace ${result.workspaceId}${counts.length ? `: ${counts.join(', ')}` : ''}; network: ${describeBinding(result.network)}, enrichment: ${result.enrichment.provider}`,
      );
    });
}

export function exportCommand(): Command {
  return withCommonOptions(new Command('export').description('write a workspace as a snapshot document (standard output unless --out)'))
    .requiredOption('--workspace <id>', 'workspace id')
    .option('--out <file>', 'write to this file instead of standard output')
    .action(async (flags: CommonFlags & { workspace: string; out?: string }) => {
      const { exportSnapshot } = await import('../snapshot/snapshot.export.js');
      await withExistingContext(flags, async (ctx) => {
        if (!flags.out) return exportSnapshot(ctx.database.db, flags.workspace, process.stdout);
        const sink = fs.createWriteStream(flags.out);
        try {
          await exportSnapshot(ctx.database.db, flags.workspace, sink);
        } finally {
          sink.end();
          await finished(sink);
        }
        print(flags, { workspace_id: flags.workspace, file: flags.out }, () => `exported workspace ${flags.workspace} to ${flags.out}`);
      });
    });
}
