// What counts against a sender's caps and the re-invitation rules: the actions recorded in
// network_actions. Read at least once for every invitation, so prepared.
import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { prepared } from '../db/prepared.js';

const countSenderActionsQuery = prepared((db, p: { workspaceId: string; memberId: string; kind: string; from: number; windows: number[] }) => {
  const mine = () =>
    db.selectFrom('network_actions').select(['created_at', 'sent_at', 'status']).where('workspace_id', '=', p.workspaceId).where('team_member_id', '=', p.memberId).where('kind', '=', p.kind);
  // The actions counted in the widest window, as three disjoint index ranges (recorded in it;
  // delivered in it; neither, but undelivered): one OR over the three conditions would read every
  // action the sender ever took. NOT keeps the planner off created_at where it must not range.
  const before = (eb: any) => eb.not(eb('created_at', '>=', p.from));
  const candidates = mine()
    .where('created_at', '>=', p.from)
    .unionAll(mine().where('sent_at', '>=', p.from).where(before))
    .unionAll(mine().where('status', '=', 'PENDING').where(before).where((eb) => eb.or([eb('sent_at', 'is', null), eb.not(eb('sent_at', '>=', p.from))])));
  return db
    .selectFrom(candidates.as('a'))
    .select((eb) =>
      p.windows.map((w, i) => eb.fn.count(eb.case().when(eb.or([eb('a.created_at', '>=', w), eb('a.status', '=', 'PENDING'), eb('a.sent_at', '>=', w)])).then(sql.lit(1)).end()).as(`w${i}`)),
    )
    .where('a.status', '!=', 'FAILED');
});

/**
 * A sender's actions counted against windows starting at each of `windows` (inclusive), in one
 * read: an action counts if it is not FAILED and was recorded or delivered in the window, or is
 * still undelivered (it may be delivered any time).
 */
export async function countSenderActions(db: DbOrTx, workspaceId: string, memberId: string, kind: 'INVITATION' | 'MESSAGE', windows: number[]): Promise<number[]> {
  const { rows } = await countSenderActionsQuery(db, { workspaceId, memberId, kind, from: Math.min(...windows), windows });
  const counts = rows[0] as Record<string, unknown>;
  return windows.map((_, i) => Number(counts[`w${i}`]));
}

const countRecordedActionsQuery = prepared((db, p: { workspaceId: string; memberId: string; kind: string; from: number; windows: number[] }) =>
  db
    .selectFrom('network_actions')
    .select((eb) => p.windows.map((w, i) => eb.fn.count(eb.case().when('created_at', '>=', w).then(sql.lit(1)).end()).as(`w${i}`)))
    .where('workspace_id', '=', p.workspaceId)
    .where('team_member_id', '=', p.memberId)
    .where('kind', '=', p.kind)
    .where('created_at', '>=', p.from)
    .where('status', '!=', 'FAILED'),
);

/** Like countSenderActions, but only the actions recorded in each window: a lower bound, from one index range. */
export async function countRecordedActions(db: DbOrTx, workspaceId: string, memberId: string, kind: 'INVITATION' | 'MESSAGE', windows: number[]): Promise<number[]> {
  const { rows } = await countRecordedActionsQuery(db, { workspaceId, memberId, kind, from: Math.min(...windows), windows });
  const counts = rows[0] as Record<string, unknown>;
  return windows.map((_, i) => Number(counts[`w${i}`]));
}

const countInvitationsToQuery = prepared((db, p: { workspaceId: string; urn: string; memberId: string; since: number }) =>
  db
    .selectFrom('network_actions')
    .select((eb) => [
      eb.fn.count<number>(eb.case().when('created_at', '>=', p.since).then(sql.lit(1)).end()).as('recent'),
      eb.fn.count<number>(eb.case().when('team_member_id', '=', p.memberId).then(sql.lit(1)).end()).as('byMember'),
    ])
    .where('workspace_id', '=', p.workspaceId)
    .where('contact_urn', '=', p.urn)
    .where('kind', '=', 'INVITATION')
    .where('status', '!=', 'FAILED'),
);

/** Invitations (not FAILED) to a person: from anyone of the workspace since `since`, and from one sender ever. */
export async function countInvitationsTo(db: DbOrTx, workspaceId: string, urn: string, memberId: string, since: number) {
  const [row] = (await countInvitationsToQuery(db, { workspaceId, urn, memberId, since })).rows;
  return { recent: Number(row!.recent), byMember: Number(row!.byMember) };
}

const findActionQuery = prepared((db, p: { key: string }) =>
  db.selectFrom('network_actions').select(['status', 'sent_at', 'provider_ref', 'last_error']).where('idempotency_key', '=', p.key),
);

export async function findAction(db: DbOrTx, key: string) {
  return (await findActionQuery(db, { key })).rows[0];
}
