import { sql } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { AccountRef } from '../provider.js';
import type { SandboxDbOrTx as DbOrTx, SandboxInvitationsTable, SandboxMessagesTable, SandboxRepliesTable } from './sandbox.table.js';

const findAccountQuery = prepared((db: DbOrTx, p: { workspaceId: string; teamMemberId: string }) =>
  db.selectFrom('sandbox_accounts').selectAll().where('workspace_id', '=', p.workspaceId).where('team_member_id', '=', p.teamMemberId),
);

export async function findAccount(db: DbOrTx, account: AccountRef) {
  return (await findAccountQuery(db, { workspaceId: account.workspaceId, teamMemberId: account.teamMemberId })).rows[0];
}

/** A null `urn` keeps the one the account has. */
export function upsertAccount(db: DbOrTx, account: AccountRef, state: string, at: number, urn: string | null) {
  return db
    .insertInto('sandbox_accounts')
    .values({ workspace_id: account.workspaceId, team_member_id: account.teamMemberId, state, urn, updated_at: at })
    .onConflict((oc) => oc.columns(['workspace_id', 'team_member_id']).doUpdateSet({ state, updated_at: at, ...(urn === null ? {} : { urn }) }))
    .execute();
}

export function listConnectedMembers(db: DbOrTx, workspaceId: string) {
  return db.selectFrom('sandbox_accounts').select(['team_member_id', 'urn']).where('workspace_id', '=', workspaceId).where('state', '=', 'CONNECTED').orderBy('team_member_id').execute();
}

export function insertConnection(db: DbOrTx, account: AccountRef, contactUrn: string, since: number) {
  return db
    .insertInto('sandbox_connections')
    .values({ workspace_id: account.workspaceId, team_member_id: account.teamMemberId, contact_urn: contactUrn, since })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

const pendingInvitationsQuery = prepared((db: DbOrTx, p: { workspaceId: string; teamMemberId: string; now: number }) => {
  const live = () =>
    db
      .selectFrom('sandbox_invitations')
      .select(['ref', 'contact_urn', 'sent_at'])
      .where('workspace_id', '=', p.workspaceId)
      .where('team_member_id', '=', p.teamMemberId)
      .where('withdrawn_at', 'is', null);
  // Never accepted, or accepted later than now: two ranges of one index (an OR would read
  // every accepted invitation too).
  return live()
    .where('accept_at', 'is', null)
    .unionAll(live().where('accept_at', '>', p.now))
    .orderBy('sent_at', 'desc')
    .orderBy('ref');
});

/** Invitations of the account neither withdrawn nor accepted by `now`, newest first. */
export async function listPendingInvitations(db: DbOrTx, account: AccountRef, now: number) {
  return (await pendingInvitationsQuery(db, { workspaceId: account.workspaceId, teamMemberId: account.teamMemberId, now })).rows;
}

/**
 * The accounts' states and, in the same read, where each stands with one person: connected
 * outright, any invitation not withdrawn, and whether one of those was accepted by `now`.
 */
export async function findRelations(db: DbOrTx, workspaceId: string, memberIds: string[], contactUrn: string, now: number) {
  if (memberIds.length === 0) return [];
  const { rows } = await findRelationsQuery(db, { workspaceId, memberIds, contactUrn, now });
  // SQLite answers EXISTS with 0/1, PostgreSQL with booleans.
  const byMember = new Map(rows.map((r) => [r.team_member_id, { state: r.state, connected: Boolean(r.connected), invited: Boolean(r.invited), accepted: Boolean(r.accepted) }]));
  return memberIds.map((id) => byMember.get(id));
}

const findRelationsQuery = prepared((db: DbOrTx, p: { workspaceId: string; memberIds: string[]; contactUrn: string; now: number }) =>
  db
    .selectFrom('sandbox_accounts as a')
    .select((eb) => {
      const live = () =>
        eb
          .selectFrom('sandbox_invitations as i')
          .select(sql.lit(1).as('one'))
          .whereRef('i.workspace_id', '=', 'a.workspace_id')
          .whereRef('i.team_member_id', '=', 'a.team_member_id')
          .where('i.contact_urn', '=', p.contactUrn)
          .where('i.withdrawn_at', 'is', null);
      const connection = eb
        .selectFrom('sandbox_connections as c')
        .select(sql.lit(1).as('one'))
        .whereRef('c.workspace_id', '=', 'a.workspace_id')
        .whereRef('c.team_member_id', '=', 'a.team_member_id')
        .where('c.contact_urn', '=', p.contactUrn);
      return [
        'a.team_member_id',
        'a.state',
        eb.exists(connection).as('connected'),
        eb.exists(live()).as('invited'),
        eb.exists(live().where('i.accept_at', '<=', p.now)).as('accepted'),
      ];
    })
    .where('a.workspace_id', '=', p.workspaceId)
    .where('a.team_member_id', 'in', p.memberIds),
);

const invitationContextQuery = prepared((db: DbOrTx, p: { workspaceId: string; teamMemberId: string; key: string; after: number }) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom('sandbox_invitations')
      .select('ref')
      .where('idempotency_key', '=', p.key)
      .unionAll(eb.selectFrom('sandbox_messages').select('ref').where('idempotency_key', '=', p.key))
      .limit(1)
      .as('received'),
    eb.selectFrom('sandbox_accounts').select('state').where('workspace_id', '=', p.workspaceId).where('team_member_id', '=', p.teamMemberId).as('state'),
    eb
      .selectFrom('sandbox_invitations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('workspace_id', '=', p.workspaceId)
      .where('team_member_id', '=', p.teamMemberId)
      .where('sent_at', '>', p.after)
      .as('sent_in_day'),
  ]),
);

