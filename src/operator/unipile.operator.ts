// Operator use-cases of a workspace on Unipile: bind it (the credentials checked with one call,
// the token sealed at rest), and link or unlink a team member's Unipile account. Nothing is
// stored when a check fails. What only the adapter knows (the DSN's form, the pacing, the
// credentials' check, an account's own profile) comes through interfaces: BindingCheck and the
// provider's memberAccounts. Webhook registration (when the service has a public URL) is a later
// step that takes the binding `bindUnipile` returns. The budgets of a bound workspace change
// without binding again (`setUnipileBudgets`): Unipile's own merge and check of them (BudgetChange)
// comes from the composition root; the token is neither needed nor touched.
import type { Binding, BindingCheck, StoredBinding } from '../network/bindings.js';
import { findBinding, saveBinding, updateBindingOptions } from '../network/bindings.repository.js';
import { linkAccount, linkedAccounts, unlinkAccount } from '../network/member-accounts.repository.js';
import { NetworkError, type MemberAccounts } from '../network/provider.js';
import type { SecretBox } from '../shared/secret-box.js';
import { UsageError } from '../shared/errors.js';
import type { BindingDeps } from './bindings.operator.js';
import { findTeamMember } from '../workspace/workspace.repository.js';
import { requireWorkspace, updateIntegrationStatus } from '../workspace/workspace.service.js';

/** `Input`: what the operator gives (network/unipile/unipile.binding.ts), which only Unipile's check reads. */
export interface UnipileOperatorDeps<Input> extends BindingDeps {
  tokenBox: () => SecretBox;
  /** Unipile's check of the input (the DSN's form, the pacing, the credentials in one call), from the composition root. */
  checkUnipile: BindingCheck<Input>;
}

/**
 * Unipile's merge of a budget change into a binding's stored options: the options to store and
 * every budget then in force (defaults filled); a UsageError when the change is inconsistent.
 */
export type BudgetChange<Change> = (options: Binding['options'], change: Change) => Promise<{ options: Binding['options']; budgets: Record<string, number> }>;

export interface UnipileBudgetDeps<Change> {
  db: BindingDeps['db'];
  clock: BindingDeps['clock'];
  /** From the composition root (network/unipile/unipile.binding.ts). */
  changeBudgets: BudgetChange<Change>;
}

/**
 * The budgets in force for the workspace's Unipile accounts after merging `change` into the stored
 * `pacing` (with `changed` false and nothing written when there is nothing to change). The
 * binding's updated_at moves forward, so every process's provider registry rebuilds the provider
 * with the new budgets; the sealed token stays as it was. A one-line refusal, nothing changed, for
 * an unknown workspace, one not bound to Unipile, or an inconsistent change.
 */
export async function setUnipileBudgets<Change>(deps: UnipileBudgetDeps<Change>, workspaceId: string, change: Change, hasChange: boolean): Promise<{ workspace_id: string; pacing: Record<string, number>; changed: boolean }> {
  await requireWorkspace(deps.db, workspaceId);
  const row = await findBinding(deps.db, workspaceId, 'network');
  if (row?.provider !== 'unipile') {
    throw new UsageError(`workspace ${workspaceId} is not bound to Unipile (warmline network bind ${workspaceId} unipile --dsn … --token-file …)`);
  }
  const stored = JSON.parse(row.options) as Binding['options'];
  const { options, budgets } = await deps.changeBudgets(stored, change);
  if (!hasChange) return { workspace_id: workspaceId, pacing: budgets, changed: false };
  const previous = Number(row.updated_at);
  const changed = await updateBindingOptions(deps.db, workspaceId, 'network', { provider: row.provider, updatedAt: previous }, options, Math.max(deps.clock.now(), previous + 1));
  if (changed !== 1) throw new UsageError(`the network binding of workspace ${workspaceId} changed while the budgets were being set; nothing was changed: run the command again`);
  return { workspace_id: workspaceId, pacing: budgets, changed: true };
}

