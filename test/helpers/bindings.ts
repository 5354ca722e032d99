// Binds a test's workspace as the process-wide sandbox once served every workspace: the simulated
// network (with activity unless told otherwise) and the simulated enrichment vendor.
import type { AppContext } from '../../src/context.js';
import { bind } from '../../src/operator/bindings.operator.js';

export interface TestBinding {
  /** none: the workspace is left unbound, as created and imported workspaces are. */
  network?: 'none' | 'sandbox';
  activity?: boolean;
  enrichment?: 'none' | 'sandbox';
}

export async function bindWorkspace(ctx: AppContext, workspaceId: string, binding: TestBinding = {}): Promise<void> {
  const deps = { db: ctx.database.db, clock: ctx.clock, networks: ctx.networks, enrichments: ctx.enrichments, sandbox: ctx.sandbox };
  const network = binding.network ?? 'sandbox';
  if (network !== 'none') await bind(deps, workspaceId, 'network', { provider: network, options: { activity: binding.activity ?? true } });
  const enrichment = binding.enrichment ?? 'sandbox';
  if (enrichment !== 'none') await bind(deps, workspaceId, 'enrichment', { provider: enrichment, options: {} });
}
