// Exact totals kept as counters (docs/leads-total.md): one lead_counts row per workspace ×
// status × created UTC day × email presence. Every lead write goes through applyLeadCountDeltas in
// the same transaction; bulk loaders (snapshot import) call rebuildLeadCounts afterwards.
import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { DAY_MS } from '../shared/time.js';
import type { LeadFilters } from './leads-page.query.js';
import { LEAD_STATUSES } from './leads.schemas.js';

export interface CountedLead {
  status: string;
  created_at: number;
  contact_email: string | null;
}

const dayOf = (ms: number) => Math.floor(ms / DAY_MS);
/** The all-time bucket of a status × email pair: totals without a date filter sum ≤ 6 rows. */
const ALL_DAYS = -1;
// Integer division in both dialects (created_at is a positive bigint); a literal, so GROUP BY matches the SELECT.
const dayExpr = sql<number>`created_at / ${sql.lit(DAY_MS)}`;
const enrichedExpr = sql<number>`case when contact_email is null then 0 else 1 end`;

/**
 * Applies each lead's delta to its buckets (its day and the all-time one) in one multi-row upsert,
 * inside the writing transaction. The rows go in one fixed order (status, day, email): concurrent
 * writers (a PATCH, an ingestion round) then lock shared buckets in the same order, where two
 * separate upserts in different orders deadlocked on PostgreSQL under the cold bench's writer.
 */
export async function applyLeadCountDeltas(db: DbOrTx, workspaceId: string, changes: readonly { lead: CountedLead; delta: number }[]): Promise<void> {
  const buckets = new Map<string, { workspace_id: string; status: string; day: number; enriched: number; count: number }>();
  for (const { lead, delta } of changes) {
    const enriched = lead.contact_email === null ? 0 : 1;
    for (const day of [dayOf(lead.created_at), ALL_DAYS]) {
      const key = `${lead.status}/${day}/${enriched}`;
      const bucket = buckets.get(key);
      if (bucket) bucket.count += delta;
      else buckets.set(key, { workspace_id: workspaceId, status: lead.status, day, enriched, count: delta });
    }
  }
  const rows = [...buckets.values()]
    .filter((b) => b.count !== 0)
    .sort((a, b) => (a.status < b.status ? -1 : a.status > b.status ? 1 : a.day - b.day || a.enriched - b.enriched));
  if (rows.length === 0) return;
  await db
    .insertInto('lead_counts')
    .values(rows)
    .onConflict((oc) => oc.columns(['workspace_id', 'status', 'day', 'enriched']).doUpdateSet({ count: sql`lead_counts.count + excluded.count` }))
    .execute();
}

/** Adds `delta` (+1 insert, -1 delete) for one lead's buckets. Call inside the writing transaction. */
export const adjustLeadCount = (db: DbOrTx, workspaceId: string, lead: CountedLead, delta: number) => applyLeadCountDeltas(db, workspaceId, [{ lead, delta }]);

/** A lead moves between buckets (its status or email changed): -1 on the old ones, +1 on the new, in one upsert. */
export const moveLeadCount = (db: DbOrTx, workspaceId: string, before: CountedLead, after: CountedLead) =>
  applyLeadCountDeltas(db, workspaceId, [{ lead: before, delta: -1 }, { lead: after, delta: 1 }]);

/** Recomputes a workspace's counters from its leads (after a bulk load). Runs in a transaction. */
export async function rebuildLeadCounts(db: DbOrTx, workspaceId: string): Promise<void> {
  const run = async (tx: DbOrTx) => {
    await tx.deleteFrom('lead_counts').where('workspace_id', '=', workspaceId).execute();
    const perDay = tx
      .selectFrom('leads')
      .select([
        'workspace_id',
        'status',
        dayExpr.as('day'),
        enrichedExpr.as('enriched'),
        sql<number>`count(*)`.as('count'),
      ])
      .where('workspace_id', '=', workspaceId)
      .groupBy(['workspace_id', 'status', dayExpr, enrichedExpr]);
    await tx.insertInto('lead_counts').columns(['workspace_id', 'status', 'day', 'enriched', 'count']).expression(perDay).execute();
    const allDays = tx
      .selectFrom('lead_counts')
      .select(['workspace_id', 'status', sql<number>`${sql.lit(ALL_DAYS)}`.as('day'), 'enriched', sql<number>`sum(count)`.as('count')])
      .where('workspace_id', '=', workspaceId)
      .groupBy(['workspace_id', 'status', 'enriched']);
    await tx.insertInto('lead_counts').columns(['workspace_id', 'status', 'day', 'enriched', 'count']).expression(allDays).execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}

/** The total for filters on status, created day and email presence only (company/post filters count directly). */
export async function sumLeadCounts(db: DbOrTx, workspaceId: string, f: LeadFilters): Promise<number> {
  let q = db.selectFrom('lead_counts').select(sql<number>`coalesce(sum(count), 0)`.as('n')).where('workspace_id', '=', workspaceId);
  // IN over the visible statuses (not != DISCARDED) keeps the day range inside the primary key.
  q = q.where('status', 'in', f.status ? [f.status] : [...LEAD_STATUSES]);
  if (f.from === null && f.to === null) q = q.where('day', '=', ALL_DAYS);
  else q = q.where('day', '>=', f.from === null ? 0 : dayOf(f.from)).where('day', '<', f.to === null ? 2_147_483_647 : dayOf(f.to));
  if (f.emailEnriched !== null) q = q.where('enriched', '=', f.emailEnriched ? 1 : 0);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}
