// Operator commands of ingestion: ICP rules, target accounts, enrichment policy, and a manual sync.
import { Command, Option } from 'commander';
import cliProgress from 'cli-progress';
import { syncNextDueMember } from '../ingestion/ingestion.engine.js';
import { ENRICHMENT_POLICIES } from '../ingestion/fold-rules.js';
import {
  addTargetAccount,
  getIngestionSettings,
  listTargetAccounts,
  removeTargetAccount,
  setEnrichmentPolicy,
  setIcpRulesFromFile,
} from '../ingestion/settings.service.js';
import { DEFAULT_SYNC_SCHEDULE } from '../ingestion/sync-schedule.js';
import fs from 'node:fs';
import { DEFAULT_REASK_DAYS, parseReaskDays } from '../enrichment/enrichment.binding.js';
import type { Binding } from '../network/bindings.js';
import { bind, unbind } from '../operator/bindings.operator.js';
import { bindEnrichmentChain, chainNames, enrichmentStatus } from '../operator/enrichment.operator.js';
import { UsageError } from '../shared/errors.js';
import { bindingDeps } from './network.commands.js';
import { print, withCommonOptions, withContext, withExistingContext, type CommonFlags } from './options.js';

type WorkspaceFlags = CommonFlags & { workspace: string };
const inWorkspace = (command: Command) => withCommonOptions(command).requiredOption('--workspace <id>', 'workspace id');

export function icpCommands(): Command {
  const group = new Command('icp').description("a workspace's ideal customer profile (sets is_icp_match of new and refreshed leads)");
  group.addCommand(
    inWorkspace(new Command('set').description('replace the ICP rules with those of a JSON file (docs/ingestion.md)'))
      .argument('<file.json>', 'rules: job_title_keywords, seniorities, company_size {min,max}, industries, countries')
      .action(async (file: string, flags: WorkspaceFlags) => {
        const rules = await withContext(flags, (ctx) => setIcpRulesFromFile(ctx.database.db, ctx.clock, flags.workspace, file));
        print(flags, rules, () => `ICP rules of ${flags.workspace} set: ${JSON.stringify(rules)}`);
      }),
  );
  group.addCommand(
    inWorkspace(new Command('show').description('show the ICP rules and the enrichment policy')).action(async (flags: WorkspaceFlags) => {
      const settings = await withExistingContext(flags, (ctx) => getIngestionSettings(ctx.database.db, flags.workspace));
      print(flags, settings, () => JSON.stringify(settings, null, 2));
    }),
  );
  return group;
}

export function accountsCommands(): Command {
  const group = new Command('accounts').description('target accounts (account-based leads): company slugs or ids');
  const entry = (name: string, description: string) => inWorkspace(new Command(name).description(description)).argument('<company>', 'company slug or numeric id');
  group.addCommand(
    entry('add', 'add a target account').action(async (company: string, flags: WorkspaceFlags) => {
      const r = await withContext(flags, (ctx) => addTargetAccount(ctx.database.db, ctx.clock, flags.workspace, company));
      print(flags, r, () => `target account ${r.value} added`);
    }),
  );
  group.addCommand(
    entry('remove', 'remove a target account').action(async (company: string, flags: WorkspaceFlags) => {
      const r = await withContext(flags, (ctx) => removeTargetAccount(ctx.database.db, flags.workspace, company));
      print(flags, r, () => `target account ${r.value} removed`);
    }),
  );
  group.addCommand(
    inWorkspace(new Command('list').description('list the target accounts')).action(async (flags: WorkspaceFlags) => {
      const values = await withExistingContext(flags, (ctx) => listTargetAccounts(ctx.database.db, flags.workspace));
      print(flags, values, () => values.join('\n') || 'no target accounts');
    }),
  );
  return group;
}

export function enrichmentCommands(): Command {
  const group = new Command('enrichment').description('email and phone enrichment of new leads (one credit per email found)');
  group.addCommand(
    inWorkspace(new Command('policy').description('which new leads are enriched'))
      .addOption(new Option('--set <policy>', 'all, icp (ICP matches only) or none').choices([...ENRICHMENT_POLICIES]).makeOptionMandatory())
      .action(async (flags: WorkspaceFlags & { set: string }) => {
        const r = await withContext(flags, (ctx) => setEnrichmentPolicy(ctx.database.db, ctx.clock, flags.workspace, flags.set));
        print(flags, r, () => `enrichment policy of ${flags.workspace}: ${r.enrichment_policy}`);
      }),
  );
  withCommonOptions(
    group
      .command('bind')
      .description(
        'choose the enrichment vendor(s) of a workspace (none by default: no lead is enriched, no credit spent); real vendors are a chain asked in order, the next only when the one before found no email, each with its API key from a file (stored encrypted, never printed); prints {"workspace_id","enrichment"}',
      ),
  )
    .argument('<workspace>', 'workspace id')
    .argument('<provider>', 'sandbox (simulated), none (unbinds), or real vendors in order: hunter, dropcontact, or hunter,dropcontact')
    .option('--key-file <file>', "a file holding one vendor's API key; once per vendor, in the chain's order (never the key itself on the command line)", (file: string, files: string[] = []) => [...files, file])
    .option('--reask-days <n>', `real vendors: a person with no email found is asked again after n days (default ${DEFAULT_REASK_DAYS})`)
    .action(async (workspace: string, provider: string, flags: CommonFlags & { keyFile?: string[]; reaskDays?: string }) => {
      const enrichment = await bindEnrichment(workspace, provider, flags);
      print(flags, { workspace_id: workspace, enrichment }, () => `workspace ${workspace} is enriched by ${describeEnrichment(enrichment)}`);
    });
  withCommonOptions(group.command('status').description('the enrichment vendor(s) of a workspace, the re-ask period and each vendor\'s last fault (a refused key shows here); prints {"workspace_id","enrichment","faults"}'))
    .argument('<workspace>', 'workspace id')
    .action(async (workspace: string, flags: CommonFlags) => {
      const status = await withExistingContext(flags, (ctx) => enrichmentStatus(ctx.database.db, workspace));
      print(flags, status, () =>
        [`workspace ${workspace} is enriched by ${describeEnrichment(status.enrichment)}`, ...status.faults.map((f) => `  ${f.vendor}: ${f.fault} (${f.at})`)].join('\n'),
      );
    });
  withCommonOptions(group.command('unbind').description('no enrichment vendor for a workspace: waiting leads stay waiting'))
    .argument('<workspace>', 'workspace id')
    .action(async (workspace: string, flags: CommonFlags) => {
      const enrichment = await withContext(flags, (ctx) => unbind(bindingDeps(ctx), workspace, 'enrichment'));
      print(flags, { workspace_id: workspace, enrichment }, () => `workspace ${workspace} is enriched by none`);
    });
  return group;
}

