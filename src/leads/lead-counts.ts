// Exact totals kept as counters (docs/leads-total.md): one lead_counts row per workspace ×
// status × created UTC day × email presence. Every lead write goes through adjustLeadCount in
// the same transaction; bulk loaders (snapshot import) call rebuildLeadCounts afterwards.
import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { DAY_MS } from '../shared/time.js';
import type { LeadFilters } from './leads.repository.js';
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

/** Adds `delta` (+1 insert, -1 delete) for one lead's buckets. Call inside the writing transaction. */
export async function adjustLeadCount(db: DbOrTx, workspaceId: string, lead: CountedLead, delta: number): Promise<void> {
  const bucket = { workspace_id: workspaceId, status: lead.status, enriched: lead.contact_email === null ? 0 : 1, count: delta };
  await db
    .insertInto('lead_counts')
    .values([{ ...bucket, day: dayOf(lead.created_at) }, { ...bucket, day: ALL_DAYS }])
    .onConflict((oc) => oc.columns(['workspace_id', 'status', 'day', 'enriched']).doUpdateSet({ count: sql`lead_counts.count + excluded.count` }))
    .execute();
}

/** adjustLeadCount for many leads at once: one multi-row upsert per transaction (ingestion folds pages). */
export async function adjustLeadCounts(db: DbOrTx, workspaceId: string, leads: readonly CountedLead[], delta: number): Promise<void> {
  const buckets = new Map<string, { workspace_id: string; status: string; day: number; enriched: number; count: number }>();
  for (const lead of leads) {
    const enriched = lead.contact_email === null ? 0 : 1;
    for (const day of [dayOf(lead.created_at), ALL_DAYS]) {
      const key = `${lead.status}/${day}/${enriched}`;
      const bucket = buckets.get(key);
      if (bucket) bucket.count += delta;
      else buckets.set(key, { workspace_id: workspaceId, status: lead.status, day, enriched, count: delta });
    }
  }
  if (buckets.size === 0) return;
  await db
    .insertInto('lead_counts')
    .values([...buckets.values()])
    .onConflict((oc) => oc.columns(['workspace_id', 'status', 'day', 'enriched']).doUpdateSet({ count: sql`lead_counts.count + excluded.count` }))
    .execute();
}

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