/** What linking and unlinking a member need: the store, the clock and the workspace's provider. */
export interface MemberLinkDeps {
  db: BindingDeps['db'];
  clock: BindingDeps['clock'];
  networks: Pick<BindingDeps['networks'], 'resolve'>;
}

/** A workspace's Unipile binding, as stored (the token sealed), for a later step such as webhook registration. */
export async function bindUnipile<Input>(deps: UnipileOperatorDeps<Input>, workspaceId: string, input: Input): Promise<StoredBinding> {
  await requireWorkspace(deps.db, workspaceId);
  const { options, credential } = await deps.checkUnipile(input);
  const credentials = deps.tokenBox().seal(credential);
  await saveBinding(deps.db, workspaceId, 'network', { provider: 'unipile', options: { ...options } }, deps.clock.now(), credentials);
  return { workspaceId, provider: 'unipile', options: { ...options }, credentials };
}

/** The workspace's members' Unipile accounts, or a one-line refusal when it is bound to something else. */
async function unipileAccountsOf(deps: MemberLinkDeps, workspaceId: string): Promise<MemberAccounts> {
  await requireWorkspace(deps.db, workspaceId);
  const row = await findBinding(deps.db, workspaceId, 'network');
  if (row?.provider !== 'unipile') {
    throw new UsageError(`workspace ${workspaceId} is not bound to Unipile (warmline network bind ${workspaceId} unipile --dsn … --token-file …)`);
  }
  const accounts = (await deps.networks.resolve(workspaceId))?.memberAccounts;
  if (!accounts) throw new UsageError(`workspace ${workspaceId} is not bound to Unipile`);
  return accounts;
}

async function requireMember(deps: MemberLinkDeps, workspaceId: string, memberId: string) {
  const member = await findTeamMember(deps.db, workspaceId, memberId);
  if (!member) throw new UsageError(`no team member ${memberId} in workspace ${workspaceId}`);
  return member;
}

/** Links the member to a Unipile account: CONNECTED, its urn read from the account's own profile. */
export async function linkMember(deps: MemberLinkDeps, workspaceId: string, memberId: string, accountId: string) {
  const accounts = await unipileAccountsOf(deps, workspaceId);
  await requireMember(deps, workspaceId, memberId);
  const other = (await linkedAccounts(deps.db, workspaceId)).find((l) => l.account_id === accountId && l.team_member_id !== memberId);
  if (other) throw new UsageError(`Unipile account ${accountId} is already linked to team member ${other.team_member_id}`);
  let urn: string;
  try {
    urn = await accounts.check(accountId);
  } catch (err) {
    if (err instanceof NetworkError && err.kind === 'not_found') throw new UsageError(`Unipile knows no account ${accountId} for this token`);
    if (err instanceof NetworkError && err.kind === 'account_disconnected') throw new UsageError(`Unipile account ${accountId} is disconnected: reconnect it at Unipile, then link it again`);
    throw new UsageError(`cannot read Unipile account ${accountId}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (tx) => {
    await linkAccount(tx, workspaceId, memberId, accountId, now);
    await tx.updateTable('team_members').set({ integration_status: 'CONNECTED', network_urn: urn, last_network_update: now }).where('workspace_id', '=', workspaceId).where('id', '=', memberId).execute();
  });
  return { id: memberId, account_id: accountId, network_urn: urn, integration_status: 'CONNECTED' as const };
}

/** Unlinks the member's account: NOT_CONNECTED (no account acts for them; nothing is sent). */
export async function unlinkMember(deps: MemberLinkDeps, workspaceId: string, memberId: string) {
  await unipileAccountsOf(deps, workspaceId);
  await requireMember(deps, workspaceId, memberId);
  await deps.db.transaction().execute(async (tx) => {
    await unlinkAccount(tx, workspaceId, memberId);
    await updateIntegrationStatus(tx, workspaceId, memberId, 'NOT_CONNECTED', deps.clock.now());
  });
  return { id: memberId, integration_status: 'NOT_CONNECTED' as const };
}
