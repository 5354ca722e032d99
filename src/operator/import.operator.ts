// `warmline import`: a snapshot in, then the workspace bound as the operator chose (or, without a
// choice, as the snapshot records; a snapshot without bindings leaves the workspace at none, so
// no engine ever touches imported data unasked). Whether the chosen network can take the
// workspace in (the sandbox adopts its members) is checked inside the import's transaction, so a
// refusal imports nothing. The binding follows the commit: a crash in between leaves the
// workspace at none, the safe state.
import type { Readable } from 'node:stream';
import type { Dialect } from '../db/connect.js';
import { UNBOUND, type Binding } from '../network/bindings.js';
import { importSnapshot, type ImportOptions, type ImportResult } from '../snapshot/snapshot.import.js';
import { bind, checkAdoptable, requireProvider, type BindingDeps } from './bindings.operator.js';
import { UsageError } from '../shared/errors.js';

export interface BindingChoice {
  network?: Binding;
  enrichment?: Binding;
  /** Only `none`: a CRM's token is in no snapshot (docs/crm.md). */
  crm?: 'none';
}

export async function importWorkspace(
  deps: BindingDeps & { dialect: Dialect },
  source: Readable,
  choice: BindingChoice = {},
  onProgress?: ImportOptions['onProgress'],
): Promise<ImportResult & { network: Binding; enrichment: Binding }> {
  if (choice.network) requireProvider(deps, 'network', choice.network.provider);
  if (choice.enrichment) requireProvider(deps, 'enrichment', choice.enrichment.provider);
  const chosen = (recorded: Pick<BindingChoice, 'network' | 'enrichment'>) => ({
    network: choice.network ?? recorded.network ?? UNBOUND,
    enrichment: choice.enrichment ?? recorded.enrichment ?? UNBOUND,
  });
  const result = await importSnapshot(deps.db, deps.clock, source, {
    dialect: deps.dialect,
    onProgress,
    beforeCommit: async (tx, { workspaceId, bindings }) => {
      const { network, enrichment } = chosen(bindings);
      requireProvider(deps, 'network', network.provider);
      requireProvider(deps, 'enrichment', enrichment.provider);
      if (network.provider === 'sandbox') await checkAdoptable(deps, tx, workspaceId);
      if (bindings.crm && choice.crm !== 'none') {
        throw new UsageError(`the snapshot binds the workspace to the CRM ${bindings.crm.provider}, whose token no snapshot carries: import with --crm none, then warmline crm bind ${workspaceId} ${bindings.crm.provider} --token-file <file>`);
      }
    },
  });
  const { network, enrichment } = chosen(result.bindings);
  await bind(deps, result.workspaceId, 'network', network);
  await bind(deps, result.workspaceId, 'enrichment', enrichment);
  return { ...result, network, enrichment };
}
