// A workspace brought from elsewhere (a snapshot) joins the simulation as it stood there: its
// CONNECTED members become linked accounts with their own profile urns, its connections the
// simulation's relations and its pending invitations the simulation's, with their dates. So the
// network answers check, send and direct-message exactly as the workspace's data implies.
import { UsageError } from '../../shared/errors.js';
import type { MemberToAdopt, StateToAdopt } from '../simulation.js';
import { profileFor } from './sandbox.content.js';
import type { SandboxDbOrTx } from './sandbox.table.js';

interface Seeded {
  fraction(...parts: string[]): number;
}

/**
 * The account of every CONNECTED member not linked already, with its urn: the one the workspace
 * holds, else the one the simulation derives from the network username. A CONNECTED member with
 * neither is refused.
 */
export function linkedAccounts(seeded: Seeded, members: MemberToAdopt[], linked: ReadonlySet<string> = new Set()): { teamMemberId: string; urn: string }[] {
  return members
    .filter((m) => m.integrationStatus === 'CONNECTED' && !linked.has(m.id))
    .map((m) => {
      const urn = m.urn ?? (m.username === null ? null : (profileFor(seeded, { username: m.username })?.urn ?? null));
      if (urn === null) {
        throw new UsageError(
          `team member ${m.id} (${m.email}) is CONNECTED but has neither a network urn nor a usable network username: the sandbox cannot link its account; set one or mark the member DISCONNECTED`,
        );
      }
      return { teamMemberId: m.id, urn };
    });
}

export async function adoptWorkspace(
  db: SandboxDbOrTx,
  seeded: Seeded & { ref(prefix: string, key: string): string },
  workspaceId: string,
  state: StateToAdopt,
  now: number,
): Promise<void> {
  const linked = await db.selectFrom('sandbox_accounts').select('team_member_id').where('workspace_id', '=', workspaceId).where('state', '=', 'CONNECTED').execute();
  const accounts = linkedAccounts(seeded, state.members, new Set(linked.map((a) => a.team_member_id)));
  const disconnected = state.members.filter((m) => m.integrationStatus === 'DISCONNECTED');
  const rows = [
    ...accounts.map((a) => ({ workspace_id: workspaceId, team_member_id: a.teamMemberId, state: 'CONNECTED', urn: a.urn, updated_at: now })),
    ...disconnected.map((m) => ({ workspace_id: workspaceId, team_member_id: m.id, state: 'DISCONNECTED', urn: m.urn, updated_at: now })),
  ];
  for (const row of rows) {
    await db
      .insertInto('sandbox_accounts')
      .values(row)
      .onConflict((oc) => oc.columns(['workspace_id', 'team_member_id']).doUpdateSet({ state: row.state, urn: row.urn, updated_at: now }))
      .execute();
  }
  for (const c of state.connections) {
    const pair = { workspace_id: workspaceId, team_member_id: c.teamMemberId, contact_urn: c.contactUrn };
    if (c.state === 'CONNECTED') {
      await db.insertInto('sandbox_connections').values({ ...pair, since: c.since ?? now }).onConflict((oc) => oc.doNothing()).execute();
    } else if (c.state === 'PENDING') {
      // The contact has not answered where the invitation was sent: it stays pending here until
      // withdrawn (the simulation decides acceptance only for invitations it received itself).
      const key = `adopted:${workspaceId}:${c.teamMemberId}:${c.contactUrn}`;
      await db
        .insertInto('sandbox_invitations')
        .values({ ...pair, ref: seeded.ref('sbx_inv', key), idempotency_key: key, note: null, sent_at: c.since ?? now, accept_at: null, withdrawn_at: null })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
}
