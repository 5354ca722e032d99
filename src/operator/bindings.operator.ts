// Operator use-cases of bindings: which network and enrichment vendor serve a workspace, and the
// link of a member's account with the network. Binding to the sandbox hands it the workspace's
// own state (adoption) in the same transaction as the binding, so a refused adoption binds
// nothing; unbinding keeps every recorded action in the log and retries none of them elsewhere.
import type { Db, DbOrTx } from '../db/database.js';
import type { EnrichmentProvider } from '../enrichment/enrichment.provider.js';
import { NONE, UNBOUND, type Binding, type BindingService } from '../network/bindings.js';
import { deleteBinding, findBinding, listBindings, saveBinding } from '../network/bindings.repository.js';
import type { NetworkProvider } from '../network/provider.js';
import type { BindingRegistry } from '../network/registry.js';
import type { SimulatedAccounts } from '../network/provider.js';
import type { SimulatedNetwork, StateToAdopt } from '../network/simulation.js';
import type { Clock } from '../shared/clock.js';
import { UsageError } from '../shared/errors.js';
import { findTeamMember, listTeamMembers, listWorkspaces } from '../workspace/workspace.repository.js';
import { addTeamMember, requireWorkspace, updateIntegrationStatus, type NewTeamMember } from '../workspace/workspace.service.js';

export interface BindingDeps {
  db: Db;
  clock: Clock;
  networks: BindingRegistry<NetworkProvider>;
  enrichments: BindingRegistry<EnrichmentProvider>;
  /** The simulated network's world, which adopts a workspace bound to it. */
  sandbox: SimulatedNetwork;
}

const registryOf = (deps: BindingDeps, service: BindingService) => (service === 'network' ? deps.networks : deps.enrichments);

/** Refuses a provider name the registry does not know, before anything is read or written. */
export function requireProvider(deps: BindingDeps, service: BindingService, provider: string): void {
  const registry = registryOf(deps, service);
  const known = [...registry.providers, ...registry.parts];
  // Real enrichment vendors need their keys, which no snapshot carries: only their own bind stores them.
  if (registry.isComposite(provider)) {
    throw new UsageError(`binding to ${provider} needs its API keys: warmline enrichment bind <workspace> ${provider} --key-file <file> (one per vendor, in order)`);
  }
  if (!registry.providers.includes(provider)) throw new UsageError(`unknown ${service} provider "${provider}" (one of ${known.join(', ')})`);
  // A real network needs its credentials, which no snapshot carries: only its own bind stores it.
  if (service === 'network' && provider === 'unipile') {
    throw new UsageError('binding to Unipile needs its credentials: warmline network bind <workspace> unipile --dsn <url> --token-file <file> (or --token-env <VAR>)');
  }
}

/** The workspace's state the sandbox adopts: its members and its connections mirror. */
async function stateToAdopt(db: DbOrTx, workspaceId: string): Promise<StateToAdopt> {
  const members = (await listTeamMembers(db, workspaceId)).map((m) => ({
    id: m.id,
    email: m.email,
    integrationStatus: m.integration_status,
    urn: m.network_urn,
    username: m.network_username,
  }));
  const connections = (await db.selectFrom('connections').selectAll().where('workspace_id', '=', workspaceId).execute()).map((c) => ({
    teamMemberId: c.team_member_id,
    contactUrn: c.contact_urn,
    state: c.state,
    since: c.since === null ? null : Number(c.since),
  }));
  return { members, connections };
}

/** Refuses (naming the member) a workspace the sandbox could not adopt; reads only. */
export async function checkAdoptable(deps: BindingDeps, db: DbOrTx, workspaceId: string): Promise<void> {
  deps.sandbox.checkAdoptable((await stateToAdopt(db, workspaceId)).members);
}

