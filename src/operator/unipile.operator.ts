// Operator use-cases of a workspace on Unipile: bind it (the credentials checked with one call,
// the token sealed at rest), and link or unlink a team member's Unipile account. Nothing is
// stored when a check fails. Webhook registration (when the service has a public URL) is a later
// step that takes the binding `bindUnipile` returns.
import type { StoredBinding } from '../network/bindings.js';
import { findBinding, saveBinding } from '../network/bindings.repository.js';
import { NetworkError } from '../network/provider.js';
import { checkUnipileCredentials, type UnipileBindingOptions } from '../network/unipile/unipile.factory.js';
import { UnipileNetwork } from '../network/unipile/unipile.network.js';
import { DEFAULT_BUDGET, type BudgetOptions } from '../network/unipile/unipile.budget.js';
import { linkAccount, linkedAccounts, unlinkAccount } from '../network/unipile/unipile.store.js';
import type { SecretBox } from '../shared/secret-box.js';
import { UsageError } from '../shared/errors.js';
import type { BindingDeps } from './bindings.operator.js';
import { findTeamMember, updateIntegrationStatus } from '../workspace/workspace.repository.js';
import { requireWorkspace } from '../workspace/workspace.service.js';

export interface UnipileOperatorDeps extends BindingDeps {
  tokenBox: () => SecretBox;
  timeoutMs: number;
}

/** What linking and unlinking a member need: the store, the clock and the workspace's provider. */
export interface MemberLinkDeps {
  db: UnipileOperatorDeps['db'];
  clock: UnipileOperatorDeps['clock'];
  networks: Pick<UnipileOperatorDeps['networks'], 'resolve'>;
}

export interface UnipileBindInput {
  dsn: string;
  token: string;
  ca?: string | null;
  pacing?: Partial<BudgetOptions>;
}

/** The DSN as Unipile shows it (https://apiN.unipile.com:PORT), without a path. */
function readDsn(dsn: string): string {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    throw new UsageError(`--dsn must be your Unipile DSN, such as https://api8.unipile.com:13851 (got "${dsn}")`);
  }
  if (url.protocol !== 'https:') throw new UsageError(`--dsn must be an https:// address (got "${dsn}")`);
  return url.origin;
}

function checkPacing(p: Partial<BudgetOptions>): Partial<BudgetOptions> {
  const merged = { ...DEFAULT_BUDGET, ...p };
  if (merged.actSpacingMinMs > merged.actSpacingMaxMs) throw new UsageError('--act-spacing: the shortest pause must not be longer than the longest');
  return p;
}

/** A workspace's Unipile binding, as stored (the token sealed), for a later step such as webhook registration. */
export async function bindUnipile(deps: UnipileOperatorDeps, workspaceId: string, input: UnipileBindInput): Promise<StoredBinding> {
  await requireWorkspace(deps.db, workspaceId);
  const dsn = readDsn(input.dsn);
  const token = input.token.trim();
  if (!token) throw new UsageError('the Unipile token is empty');
  const pacing = checkPacing(input.pacing ?? {});
  try {
    await checkUnipileCredentials({ dsn, token, ca: input.ca ?? undefined, timeoutMs: deps.timeoutMs });
  } catch (err) {
    throw new UsageError(credentialsMessage(dsn, err));
  }
  const options: UnipileBindingOptions = { dsn, ...(input.ca ? { ca: input.ca } : {}), ...(Object.keys(pacing).length > 0 ? { pacing } : {}) };
  const credentials = deps.tokenBox().seal(token);
  await saveBinding(deps.db, workspaceId, 'network', { provider: 'unipile', options: { ...options } }, deps.clock.now(), credentials);
  return { workspaceId, provider: 'unipile', options: { ...options }, credentials };
}

function credentialsMessage(dsn: string, err: unknown): string {
  if (err instanceof NetworkError && err.kind === 'account_disconnected') return `Unipile at ${dsn} refused the token (check the DSN and the access token); nothing was stored`;
  if (err instanceof NetworkError && err.kind === 'account_restricted') return `the Unipile token at ${dsn} may not list accounts (insufficient privileges); nothing was stored`;
  const why = err instanceof Error ? err.message : String(err);
  return `cannot check the credentials at ${dsn}: ${why}; nothing was stored`;
}

/** The workspace's Unipile provider, or a one-line refusal when it is bound to something else. */
async function unipileOf(deps: MemberLinkDeps, workspaceId: string): Promise<UnipileNetwork> {
  await requireWorkspace(deps.db, workspaceId);
  const row = await findBinding(deps.db, workspaceId, 'network');
  if (row?.provider !== 'unipile') {
    throw new UsageError(`workspace ${workspaceId} is not bound to Unipile (warmline network bind ${workspaceId} unipile --dsn … --token-file …)`);
  }
  const network = await deps.networks.resolve(workspaceId);
  if (!(network instanceof UnipileNetwork)) throw new UsageError(`workspace ${workspaceId} is not bound to Unipile`);
  return network;
}

async function requireMember(deps: MemberLinkDeps, workspaceId: string, memberId: string) {
  const member = await findTeamMember(deps.db, workspaceId, memberId);
  if (!member) throw new UsageError(`no team member ${memberId} in workspace ${workspaceId}`);
  return member;
}

/** Links the member to a Unipile account: CONNECTED, its urn read from the account's own profile. */
export async function linkMember(deps: MemberLinkDeps, workspaceId: string, memberId: string, accountId: string) {
  const network = await unipileOf(deps, workspaceId);
  await requireMember(deps, workspaceId, memberId);
  const other = (await linkedAccounts(deps.db, workspaceId)).find((l) => l.account_id === accountId && l.team_member_id !== memberId);
  if (other) throw new UsageError(`Unipile account ${accountId} is already linked to team member ${other.team_member_id}`);
  let urn: string;
  try {
    urn = await network.checkAccount(accountId);
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
  await unipileOf(deps, workspaceId);
  await requireMember(deps, workspaceId, memberId);
  await deps.db.transaction().execute(async (tx) => {
    await unlinkAccount(tx, workspaceId, memberId);
    await updateIntegrationStatus(tx, workspaceId, memberId, 'NOT_CONNECTED', deps.clock.now());
  });
  return { id: memberId, integration_status: 'NOT_CONNECTED' as const };
}