/** `hunter → dropcontact (re-asked after 90 days)`, `sandbox`, `none`: an enrichment binding in one phrase. */
const describeEnrichment = (b: Binding) =>
  b.options.reask_days === undefined ? b.provider : `${b.provider.split(',').join(' → ')} (re-asked after ${String(b.options.reask_days)} days)`;

function readKeyFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`--key-file: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** The sandbox or none as before; real vendors with their keys, every refusal before anything is opened or stored. */
async function bindEnrichment(workspace: string, provider: string, flags: CommonFlags & { keyFile?: string[]; reaskDays?: string }): Promise<Binding> {
  if (provider === 'sandbox' || provider === 'none') {
    if (flags.keyFile || flags.reaskDays !== undefined) throw new UsageError(`--${flags.keyFile ? 'key-file' : 'reask-days'} is for real vendors only`);
    return withContext(flags, (ctx) => bind(bindingDeps(ctx), workspace, 'enrichment', { provider, options: {} }));
  }
  const reaskDays = flags.reaskDays === undefined ? DEFAULT_REASK_DAYS : parseReaskDays(flags.reaskDays);
  return withContext(flags, (ctx) => {
    const deps = { db: ctx.database.db, clock: ctx.clock, enrichments: ctx.enrichments, keyBox: ctx.keyBox };
    // The vendor names (the build's, from the composition root) are checked before any key file is read.
    const vendors = chainNames(deps, provider);
    if (!flags.keyFile?.length) throw new UsageError(`binding to ${vendors.join(',')} needs --key-file <file> once per vendor, in the chain's order`);
    return bindEnrichmentChain(deps, workspace, { vendors, keys: flags.keyFile.map(readKeyFile), reaskDays });
  });
}

export function syncCommand(): Command {
  return withCommonOptions(new Command('sync').description('sync the due CONNECTED members now (all of them with --all-members), with progress'))
    .requiredOption('--once', 'run the due syncs once and exit')
    .option('--workspace <id>', 'only this workspace')
    .option('--all-members', 'treat every CONNECTED member as due')
    .action(async (flags: CommonFlags & { workspace?: string; allMembers?: boolean }) => {
      const summary = await withContext(flags, async (ctx) => {
        const { db } = ctx.database;
        if (flags.allMembers) {
          let q = db.updateTable('member_syncs').set({ next_sync_at: 0 });
          if (flags.workspace) q = q.where('workspace_id', '=', flags.workspace);
          await q.execute();
        }
        const bar = process.stderr.isTTY && !flags.json ? new cliProgress.SingleBar({ format: 'sync {member} [{bar}] {value}/{total} posts · {events} events', stream: process.stderr }, cliProgress.Presets.shades_classic) : null;
        const deps = { db, clock: ctx.clock, networks: ctx.networks.resolve, schedule: DEFAULT_SYNC_SCHEDULE };
        const totals = { members: 0, posts: 0, events: 0, created: 0, refused: 0 };
        const signal = new AbortController().signal;
        for (;;) {
          let started = false;
          const result = await syncNextDueMember(deps, signal, ctx.logger, {
            workspaceId: flags.workspace,
            progress: (p) => {
              if (!bar) return;
              if (!started) bar.start(p.total, 0, { member: `#${totals.members + 1}`, events: 0 });
              started = true;
              bar.update(p.posts, { events: p.events });
            },
          });
          if (started) bar?.stop();
          if (!result) break;
          totals.members++;
          totals.posts += result.posts;
          totals.events += result.events;
          totals.created += result.created;
          totals.refused += result.refused;
        }
        return totals;
      });
      const refused = summary.refused > 0 ? `; ${summary.refused} calls refused: an account the network does not know as connected (warmline network status)` : '';
      print(flags, summary, () => `synced ${summary.members} member(s): ${summary.posts} posts, ${summary.events} new engagement events, ${summary.created} new leads${refused}`);
    });
}
