// `warmline crm …`: a workspace's CRM (docs/crm.md). bind checks the token with one call and
// stores it sealed; the token is read from a file, never from the command line (where `ps` shows
// it), and never printed. `crm sync` pushes the queue and pulls at once, as the worker does in
// its own time.
import fs from 'node:fs';
import { Command } from 'commander';
import type { AppContext } from '../context.js';
import type { CrmName, PushRule } from '../crm/crm.options.js';
import { syncWorkspace } from '../crm/crm-sync.engine.js';
import { bindCrm, crmStatus, describeCrmStatus, requireCrm, unbindCrm, type CrmBindCheck, type CrmOperatorDeps } from '../operator/crm.operator.js';
import { UsageError } from '../shared/errors.js';
import { requireWorkspace } from '../workspace/workspace.service.js';
import { parseInteger, print, withCommonOptions, withContext, withExistingContext, type CommonFlags } from './options.js';

interface BindFlags extends CommonFlags {
  tokenFile?: string;
  apiUrl?: string;
  caFile?: string;
  companyDomain?: string;
  profileProperty?: string;
  pushRule?: string;
  minScore?: number;
}

function readFile(option: string, file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`${option}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

function readPushRule(flags: BindFlags): PushRule {
  const rule = flags.pushRule ?? (flags.minScore !== undefined ? 'icp' : 'qualified');
  if (rule === 'qualified') {
    if (flags.minScore !== undefined) throw new UsageError('--min-score goes with --push-rule icp');
    return { rule: 'qualified' };
  }
  if (rule === 'icp') return { rule: 'icp', min_score: flags.minScore ?? 0 };
  throw new UsageError(`--push-rule must be qualified or icp (got "${rule}")`);
}

/** Each CRM's own check, loaded only by a command that binds to it (the adapters are named here, in the composition root). */
const checkCrm =
  (ctx: AppContext): CrmBindCheck =>
  async (crm, input) => {
    if (crm === 'hubspot') return (await import('../crm/hubspot/hubspot.binding.js')).checkHubSpotBinding(input, ctx.config.providerTimeoutMs);
    throw new UsageError(`binding to ${crm} is not available in this build yet (hubspot is)`);
  };

const crmDeps = (ctx: AppContext): CrmOperatorDeps => ({ db: ctx.database.db, clock: ctx.clock, tokenBox: ctx.crmTokenBox, checkCrm: checkCrm(ctx) });

/** Everything the flags say, checked before the database is opened. */
function bindInput(crm: CrmName, flags: BindFlags) {
  if (flags.companyDomain !== undefined && crm !== 'pipedrive') throw new UsageError('--company-domain is for pipedrive only');
  if (flags.profileProperty !== undefined && crm !== 'hubspot') throw new UsageError('--profile-property is for hubspot only');
  if (flags.tokenFile === undefined) throw new UsageError(`give the ${crm} token with --token-file <file>`);
  const token = readFile('--token-file', flags.tokenFile).trim();
  if (!token) throw new UsageError(`--token-file: ${flags.tokenFile} is empty`);
  return {
    token,
    apiUrl: flags.apiUrl,
    ca: flags.caFile === undefined ? null : readFile('--ca-file', flags.caFile),
    companyDomain: flags.companyDomain,
    profileProperty: flags.profileProperty,
    push: readPushRule(flags),
  };
}

export function crmCommands(): Command {
  const group = new Command('crm').description("each workspace's CRM (none, hubspot, pipedrive): leads pushed as contacts, customers pulled");
  withCommonOptions(
    group
      .command('bind')
      .description('bind a workspace to a CRM: the token is checked with one call and stored encrypted; the leads matching the push rule are pushed by the worker; prints {"workspace_id","crm"}'),
  )
    .argument('<workspace>', 'workspace id')
    .argument('<crm>', 'hubspot or pipedrive (none unbinds)')
    .option('--token-file <file>', 'a file holding the token: a HubSpot private-app token, a Pipedrive API token (never the token itself on the command line)')
    .option('--api-url <url>', "the CRM's API (default: its public one, https://api.hubapi.com or https://api.pipedrive.com); a private deployment otherwise")
    .option('--ca-file <file>', 'PEM certificates to trust besides the system ones (a private endpoint)')
    .option('--company-domain <name>', 'pipedrive: your company domain (acme for acme.pipedrive.com), for the contacts\' links')
    .option('--profile-property <name>', 'hubspot: the contact property holding the profile URL (default hs_linkedin_url)')
    .option('--push-rule <rule>', 'which leads are pushed: qualified (status QUALIFIED, the default) or icp (an ICP match with --min-score)')
    .option('--min-score <n>', 'with --push-rule icp: the least engagement score (default 0)', parseInteger('--min-score', 0, 100))
    .action(async (workspace: string, name: string, flags: BindFlags) => {
      const crm = requireCrm(name);
      if (crm === 'none') {
        const unbound = await withContext(flags, (ctx) => unbindCrm(crmDeps(ctx), workspace));
        print(flags, { workspace_id: workspace, crm: unbound }, () => `workspace ${workspace} is bound to no CRM`);
        return;
      }
      const input = bindInput(crm, flags);
      const binding = await withContext(flags, (ctx) => bindCrm(crmDeps(ctx), workspace, crm, input));
      const { ca, ...shown } = binding.options;
      const printed = { provider: binding.provider, options: { ...shown, ...(ca ? { ca: 'custom' } : {}) } };
      print(flags, { workspace_id: workspace, crm: printed }, () => `workspace ${workspace} is bound to ${crm} at ${String(shown.api_url)}`);
    });
  withCommonOptions(group.command('unbind').description('bind a workspace to no CRM: nothing is pushed or pulled any more; leads keep their crm_id'))
    .argument('<workspace>', 'workspace id')
    .action(async (workspace: string, flags: CommonFlags) => {
      const crm = await withContext(flags, (ctx) => unbindCrm(crmDeps(ctx), workspace));
      print(flags, { workspace_id: workspace, crm }, () => `workspace ${workspace} is bound to no CRM`);
    });
  withCommonOptions(group.command('status').description('the CRM a workspace is bound to, the last successful call and sync, counts pushed and pulled, the queue, errors by kind and leads skipped or refused'))
    .argument('<workspace>', 'workspace id')
    .action(async (workspace: string, flags: CommonFlags) => {
      const status = await withExistingContext(flags, (ctx) => crmStatus(ctx.database.db, workspace, ctx.clock.now()));
      print(flags, status, () => describeCrmStatus(status));
    });
  withCommonOptions(group.command('sync').description('push the workspace\'s queue and pull customers, merges and deletions now, as the worker does in its own time; prints the status'))
    .argument('<workspace>', 'workspace id')
    .action(async (workspace: string, flags: CommonFlags) => {
      const status = await withContext(flags, async (ctx) => {
        const { db } = ctx.database;
        await requireWorkspace(db, workspace);
        if ((await ctx.crms.resolve(workspace)) === null) throw new UsageError(`workspace ${workspace} is bound to no CRM (warmline crm bind ${workspace} hubspot --token-file …)`);
        const deps = { db, clock: ctx.clock, crms: ctx.crms.resolve, logger: ctx.logger.child({ subsystem: 'crm' }) };
        // The whole queue, then one pull; a refusal that holds the workspace (a rate limit, a refused token) ends it early.
        let pullNow = true;
        while ((await syncWorkspace(deps, workspace, { pullNow, maxPushes: 1_000 })) > 0) pullNow = false;
        return crmStatus(db, workspace, ctx.clock.now());
      });
      print(flags, status, () => describeCrmStatus(status));
    });
  return group;
}
