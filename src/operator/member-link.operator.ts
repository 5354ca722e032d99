// Linking a member's network account from the console: what `warmline network connect` does on the
// sandbox and `warmline member link` on Unipile (with the member's account id), dispatched on
// the workspace's binding. Refusals are UsageErrors, as for the CLI.
import type { Db } from '../db/database.js';
import type { NetworkProvider } from '../network/provider.js';
import type { ProviderFor } from '../network/registry.js';
import type { Clock } from '../shared/clock.js';
import { UsageError } from '../shared/errors.js';
import { bindingOf, setMemberNetworkLink } from './bindings.operator.js';
import { linkMember, unlinkMember } from './unipile.operator.js';

export interface AccountLinkDeps {
  db: Db;
  clock: Clock;
  networks: ProviderFor<NetworkProvider>;
}

/** `accountId`: the member's Unipile account (Unipile only). */
export async function setMemberLink(deps: AccountLinkDeps, workspaceId: string, memberId: string, link: { connected: boolean; accountId?: string }) {
  const { provider } = await bindingOf(deps.db, workspaceId, 'network');
  if (provider === 'unipile') {
    const unipileDeps = { db: deps.db, clock: deps.clock, networks: { resolve: deps.networks } };
    if (!link.connected) return unlinkMember(unipileDeps, workspaceId, memberId);
    if (!link.accountId) throw new UsageError("linking on Unipile needs the member's Unipile account id");
    return linkMember(unipileDeps, workspaceId, memberId, link.accountId);
  }
  // Through the workspace's resolved provider: the same sandbox world the engines act in.
  const sandbox = provider === 'sandbox' ? ((await deps.networks(workspaceId))?.simulatedAccounts ?? null) : null;
  if (provider === 'sandbox' && !sandbox) throw new UsageError('the sandbox network is not available');
  return setMemberNetworkLink({ db: deps.db, clock: deps.clock, sandbox: sandbox! }, workspaceId, memberId, link.connected);
}
