// `warmline import <file>` and `warmline export`: workspace snapshots (see snapshot-format.md).
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { Command } from 'commander';
import { UsageError } from '../shared/errors.js';
import type { BindingChoice } from '../operator/import.operator.js';
import { progressDisplay } from './import-progress.js';
import { bindingDeps, describeBinding } from './network.commands.js';
import { print, withCommonOptions, withContext, withExistingContext, type CommonFlags } from './options.js';

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
      const result = await withContext(flags, (ctx) => importWorkspace({ ...bindingDeps(ctx), dialect: ctx.database.dialect }, source, choice, display.onProgress)).finally(() => display.stop());
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
