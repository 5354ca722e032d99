// Exact totals kept as counters (docs/leads-total.md), in the writing transaction:
// - lead_counts: workspace × status × email presence × a block of created days, each lead in its
//   day, its 16-day and 256-day blocks and the all-time row, so a date range sums O(log n) rows;
// - lead_company_counts, lead_post_counts: workspace × company (source post) × status × email.
// Every lead write goes through applyLeadCountDeltas; bulk loaders (snapshot import) call
// rebuildLeadCounts afterwards. countLeads answers a list's `total` from them.
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { DAY_MS } from '../shared/time.js';
import { rangeHoldsGroup, selectGroupCount, type LeadFilters } from './leads-page.query.js';
import type { LeadsTable } from '../db/schema/leads.table.js';
import { LEAD_STATUSES } from './leads.schemas.js';

/** What the counters count a lead by. */
export type CountedLead = Pick<LeadsTable, 'status' | 'contact_email' | 'company_id' | 'source_post_id'> & { created_at: number };

/** Block widths in days, finest first; each is 16 × the previous, so a range has ≤ 15 blocks of each at each end. */
const SPANS = [1, 16, 256] as const;
/** The all-time row's span (its day is 0): totals without dates read one row per status × email. */
const ALL_TIME = 0;
/** Day bounds of an open-ended range (the day column is a 32-bit integer on PostgreSQL). */
const MIN_DAY = -(2 ** 31);
const MAX_DAY = 2 ** 31 - 1;

const dayOf = (ms: number) => Math.floor(ms / DAY_MS);
const blockOf = (day: number, span: number) => Math.floor(day / span) * span;
/** floor(x / n) in SQL: both engines' integer division truncates towards zero, which differs below 0 (before 1970). */
const floorDiv = (x: RawBuilder<unknown>, n: number) => sql<number>`((${x} - ((${x} % ${sql.lit(n)}) + ${sql.lit(n)}) % ${sql.lit(n)}) / ${sql.lit(n)})`;
const enrichedExpr = sql<number>`case when contact_email is null then 0 else 1 end`;
const enrichedOf = (lead: CountedLead) => (lead.contact_email === null ? 0 : 1);

/** A total's counter rows: the summed counts, and the rows' status and email presence. */
const SUMMED = sql<number>`coalesce(sum(count), 0)`.as('n');
/** IN over the visible statuses (not != DISCARDED) keeps the rest inside the primary key. */
const countedStatuses = (f: LeadFilters) => (f.status ? [f.status] : [...LEAD_STATUSES]);
const countedEnriched = (f: LeadFilters) => (f.emailEnriched === null ? null : f.emailEnriched ? 1 : 0);