/**
 * What sending an invitation checks, in one read: a send already received under the key, the
 * account, and its invitations sent strictly after `after` (a rolling window: a slot frees
 * exactly one window later).
 */
export async function findInvitationContext(db: DbOrTx, account: AccountRef, key: string, after: number) {
  const [row] = (await invitationContextQuery(db, { workspaceId: account.workspaceId, teamMemberId: account.teamMemberId, key, after })).rows;
  return { received: row!.received, account: row!.state === null ? undefined : { state: row!.state }, sentInDay: Number(row!.sent_in_day) };
}

/** Records an invitation unless one with the same key exists; either way returns the stored one. */
export async function insertInvitationOnce(db: DbOrTx, row: SandboxInvitationsTable) {
  const [inserted] = (await insertInvitationQuery(db, row)).rows;
  return inserted ?? db.selectFrom('sandbox_invitations').selectAll().where('idempotency_key', '=', row.idempotency_key).executeTakeFirstOrThrow();
}

const insertInvitationQuery = prepared((db: DbOrTx, row: SandboxInvitationsTable) =>
  db.insertInto('sandbox_invitations').values(row).onConflict((oc) => oc.column('idempotency_key').doNothing()).returningAll(),
);

export async function insertMessageOnce(db: DbOrTx, row: SandboxMessagesTable) {
  await db.insertInto('sandbox_messages').values(row).onConflict((oc) => oc.column('idempotency_key').doNothing()).execute();
  return db.selectFrom('sandbox_messages').selectAll().where('idempotency_key', '=', row.idempotency_key).executeTakeFirstOrThrow();
}

const withdrawQuery = prepared((db: DbOrTx, p: { ref: string; workspaceId: string; teamMemberId: string; at: number }) =>
  db
    .updateTable('sandbox_invitations')
    .set({ withdrawn_at: p.at })
    .where('ref', '=', p.ref)
    .where('workspace_id', '=', p.workspaceId)
    .where('team_member_id', '=', p.teamMemberId)
    .where('withdrawn_at', 'is', null),
);

/** Withdraws a live invitation of the account; false when there was none. */
export async function withdrawInvitation(db: DbOrTx, account: AccountRef, ref: string, at: number): Promise<boolean> {
  const { numAffectedRows } = await withdrawQuery(db, { ref, workspaceId: account.workspaceId, teamMemberId: account.teamMemberId, at });
  return Number(numAffectedRows ?? 0) > 0;
}

const receivedRefQuery = prepared((db: DbOrTx, p: { key: string }) =>
  db
    .selectFrom('sandbox_invitations')
    .select('ref')
    .where('idempotency_key', '=', p.key)
    .unionAll(db.selectFrom('sandbox_messages').select('ref').where('idempotency_key', '=', p.key)),
);

export async function findReceivedRef(db: DbOrTx, idempotencyKey: string): Promise<string | null> {
  return (await receivedRefQuery(db, { key: idempotencyKey })).rows[0]?.ref ?? null;
}

export function insertReply(db: DbOrTx, row: SandboxRepliesTable) {
  return db.insertInto('sandbox_replies').values(row).onConflict((oc) => oc.column('ref').doNothing()).execute();
}

/** Replies put into the sandbox for the account, sent in (after, upTo]. */
export function listReplies(db: DbOrTx, account: AccountRef, after: number, upTo: number) {
  return db
    .selectFrom('sandbox_replies')
    .selectAll()
    .where('workspace_id', '=', account.workspaceId)
    .where('team_member_id', '=', account.teamMemberId)
    .where('sent_at', '>', after)
    .where('sent_at', '<=', upTo)
    .execute();
}

/** Invitations of the account accepted in (after, upTo] and never withdrawn. */
export function listAcceptedInvitations(db: DbOrTx, account: AccountRef, after: number, upTo: number) {
  return db
    .selectFrom('sandbox_invitations')
    .select(['ref', 'contact_urn', 'accept_at'])
    .where('workspace_id', '=', account.workspaceId)
    .where('team_member_id', '=', account.teamMemberId)
    .where('withdrawn_at', 'is', null)
    .where('accept_at', '>', after)
    .where('accept_at', '<=', upTo)
    .execute();
}
