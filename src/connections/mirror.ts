// The connections table mirrors the provider, which is the truth: written when the service
// sends an invitation, sees one accepted or withdrawn, checks a pair, and by the member syncs.
// A workspace bound to none keeps the mirror it was given (a snapshot's) and is answered from it.
import type { DbOrTx } from '../db/database.js';
import type { AccountRef, ConnectionState } from '../network/provider.js';
import * as repo from './connections.repository.js';
import { emitEvent } from '../webhooks/outbox.js';

/** Records what the provider said about a pair; `since` defaults to `at` for a new state. */
export async function mirrorState(db: DbOrTx, account: AccountRef, contactUrn: string, state: ConnectionState, at: number, since: number = at): Promise<void> {
  const { workspaceId, teamMemberId } = account;
  const before = (await repo.findMirrored(db, workspaceId, teamMemberId, contactUrn))?.state ?? 'NONE';
  // The mirror is the one write of a pair's state, so its transitions are the connection events:
  // an invitation out (to PENDING) and its acceptance (PENDING to CONNECTED). A CONNECTED pair a
  // sync finds without a pending invitation before is no acceptance the service saw happen.
  if (before !== state && (state === 'PENDING' || (state === 'CONNECTED' && before === 'PENDING'))) {
    const type = state === 'PENDING' ? 'connection.requested' : 'connection.accepted';
    await emitEvent(db, workspaceId, at, { type, data: { team_member_id: teamMemberId, contact_urn: contactUrn } });
  }
  if (state === 'NONE') {
    await repo.deleteMirrored(db, workspaceId, teamMemberId, contactUrn);
    return;
  }
  await repo.upsertMirrored(db, { workspace_id: workspaceId, team_member_id: teamMemberId, contact_urn: contactUrn, state, since, updated_at: at });
}

/** The mirror's answer for a workspace without a network. */
export async function mirroredState(db: DbOrTx, account: AccountRef, contactUrn: string): Promise<ConnectionState> {
  const row = await repo.findMirrored(db, account.workspaceId, account.teamMemberId, contactUrn);
  return row?.state === 'CONNECTED' || row?.state === 'PENDING' ? row.state : 'NONE';
}
