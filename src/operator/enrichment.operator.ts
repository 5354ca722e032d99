// Operator use-cases of a workspace's real enrichment vendors: bind a chain (the keys sealed at
// rest, nothing stored on a refusal), and read what the binding is and each vendor's last fault.
// The vendors themselves are known only by name here (the registry's parts).
import type { Db } from '../db/database.js';
import { chainBinding, parseChain, type ChainInput } from '../enrichment/enrichment.binding.js';
import { clearVendorFaults, listVendorFaults } from '../enrichment/enrichment.repository.js';
import type { EnrichmentProvider } from '../enrichment/enrichment.provider.js';
import type { Binding } from '../network/bindings.js';
import { findBinding, saveBinding } from '../network/bindings.repository.js';
import type { BindingRegistry } from '../network/registry.js';
import type { Clock } from '../shared/clock.js';
import type { SecretBox } from '../shared/secret-box.js';
import { toIso } from '../shared/time.js';
import { requireWorkspace } from '../workspace/workspace.service.js';
import { bindingOf } from './bindings.operator.js';

export interface EnrichmentBindDeps {
  db: Db;
  clock: Clock;
  enrichments: Pick<BindingRegistry<EnrichmentProvider>, 'parts' | 'providers'>;
  keyBox: () => SecretBox;
}

/** The vendor names of a chain the operator typed, or a one-line refusal. */
export function chainNames(deps: Pick<EnrichmentBindDeps, 'enrichments'>, text: string): string[] {
  return parseChain(text, deps.enrichments.parts, [...deps.enrichments.providers, ...deps.enrichments.parts]);
}

/** Binds the workspace to the chain: keys sealed, the vendors' old faults forgotten; the binding as printed, never a key. */
export async function bindEnrichmentChain(deps: EnrichmentBindDeps, workspaceId: string, input: ChainInput): Promise<Binding> {
  const { provider, options, credential } = chainBinding(input);
  await requireWorkspace(deps.db, workspaceId);
  const sealed = deps.keyBox().seal(credential);
  await deps.db.transaction().execute(async (tx) => {
    // updated_at always moves forward, so every process's registry builds the chain again with the new keys.
    const previous = Number((await findBinding(tx, workspaceId, 'enrichment'))?.updated_at ?? -Infinity);
    await saveBinding(tx, workspaceId, 'enrichment', { provider, options }, Math.max(deps.clock.now(), previous + 1), sealed);
    await clearVendorFaults(tx, workspaceId);
  });
  return { provider, options };
}

/** The workspace's enrichment binding and each vendor's last fault (a refused key shows here). */
export async function enrichmentStatus(db: Db, workspaceId: string) {
  await requireWorkspace(db, workspaceId);
  const binding = await bindingOf(db, workspaceId, 'enrichment');
  const faults = (await listVendorFaults(db, workspaceId)).map((f) => ({ vendor: f.vendor, fault: f.fault, at: toIso(Number(f.at)) }));
  return { workspace_id: workspaceId, enrichment: binding, faults };
}
