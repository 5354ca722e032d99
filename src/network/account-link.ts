// Operator action: link or unlink a team member's account with the network. For the sandbox
// the network side is a row in its own tables; a real provider will need its own sign-in flow.
import type { AppContext } from '../context.js';
import { UsageError } from '../shared/errors.js';
import { findTeamMember, updateIntegrationStatus } from '../workspace/workspace.repository.js';
import { SandboxNetwork } from './sandbox/sandbox.network.js';

export async function setMemberNetworkLink(ctx: AppContext, workspaceId: string, memberId: string, connected: boolean) {
  const { db } = ctx.database;
  if (!(await findTeamMember(db, workspaceId, memberId))) throw new UsageError(`no team member ${memberId} in workspace ${workspaceId}`);
  if (!(ctx.network instanceof SandboxNetwork)) throw new UsageError(`the ${ctx.network.name} network links accounts through its own sign-in`);
  const account = { workspaceId, teamMemberId: memberId };
  if (connected) await ctx.network.connectAccount(account);
  else await ctx.network.disconnectAccount(account);
  const status = connected ? 'CONNECTED' : 'DISCONNECTED';
  await updateIntegrationStatus(db, workspaceId, memberId, status, ctx.clock.now());
  return { id: memberId, integration_status: status };
}