/** Sums deltas per key, keeping the row each key stands for. */
class Deltas<R extends object> {
  private readonly rows = new Map<string, R & { count: number }>();
  add(key: readonly (string | number)[], row: R, delta: number) {
    const k = JSON.stringify(key);
    const kept = this.rows.get(k);
    if (kept) kept.count += delta;
    else this.rows.set(k, { ...row, count: delta });
  }
  /** The non-zero rows, sorted: concurrent writers lock shared rows in the same order. */
  nonZero(order: (a: R, b: R) => number) {
    return [...this.rows.values()].filter((r) => r.count !== 0).sort(order);
  }
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Applies each lead's delta to its counter rows, one multi-row upsert per table in a fixed order
 * (lead_counts, companies, posts), rows in primary-key order: concurrent writers (a PATCH, an
 * ingestion round) then lock shared rows in the same order, where two upserts in different orders
 * deadlocked on PostgreSQL under the cold bench's writer.
 */
export async function applyLeadCountDeltas(db: DbOrTx, workspaceId: string, changes: readonly { lead: CountedLead; delta: number }[]): Promise<void> {
  const dated = new Deltas<{ workspace_id: string; status: string; span: number; day: number; enriched: number }>();
  const companies = new Deltas<{ workspace_id: string; company_id: number; status: string; enriched: number }>();
  const posts = new Deltas<{ workspace_id: string; post_id: string; status: string; enriched: number }>();
  for (const { lead, delta } of changes) {
    const { status } = lead;
    const enriched = enrichedOf(lead);
    const day = dayOf(Number(lead.created_at));
    for (const [span, start] of [[ALL_TIME, 0], ...SPANS.map((s) => [s, blockOf(day, s)])] as const) {
      dated.add([status, span, start, enriched], { workspace_id: workspaceId, status, span, day: start, enriched }, delta);
    }
    const companyId = lead.company_id === null ? null : Number(lead.company_id);
    if (companyId !== null) companies.add([companyId, status, enriched], { workspace_id: workspaceId, company_id: companyId, status, enriched }, delta);
    if (lead.source_post_id !== null) posts.add([lead.source_post_id, status, enriched], { workspace_id: workspaceId, post_id: lead.source_post_id, status, enriched }, delta);
  }
  const plus = (table: string) => ({ count: sql<number>`${sql.ref(`${table}.count`)} + excluded.count` });
  const datedRows = dated.nonZero((a, b) => byText(a.status, b.status) || a.span - b.span || a.day - b.day || a.enriched - b.enriched);
  if (datedRows.length > 0) {
    await db.insertInto('lead_counts').values(datedRows)
      .onConflict((oc) => oc.columns(['workspace_id', 'status', 'span', 'day', 'enriched']).doUpdateSet(plus('lead_counts'))).execute();
  }
  const companyRows = companies.nonZero((a, b) => a.company_id - b.company_id || byText(a.status, b.status) || a.enriched - b.enriched);
  if (companyRows.length > 0) {
    await db.insertInto('lead_company_counts').values(companyRows)
      .onConflict((oc) => oc.columns(['workspace_id', 'company_id', 'status', 'enriched']).doUpdateSet(plus('lead_company_counts'))).execute();
  }
  const postRows = posts.nonZero((a, b) => byText(a.post_id, b.post_id) || byText(a.status, b.status) || a.enriched - b.enriched);
  if (postRows.length > 0) {
    await db.insertInto('lead_post_counts').values(postRows)
      .onConflict((oc) => oc.columns(['workspace_id', 'post_id', 'status', 'enriched']).doUpdateSet(plus('lead_post_counts'))).execute();
  }
}

/** Adds `delta` (+1 insert, -1 delete) for one lead's rows. Call inside the writing transaction. */
export const adjustLeadCount = (db: DbOrTx, workspaceId: string, lead: CountedLead, delta: number) => applyLeadCountDeltas(db, workspaceId, [{ lead, delta }]);

/** A lead moves between counter rows (its status, email or company changed): -1 on the old ones, +1 on the new. */
export const moveLeadCount = (db: DbOrTx, workspaceId: string, before: CountedLead, after: CountedLead) =>
  applyLeadCountDeltas(db, workspaceId, [{ lead: before, delta: -1 }, { lead: after, delta: 1 }]);

/** The leads of one workspace counted by everything a counter counts by (rebuildLeadCounts's temporary table). */
type LeadCountGroups = {
  lead_count_groups: { workspace_id: string; status: string; day: number; enriched: number; company_id: number | null; post_id: string | null; count: number };
};

/**
 * Recomputes a workspace's counters from its leads (after a bulk load). Runs in a transaction.
 * The leads are read once, into their counts by status, day, email, company and post (44,004
 * rows for the 1M-lead benchmark workspace), from which each counter table sums its own: reading
 * them once per table took three times as long.
 */
export async function rebuildLeadCounts(db: DbOrTx, workspaceId: string): Promise<void> {
  const run = async (tx: DbOrTx) => {
    for (const table of ['lead_counts', 'lead_company_counts', 'lead_post_counts'] as const) await tx.deleteFrom(table).where('workspace_id', '=', workspaceId).execute();
    const dayExpr = floorDiv(sql.ref('created_at'), DAY_MS);
    const grouped = tx
      .selectFrom('leads')
      .select(['workspace_id', 'status', dayExpr.as('day'), enrichedExpr.as('enriched'), 'company_id', sql.ref('source_post_id').as('post_id'), sql<number>`count(*)`.as('count')])
      .where('workspace_id', '=', workspaceId)
      .groupBy(['workspace_id', 'status', dayExpr, enrichedExpr, 'company_id', 'source_post_id']);
    // Created and dropped inside the transaction: a rollback takes it away too.
    await tx.schema.createTable('lead_count_groups').temporary().as(grouped).execute();
    const groups = tx.withTables<LeadCountGroups>();
    const total = sql<number>`sum(count)`.as('count');
    const perDay = groups
      .selectFrom('lead_count_groups')
      .select(['workspace_id', 'status', sql.lit(1).as('span'), 'day', 'enriched', total])
      .groupBy(['workspace_id', 'status', 'day', 'enriched']);
    const columns = ['workspace_id', 'status', 'span', 'day', 'enriched', 'count'] as const;
    await tx.insertInto('lead_counts').columns(columns).expression(perDay).execute();
    for (const span of [...SPANS.slice(1), ALL_TIME]) {
      const start = span === ALL_TIME ? sql.lit(0) : sql<number>`${floorDiv(sql.ref('day'), span)} * ${sql.lit(span)}`;
      const blocks = tx
        .selectFrom('lead_counts')
        .select(['workspace_id', 'status', sql.lit(span).as('span'), start.as('day'), 'enriched', total])
        .where('workspace_id', '=', workspaceId)
        .where('span', '=', 1)
        // A literal in GROUP BY would be a column's position to SQLite: the all-time row groups without it.
        .groupBy(span === ALL_TIME ? ['workspace_id', 'status', 'enriched'] : ['workspace_id', 'status', start, 'enriched']);
      await tx.insertInto('lead_counts').columns(columns).expression(blocks).execute();
    }
    const perCompany = groups
      .selectFrom('lead_count_groups')
      .select(['workspace_id', 'company_id', 'status', 'enriched', total])
      .where('company_id', 'is not', null)
      .groupBy(['workspace_id', 'company_id', 'status', 'enriched']);
    await tx.insertInto('lead_company_counts').columns(['workspace_id', 'company_id', 'status', 'enriched', 'count']).expression(perCompany).execute();
    const perPost = groups
      .selectFrom('lead_count_groups')
      .select(['workspace_id', 'post_id', 'status', 'enriched', total])
      .where('post_id', 'is not', null)
      .groupBy(['workspace_id', 'post_id', 'status', 'enriched']);
    await tx.insertInto('lead_post_counts').columns(['workspace_id', 'post_id', 'status', 'enriched', 'count']).expression(perPost).execute();
    await tx.schema.dropTable('lead_count_groups').execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}

/**
 * The days [from, to) as aligned blocks: the finest span at the ends, up to the next coarser
 * boundary, then the coarser spans inwards. Each piece is a primary-key range of lead_counts. A
 * range no wider than two coarser blocks stays one piece of the finer span (≤ 32 rows, one range
 * read instead of three).
 */
function dayRangePieces(from: number, to: number): { span: number; from: number; to: number }[] {
  const pieces: { span: number; from: number; to: number }[] = [];
  let lo = from;
  let hi = to;
  for (let i = 0; i < SPANS.length - 1 && lo < hi; i++) {
    const span = SPANS[i]!;
    const coarser = SPANS[i + 1]!;
    if (hi - lo <= 2 * coarser) {
      pieces.push({ span, from: lo, to: hi });
      return pieces;
    }
    const up = Math.min(Math.ceil(lo / coarser) * coarser, hi);
    if (lo < up) pieces.push({ span, from: lo, to: up });
    lo = up;
    const down = Math.max(Math.floor(hi / coarser) * coarser, lo);
    if (down < hi) pieces.push({ span, from: down, to: hi });
    hi = down;
  }
  if (lo < hi) pieces.push({ span: SPANS[SPANS.length - 1]!, from: lo, to: hi });
  return pieces;
}

/**
 * A company's or a post's total without dates, from its counters; with a date range, in one
 * statement, those counters when the range holds all its leads (rangeHoldsGroup), else an
 * index-only count over its entries in the range (selectGroupCount). Each database runs only the
 * branch the condition takes. A company with a post has no counters: always that count, over the
 * post's entries, which hold the company.
 */
export function selectGroupTotal(db: DbOrTx, workspaceId: string, f: LeadFilters) {
  if (f.companyIds !== null && f.postId !== null) return selectGroupCount(db, workspaceId, f);
  const statuses = countedStatuses(f);
  const enriched = countedEnriched(f);
  const counters = f.companyIds !== null
    ? db.selectFrom('lead_company_counts').select(SUMMED).where('workspace_id', '=', workspaceId).where('company_id', 'in', f.companyIds).where('status', 'in', statuses).$if(enriched !== null, (q) => q.where('enriched', '=', enriched!))
    : db.selectFrom('lead_post_counts').select(SUMMED).where('workspace_id', '=', workspaceId).where('post_id', '=', f.postId!).where('status', 'in', statuses).$if(enriched !== null, (q) => q.where('enriched', '=', enriched!));
  if (f.from === null && f.to === null) return counters;
  const held = rangeHoldsGroup(db, workspaceId, f);
  if (!held) return selectGroupCount(db, workspaceId, f);
  return db.selectNoFrom(sql<number>`case when ${held} then (${counters}) else (${selectGroupCount(db, workspaceId, f)}) end`.as('n'));
}

/** A list's exact total. Status, dates and email: the lead_counts pieces of the range. A company or a post: selectGroupTotal. */
export async function countLeads(db: DbOrTx, workspaceId: string, f: LeadFilters): Promise<number> {
  if (f.companyIds !== null || f.postId !== null) return Number((await selectGroupTotal(db, workspaceId, f).executeTakeFirstOrThrow()).n);
  const dated = f.from !== null || f.to !== null;
  const statuses = countedStatuses(f);
  const enriched = countedEnriched(f);
  const pieces = dated ? dayRangePieces(f.from === null ? MIN_DAY : dayOf(f.from), f.to === null ? MAX_DAY : dayOf(f.to)) : [{ span: ALL_TIME, from: 0, to: 1 }];
  if (pieces.length === 0) return 0;
  const piece = (p: (typeof pieces)[number]) => {
    let q = db.selectFrom('lead_counts').select(SUMMED).where('workspace_id', '=', workspaceId).where('status', 'in', statuses)
      .where('span', '=', p.span).where('day', '>=', p.from).where('day', '<', p.to);
    if (enriched !== null) q = q.where('enriched', '=', enriched);
    return q;
  };
  const query = pieces.length === 1 ? piece(pieces[0]!) : db.selectFrom(pieces.map(piece).reduce((all, q) => all.unionAll(q)).as('pieces')).select(sql<number>`coalesce(sum(n), 0)`.as('n'));
  return Number((await query.executeTakeFirstOrThrow()).n);
}
