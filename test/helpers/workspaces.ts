// The one workspace factory of the tests: a workspace, its bindings (test/helpers/bindings.ts) and
// its team members, connected in the service and on the sandbox network when asked.
import type { AppContext } from '../../src/context.js';
import { newId } from '../../src/shared/ids.js';
import { addTeamMember, createWorkspace, type NewTeamMember } from '../../src/workspace/workspace.service.js';
import { bindWorkspace, type TestBinding } from './bindings.js';

/** A member: any field of the service's NewTeamMember (email defaults to a fresh one); `connected` overrides the workspace's. */
export type MemberSpec = Partial<NewTeamMember> & { connected?: boolean };

export interface WorkspaceSpec extends TestBinding {
  name?: string;
  id?: string;
  /** How many members (fresh emails), or each one. */
  members?: number | MemberSpec[];
  /** Members are CONNECTED, their accounts linked on the sandbox (default: not). */
  connected?: boolean;
}

/** Creates the workspace, binds it (the sandbox with activity and its enrichment, unless `spec` says otherwise) and adds its members in order. */
export async function makeWorkspace(ctx: AppContext, spec: WorkspaceSpec = {}): Promise<{ id: string; members: string[] }> {
  const { db } = ctx.database;
  const { id } = await createWorkspace(db, ctx.clock, spec.name ?? 'Test workspace', spec.id);
  await bindWorkspace(ctx, id, spec);
  const members: string[] = [];
  const list = typeof spec.members === 'number' ? Array.from({ length: spec.members }, (): MemberSpec => ({})) : (spec.members ?? []);
  for (const { connected = spec.connected ?? false, ...member } of list) members.push(await addMember(ctx, id, { ...member, connected }));
  return { id, members };
}

/** One more member of an existing workspace; `connected` makes the account CONNECTED in the service and on the sandbox. */
export async function addMember(ctx: AppContext, workspaceId: string, member: MemberSpec = {}): Promise<string> {
  const { connected, ...fields } = member;
  const { id } = await addTeamMember(ctx.database.db, ctx.clock, workspaceId, {
    email: `${newId('m')}@acme.test`,
    integration_status: connected ? 'CONNECTED' : 'NOT_CONNECTED',
    ...fields,
  });
  if (connected) await ctx.sandbox.connectAccount({ workspaceId, teamMemberId: id });
  return id;
}
