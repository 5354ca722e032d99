// When each CONNECTED member is synced, and by whom: one member_syncs row per member, claimed
// with a lease (FOR UPDATE SKIP LOCKED on PostgreSQL, as claimDueActions does) so two worker
// processes never sync the same member at once; a failure backs off exponentially.
import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { isPostgres } from '../db/dialect.js';
import { boundWorkspaces } from '../network/bindings.repository.js';
import { backoffMs, pacedInterval } from '../shared/time.js';

export interface SyncSchedule {
  /** Pause between two successful syncs of a member. */
  intervalMs: number;
  /** How long a claim holds; a crashed worker's claim frees itself after it. */
  leaseMs: number;
  /** First back-off after a failure; doubles with each further failure up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_SYNC_SCHEDULE: SyncSchedule = { intervalMs: 15 * 60_000, leaseMs: 10 * 60_000, backoffMs: 60_000, maxBackoffMs: 6 * 3_600_000 };

/** A network living faster than real time (the demo's) is synced this often at most. */
export const PACED_SYNC_FLOOR_MS = 15_000;

/**
 * The pause before a member's next sync: the schedule's interval, shortened by the network's
 * pace (a demo network that lives a day every 20 s has news every few seconds), but never under
 * PACED_SYNC_FLOOR_MS of clock time unless the interval itself is shorter.
 */
export function syncIntervalFor(schedule: SyncSchedule, pace = 1): number {
  return pacedInterval(schedule.intervalMs, pace, PACED_SYNC_FLOOR_MS);
}

export function backoffAfter(schedule: SyncSchedule, failures: number): number {
  return backoffMs(schedule.backoffMs, schedule.maxBackoffMs, failures);
}

/**
 * Gives every CONNECTED member of a workspace bound to a network a schedule row (due at once); a
 * member no longer connected, or of a workspace unbound since, is skipped by the claim.
 */
export function scheduleConnectedMembers(db: DbOrTx, now: number, workspaceId?: string) {
  const members = db
    .selectFrom('team_members')
    .select(['workspace_id', 'id as team_member_id', sql<number>`${now}`.as('next_sync_at'), sql<number>`0`.as('failures')])
    .where('integration_status', '=', 'CONNECTED')
    .where('workspace_id', 'in', boundWorkspaces(db, 'network'))
    .$if(workspaceId !== undefined, (q) => q.where('workspace_id', '=', workspaceId!));
  return db
    .insertInto('member_syncs')
    .columns(['workspace_id', 'team_member_id', 'next_sync_at', 'failures'])
    .expression(members)
    .onConflict((oc) => oc.columns(['workspace_id', 'team_member_id']).doNothing())
    .execute();
}

/** Claims up to `limit` due syncs of CONNECTED members of bound workspaces in one statement; the claim condition is re-checked in the UPDATE. */
export function claimDueSyncs(db: DbOrTx, now: number, leaseMs: number, limit: number, workspaceId?: string) {
  const free = (eb: any) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]);
  const due = db
    .selectFrom('member_syncs as s')
    .innerJoin('team_members as m', (j) => j.onRef('m.workspace_id', '=', 's.workspace_id').onRef('m.id', '=', 's.team_member_id'))
    .select(['s.workspace_id', 's.team_member_id'])
    .where('m.integration_status', '=', 'CONNECTED')
    .where('s.workspace_id', 'in', boundWorkspaces(db, 'network'))
    .where('s.next_sync_at', '<=', now)
    .where((eb) => eb.or([eb('s.claimed_until', 'is', null), eb('s.claimed_until', '<', now)]))
    .$if(workspaceId !== undefined, (q) => q.where('s.workspace_id', '=', workspaceId!))
    .orderBy('s.next_sync_at')
    .limit(limit)
    .$if(isPostgres(db), (q) => q.forUpdate('s').skipLocked());
  return db
    .updateTable('member_syncs')
    .set({ claimed_until: now + leaseMs })
    .where((eb) => eb(eb.refTuple('workspace_id', 'team_member_id'), 'in', due as any))
    .where('next_sync_at', '<=', now)
    .where(free)
    .returningAll()
    .execute();
}

export type ClaimedSync = Awaited<ReturnType<typeof claimDueSyncs>>[number];

export function finishSync(db: DbOrTx, row: ClaimedSync, outcome: { ok: true; now: number; nextAt: number } | { ok: false; now: number; error: string; schedule: SyncSchedule }) {
  const q = db.updateTable('member_syncs').where('workspace_id', '=', row.workspace_id).where('team_member_id', '=', row.team_member_id);
  if (outcome.ok) return q.set({ claimed_until: null, failures: 0, last_error: null, last_synced_at: outcome.now, next_sync_at: outcome.nextAt }).execute();
  const failures = row.failures + 1;
  return q.set({ claimed_until: null, failures, last_error: outcome.error, next_sync_at: outcome.now + backoffAfter(outcome.schedule, failures) }).execute();
}

/** Gives the claim back untouched (the worker stopped mid-sync): the member is due again at once. */
export function releaseSync(db: DbOrTx, row: ClaimedSync) {
  return db.updateTable('member_syncs').set({ claimed_until: null }).where('workspace_id', '=', row.workspace_id).where('team_member_id', '=', row.team_member_id).execute();
}