export async function bind(deps: BindingDeps, workspaceId: string, service: BindingService, binding: Binding): Promise<Binding> {
  requireProvider(deps, service, binding.provider);
  await requireWorkspace(deps.db, workspaceId);
  if (binding.provider === NONE) return unbind(deps, workspaceId, service);
  const adopts = service === 'network' && binding.provider === 'sandbox';
  if (adopts) await deps.sandbox.ensureTables(deps.db);
  await deps.db.transaction().execute(async (tx) => {
    if (adopts) await deps.sandbox.adopt(tx, workspaceId, await stateToAdopt(tx, workspaceId));
    await saveBinding(tx, workspaceId, service, binding, deps.clock.now());
  });
  return binding;
}

export async function unbind(deps: BindingDeps, workspaceId: string, service: BindingService): Promise<Binding> {
  await requireWorkspace(deps.db, workspaceId);
  await deleteBinding(deps.db, workspaceId, service);
  return UNBOUND;
}

/** Every workspace with its two bindings (none where there is no row). */
export async function listWorkspaceBindings(db: Db) {
  const bindings = await listBindings(db);
  const of = (workspaceId: string, service: BindingService): Binding => {
    const row = bindings.find((b) => b.workspace_id === workspaceId && b.service === service);
    return row ? { provider: row.provider, options: JSON.parse(row.options) } : UNBOUND;
  };
  return (await listWorkspaces(db)).map((w) => ({ ...w, network: of(w.id, 'network'), enrichment: of(w.id, 'enrichment') }));
}

/** The workspace's binding as stored (none when unbound). */
export async function bindingOf(db: DbOrTx, workspaceId: string, service: BindingService): Promise<Binding> {
  const row = await findBinding(db, workspaceId, service);
  return row ? { provider: row.provider, options: JSON.parse(row.options) } : UNBOUND;
}

/**
 * Links or unlinks a member's account on the sandbox. A real network's members are linked to
 * their own accounts there (unipile.operator.ts, `member link`); a workspace bound to none has
 * nothing to link with.
 */
export async function setMemberNetworkLink(deps: Pick<BindingDeps, 'db' | 'clock'> & { sandbox: SimulatedAccounts }, workspaceId: string, memberId: string, connected: boolean) {
  const { db } = deps;
  const member = await findTeamMember(db, workspaceId, memberId);
  if (!member) throw new UsageError(`no team member ${memberId} in workspace ${workspaceId}`);
  const { provider } = await bindingOf(db, workspaceId, 'network');
  if (provider === NONE) throw new UsageError(`workspace ${workspaceId} is bound to no network: bind it first (warmline network bind ${workspaceId} sandbox)`);
  if (provider !== 'sandbox') throw new UsageError(`the ${provider} network links a member's own account: warmline member link ${workspaceId} ${memberId} --account <account id>`);
  const account = { workspaceId, teamMemberId: memberId };
  if (connected) await deps.sandbox.connectAccount(account, member.network_urn);
  else await deps.sandbox.disconnectAccount(account);
  const status = connected ? 'CONNECTED' : 'DISCONNECTED';
  await updateIntegrationStatus(db, workspaceId, memberId, status, deps.clock.now());
  return { id: memberId, integration_status: status };
}

/**
 * Adds a team member; one added CONNECTED to a workspace bound to a network is linked there too,
 * or refused before anything is written: CONNECTED with no account behind it made every sync of
 * the member fail its provider calls unseen. The sandbox gets the member's account at once; a
 * real network links a member's own account (`member link`), so the member is added NOT_CONNECTED
 * first. A workspace bound to none records the status as given (no engine acts for it).
 */
export async function addMemberLinked(deps: Pick<BindingDeps, 'db' | 'clock'> & { sandbox: SimulatedAccounts }, workspaceId: string, member: NewTeamMember) {
  const { db } = deps;
  await requireWorkspace(db, workspaceId);
  const { provider } = await bindingOf(db, workspaceId, 'network');
  const linked = member.integration_status === 'CONNECTED' && provider !== NONE;
  if (linked && provider !== 'sandbox') {
    throw new UsageError(`the ${provider} network links a member's own account: add the member without --integration-status CONNECTED, then warmline member link ${workspaceId} <member> --account <account id>`);
  }
  const added = await addTeamMember(db, deps.clock, workspaceId, member);
  if (linked) await deps.sandbox.connectAccount({ workspaceId, teamMemberId: added.id });
  return added;
}
