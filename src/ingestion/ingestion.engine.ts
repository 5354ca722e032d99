// The ingestion engine's worker steps: sync one due member, and re-score leads whose score has
// aged (set-based: one UPDATE per slice of a workspace's leads, whatever their number).
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../db/database.js';
import { workspaceTransaction, writeAfterWorkspaceLock } from '../db/workspace-lock.js';
import { NetworkError, type NetworkProvider } from '../network/provider.js';
import { boundWorkspaces } from '../network/bindings.repository.js';
import type { ProviderFor } from '../network/registry.js';
import type { Clock } from '../shared/clock.js';
import { HOT_SCORE, scoreCrossing } from '../leads/lead-events.js';
import { emitEvents, subscribedWorkspaces } from '../webhooks/outbox.js';
import { rescoreSql } from './scoring.js';
import { syncMember, type SyncProgress, type SyncResult } from './sync.js';
import { claimDueSyncs, finishSync, releaseSync, scheduleConnectedMembers, syncIntervalFor, type SyncSchedule } from './sync-schedule.js';

export interface IngestionDeps {
  db: Db;
  clock: Clock;
  networks: ProviderFor<NetworkProvider>;
  schedule: SyncSchedule;
}

/** Syncs one due member, if any; returns what it did (null: nothing was due; failed: the provider refused, the sync backs off). */
export async function syncNextDueMember(deps: IngestionDeps, signal: AbortSignal, log: Logger, options: { workspaceId?: string; progress?: SyncProgress } = {}): Promise<(SyncResult & { failed?: true }) | null> {
  const { db, clock, schedule } = deps;
  await scheduleConnectedMembers(db, clock.now(), options.workspaceId);
  const [claim] = await claimDueSyncs(db, clock.now(), schedule.leaseMs, 1, options.workspaceId);
  if (!claim) return null;
  const account = { workspaceId: claim.workspace_id, teamMemberId: claim.team_member_id };
  const network = await deps.networks(account.workspaceId);
  if (!network) {
    // Unbound since the claim: nothing is synced, and the claim goes back untouched.
    await releaseSync(db, claim);
    return { posts: 0, trackedPosts: 0, events: 0, created: 0, lookups: 0, aborted: true, refused: 0 };
  }
  try {
    const result = await syncMember({ db, network, now: () => clock.now() }, account, signal, options.progress);
    if (result.aborted) await releaseSync(db, claim);
    else await finishSync(db, claim, { ok: true, now: clock.now(), nextAt: clock.now() + syncIntervalFor(schedule, network.pace) });
    log.info({ ...account, ...result }, 'member synced');
    return result;
  } catch (err) {
    if (!(err instanceof NetworkError)) {
      await releaseSync(db, claim);
      throw err;
    }
    await finishSync(db, claim, { ok: false, now: clock.now(), error: `${err.kind}: ${err.message}`, schedule });
    log.warn({ ...account, kind: err.kind, failures: claim.failures + 1 }, 'member sync failed; backing off');
    return { posts: 0, trackedPosts: 0, events: 0, created: 0, lookups: 0, aborted: false, refused: 0, failed: true };
  }
}

/**
 * Brings every score down to what time has made of it, one set-based UPDATE per workspace. Only
 * the score is written, and only where it changes (a score never rises with time, so leads at 0
 * are skipped): the stored mass keeps its own anchor (mass_at), which folding ages when needed.
 * Only workspaces bound to a network: one bound to none changes only through the API and CLI.
 * Each workspace's write takes the workspace first (db/workspace-lock.ts): one UPDATE over all
 * workspaces took leads before their workspaces' rows, the order that deadlocks against a fold or
 * a PATCH on PostgreSQL.
 */
export async function rescoreLeads(db: Db, now: number, workspaceId?: string): Promise<number> {
  const bound = await boundWorkspaces(db, 'network')
    .$if(workspaceId !== undefined, (qb) => qb.where('workspace_id', '=', workspaceId!))
    .orderBy('workspace_id')
    .execute();
  let count = 0;
  for (const { workspace_id } of bound) count += await rescoreWorkspace(db, now, workspace_id);
  return count;
}

/**
 * Leads re-scored per statement. Each slice is its own short write, and the next waits for the
 * event loop's turn. As one UPDATE, every score of a 1M-lead workspace changing held SQLite's
 * writer, and with it the serving thread, for 29 s, and PostgreSQL's statement timeout (60 s)
 * cancelled it, so the scores never decayed (`npm run bench:ingest`, docs/ingestion.md).
 */
export const RESCORE_SLICE = 5_000;

async function rescoreWorkspace(db: Db, now: number, workspaceId: string): Promise<number> {
  let count = 0;
  for (let after: string | null = null; ; ) {
    // The slice's last id, by the primary key: null when fewer than a slice are left.
    const last = await db
      .selectFrom('leads')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .$if(after !== null, (qb) => qb.where('id', '>', after!))
      .orderBy('id')
      .limit(1)
      .offset(RESCORE_SLICE - 1)
      .executeTakeFirst();
    count += await rescoreSlice(db, now, workspaceId, after, last?.id ?? null);
    if (last === undefined) return count;
    after = last.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Re-scores the workspace's leads with ids in (after, upto]; null bounds are open. */
async function rescoreSlice(db: Db, now: number, workspaceId: string, after: string | null, upto: string | null): Promise<number> {
  const { score } = rescoreSql(now);
  const inSlice = sql<boolean>`${sql.join(
    [sql`workspace_id = ${workspaceId}`, ...(after === null ? [] : [sql`id > ${after}`]), ...(upto === null ? [] : [sql`id <= ${upto}`])],
    sql` and `,
  )}`;
  // Decay never raises a score: a crossing of the hot line is a lead cooling below it, an event
  // for a workspace whose webhooks want lead.updated. Looked for first (a read, no lock): a
  // transaction for the events and the update is opened only when there are some.
  const cooling = (q: DbOrTx) =>
    q
      .selectFrom('leads')
      .select(['id', 'engagement_score', score.as('after')])
      .where(inSlice)
      .where('workspace_id', 'in', subscribedWorkspaces(q, 'lead.updated'))
      .where('engagement_score', '>=', HOT_SCORE)
      .where(score, '<', HOT_SCORE)
      .where('engagement_mass', 'is not', null)
      .execute();
  const rescore = async (q: DbOrTx) => {
    const result = await q
      .updateTable('leads')
      .set({ engagement_score: score })
      .where(inSlice)
      .where('engagement_mass', 'is not', null)
      .where('engagement_score', '>', 0)
      .where('engagement_score', '!=', score)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  };
  if ((await cooling(db)).length === 0) return writeAfterWorkspaceLock(db, workspaceId, rescore);
  return workspaceTransaction(db, workspaceId, async (tx) => {
    await emitEvents(tx, workspaceId, now, (await cooling(tx)).map((l) => scoreCrossing(l.id, Number(l.engagement_score), Number(l.after))!));
    return rescore(tx);
  });
}
