// The lead list's page and count queries, written so that each has exactly one index to use
// (docs/leads-cold.md): the filter that drives the page is compared on its plain column, every
// other filter on an expression of it (`created_at + 0`, `status || ''`), which no index serves,
// so neither engine can start from a date or status index and sort the whole matching set.
// A date range sorted by touch or engagement is read bucket by bucket (migration 0050) and merged;
// under a company or a post, from its own index, the range checked in the index (migration 0086).
import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database, DbOrTx } from '../db/database.js';
import { walkedRange, type Condition, type SortColumn } from '../db/keyset.js';
import { indexedBy, isPostgres } from '../db/dialect.js';
import { reboundCopies } from '../db/precompiled.js';
import { DISCARDED } from './leads.repository.js';
import { LEAD_STATUSES } from './leads.schemas.js';

/** The WHERE of the status × sort indexes (migration 0011), word for word so both engines use them. */
const TRIAGED = sql<SqlBool>`status not in ('NEW', 'DISCARDED')`;
/** The width of a created_at bucket of the leads_bucket_* indexes: 16 days, as migration 0050 wrote it. */
export const BUCKET_MS = 1_382_400_000;
const bucketOf = sql<number>`created_at / ${sql.lit(BUCKET_MS)}`;
/** Where a bucket plan's run binds its bucket, before each run's own is bound in its place. */
const BUCKET_MARK = 'the run\'s bucket';
/**
 * The bucket of a time, as the index computes it: both engines' integer division truncates towards
 * zero, so bucket 0 holds the 16 days either side of 1970-01-01 (`|| 0`: never -0).
 */
const bucketAt = (ms: number) => Math.trunc(ms / BUCKET_MS) || 0;

/** The list filters, resolved: epoch-ms bounds, company ids found for company_public_id. */
export interface LeadFilters {
  /** Inclusive lower bound on created_at (always 00:00:00Z of a day). */
  from: number | null;
  /** Exclusive upper bound on created_at (always 00:00:00Z of a day). */
  to: number | null;
  status: string | null;
  /** null: no company filter; []: the filter matched no company. */
  companyIds: number[] | null;
  postId: string | null;
  emailEnriched: boolean | null;
}

/**
 * How a page is read. `index`: one index in sort order — the company's, the post's, the triaged
 * status's (partial) or the workspace-wide one — from the cursor on. `group`: a company or a post
 * with a date range, sorted by touch or engagement, or a company with a post, any sort: the
 * company's (post's) index in sort order, its entries checked against the range, the status (and
 * the company) in the index, then the page's rows by key. `buckets`: a date range sorted by touch
 * or engagement, one sorted run per created_at bucket from `first` to `last`, merged. `empty`: the
 * filters can match nothing (a reversed range, dates outside every lead).
 */
export type LeadPagePlan = { kind: 'index' } | { kind: 'group' } | { kind: 'buckets'; first: number; last: number } | { kind: 'empty' };

/**
 * The index a page starts from; `buckets`: the created_at buckets (the runs of a bucket plan). A
 * company with a post: the post's, whose entries hold the company (migration 0091).
 */
type Driver = 'company' | 'post' | 'status' | 'workspace' | 'buckets';
const driverOf = (f: LeadFilters): Driver =>
  f.postId !== null ? 'post' : f.companyIds ? 'company' : f.status !== null && f.status !== 'NEW' ? 'status' : 'workspace';

/**
 * A column no index can serve: the filter is checked on rows (or index entries) another filter
 * found. They are used only where the driving index is the right choice anyway; PostgreSQL keeps
 * statistics on them (migrations 0089, 0091), without which it assumed an equality or a two-sided
 * range keeps 0.5 % of the entries.
 */
const numeric = (column: string) => sql`(${sql.ref(column)} + 0)`;
const textual = (column: string) => sql`(${sql.ref(column)} || '')`;

/** The company and the post filters: the driver's on its column, the other on an expression of it. */
function scoped(q: SelectQueryBuilder<Database, 'leads', {}>, f: LeadFilters, driver: Driver): SelectQueryBuilder<Database, 'leads', {}> {
  const company = driver === 'company' ? sql.ref('company_id') : numeric('company_id');
  if (f.companyIds) q = f.companyIds.length === 1 ? q.where(company, '=', f.companyIds[0]!) : q.where(company, 'in', f.companyIds);
  if (f.postId !== null) q = q.where(driver === 'post' ? sql.ref('source_post_id') : textual('source_post_id'), '=', f.postId);
  return q;
}

/**
 * The filters of a page: `datesDrive` when created_at is the range of the index walked (`cursor`:
 * the walk's direction past a position, keyset.ts walkedRange). A company or a post always drives
 * on its own index (a company with a post, on the post's); sorted by touch or engagement, its dates
 * are checked on its entries.
 */
function filtered(db: DbOrTx, workspaceId: string, f: LeadFilters, driver: Driver, datesDrive: boolean, cursor: 'asc' | 'desc' | null = null): SelectQueryBuilder<Database, 'leads', {}> {
  // A company's or a post's own created_at index, named on SQLite (db/dialect.ts indexedBy) when a
  // page sorted by creation takes its date range: the two-sided range would otherwise make SQLite
  // read the workspace-wide created_at index and check the company on every lead of the range.
  const group = datesDrive && (driver === 'company' || driver === 'post') && (f.from !== null || f.to !== null) ? driver : null;
  let q = db.selectFrom(group ? indexedBy(db, 'leads', `leads_${group}_created`) : 'leads').where('workspace_id', '=', workspaceId);
  // A plain status is safe with the workspace-wide index (no index starts with the status but the
  // triaged ones, which NEW and != DISCARDED cannot use), and PostgreSQL keeps its estimate; under
  // a company or a post it must not pull in their count indexes (migration 0050), nor the triaged
  // status indexes into a bucket's run (PostgreSQL proves status = 'QUALIFIED' implies their WHERE).
  const status = driver === 'workspace' ? sql.ref('status') : textual('status');
  if (driver === 'status') q = q.where('status', '=', f.status!).where(TRIAGED);
  else q = f.status ? q.where(status, '=', f.status) : q.where(status, '!=', DISCARDED);
  q = scoped(q, f, driver);
  const created = (edge: 'asc' | 'desc') => (datesDrive ? walkedRange('created_at', edge, cursor) : numeric('created_at'));
  if (f.from !== null) q = q.where(created('asc'), '>=', f.from);
  if (f.to !== null) q = q.where(created('desc'), '<', f.to);
  if (f.emailEnriched !== null) q = q.where('contact_email', f.emailEnriched ? 'is not' : 'is', null);
  return q;
}

/**
 * The filters of a run (a group or a bucket plan's), which selects keys and ids only. A company's
 * or a post's index holds the status and created_at but not the email, so on PostgreSQL a group
 * run's email filter is checked on the lead found by its primary key, once the index entry has
 * passed the others: the run stays index-only, and a lead is read only for an entry the status and
 * the range keep (checked on every entry's row, a 78,000-lead post's range that kept none read
 * 78,000 rows, 200–272 ms). A bucket run keeps the plain condition, the predicate of the partial
 * bucket index of that email value (migration 0092), which it reads alone. SQLite checks the terms
 * its index holds before it reads a row, so it keeps the plain condition (the same page 11–15 ms
 * with an email filter; docs/leads-cold.md, Figures, "2026-11-29").
 */
function runFiltered(db: DbOrTx, workspaceId: string, f: LeadFilters, driver: Driver, datesDrive = false, cursor: 'asc' | 'desc' | null = null): SelectQueryBuilder<Database, 'leads', {}> {
  if (f.emailEnriched === null || !isPostgres(db) || driver === 'buckets') return filtered(db, workspaceId, f, driver, datesDrive, cursor);
  const email = sql<SqlBool>`exists (select 1 from leads as e where e.workspace_id = leads.workspace_id and e.id = leads.id and e.contact_email is ${sql.raw(f.emailEnriched ? 'not null' : 'null')})`;
  return filtered(db, workspaceId, { ...f, emailEnriched: null }, driver, datesDrive, cursor).where(email);
}

/** The first (`asc`) or last lead by creation, one look-up of a created_at index (a caller may narrow it to a company or a post). */
const edgeLead = (db: DbOrTx, workspaceId: string, dir: 'asc' | 'desc') =>
  db.selectFrom('leads').select('created_at').where('workspace_id', '=', workspaceId).orderBy('created_at', dir).limit(1);

/** The plan of a request's pages (a statement of two index look-ups when a date range needs buckets). */
export async function planLeadPage(db: DbOrTx, workspaceId: string, f: LeadFilters, sortColumn: string): Promise<LeadPagePlan> {
  if (f.companyIds?.length === 0 || (f.from !== null && f.to !== null && f.from >= f.to)) return { kind: 'empty' };
  // A company with a post, whatever the sort: the post's index entries checked for the company
  // there, then the page's rows (on PostgreSQL an index plan would read each entry's row).
  if (f.companyIds && f.postId !== null) return { kind: 'group' };
  if (sortColumn === 'created_at' || (f.from === null && f.to === null)) return { kind: 'index' };
  if (driverOf(f) === 'company' || driverOf(f) === 'post') return { kind: 'group' };
  // The workspace's first and last lead, two index look-ups in one statement (one round trip).
  const { oldest, newest } = await db.selectNoFrom([edgeLead(db, workspaceId, 'asc').as('oldest'), edgeLead(db, workspaceId, 'desc').as('newest')]).executeTakeFirstOrThrow();
  if (oldest === null || newest === null) return { kind: 'empty' };
  const from = Math.max(f.from ?? -Infinity, Number(oldest));
  const to = Math.min(f.to === null ? Infinity : f.to - 1, Number(newest));
  if (from > to) return { kind: 'empty' };
  return { kind: 'buckets', first: bucketAt(from), last: bucketAt(to) };
}

/** A page's query: whole lead rows, in the page's order. */
export type LeadPageQuery = ReturnType<typeof selectLeadPage>;

/** The page query, not yet run (leads-plans.ts explains it, rendered as the list runs it). */
export function selectLeadPage(db: DbOrTx, workspaceId: string, f: LeadFilters, plan: LeadPagePlan, conditions: Condition[], order: readonly SortColumn[], limit: number) {
  const key = order[0]!;
  if (plan.kind === 'index' || plan.kind === 'empty') {
    // Sorted by creation, a date range is a range of the driving index whatever the filter: the
    // company's and the post's (…, created_at, id) too, so a range keeping few of their leads reads
    // only those. created_at is never null: a condition is the position's (keyset.ts).
    const datesDrive = key.column === 'created_at';
    let q = filtered(db, workspaceId, f, driverOf(f), datesDrive, conditions.length > 0 ? key.dir : null).selectAll();
    for (const c of conditions) q = q.where(c);
    for (const o of order) q = q.orderBy(sql.ref(o.column), o.dir);
    return q.limit(plan.kind === 'empty' ? 0 : limit);
  }
  if (plan.kind === 'group') {
    // The company's (post's) (key, id) index from the position on, each entry's created_at and
    // status (and a post's company) checked in the index itself (migrations 0086, 0091): an entry
    // the filters leave out costs an index entry, not a row. The page's ids, then their rows. Sorted
    // by creation (a company with a post), the range bounds the index read, as in an index plan.
    const datesDrive = key.column === 'created_at';
    let run = runFiltered(db, workspaceId, f, driverOf(f), datesDrive, conditions.length > 0 ? key.dir : null).select([sql.ref(key.column).as('k'), 'id']);
    for (const c of conditions) run = run.where(c);
    for (const o of order) run = run.orderBy(sql.ref(o.column), o.dir);
    return rowsOf(db, workspaceId, run.limit(limit), key, limit);
  }
  const dir = sql.raw(key.dir);
  const ordered = sql`order by ${sql.ref('k')} ${dir}, ${sql.ref('id')} ${dir} limit ${sql.lit(limit)}`;
  // One bucket's run: its keys and ids from the cursor on. Its bucket is the lateral series' column
  // on PostgreSQL, a marker rebound per bucket on SQLite (below).
  const pg = isPostgres(db);
  let run = runFiltered(db, workspaceId, f, 'buckets').where(bucketOf, '=', (pg ? sql.ref('bucket.n') : BUCKET_MARK) as never).select([sql.ref(key.column).as('k'), 'id']);
  for (const c of conditions) run = run.where(c);
  if (pg) {
    // PostgreSQL: one run, its bucket taken from the range's series (a lateral join), each bucket
    // read from the cursor on for at most `limit` entries (index only: the range's edges and the
    // status are in the index) and their candidates sorted, a bounded top-k of buckets × limit.
    // Written as a union of one run per bucket (before 2026-11-28, as on SQLite) the page merged
    // the runs as it read them, but planning a year's 23 runs cost 4–6 ms a page, more than the
    // reading (docs/leads-cold.md, Figures, "2026-11-28, later").
    const limited = run.orderBy(sql.ref(key.column), key.dir).orderBy('id', key.dir).limit(limit);
    const compound = sql`select run.k, run.id from generate_series(${plan.first}::bigint, ${plan.last}::bigint) as bucket(n) cross join lateral (${limited}) as run ${ordered}`;
    return rowsOf(db, workspaceId, compound, key, limit);
  }
  // SQLite: the buckets' runs as one compound, ordered and limited as a whole: each run is read in
  // the key's order from its own index range (index entries only) and merged as it goes (MERGE
  // (UNION ALL)), so the page reads about `limit` entries in all plus one per bucket, not `limit`
  // per bucket. The runs take no ORDER BY or LIMIT of their own (each would be sorted into a
  // temporary b-tree, 40 times slower at 1M leads). One run is built and compiled; the others are
  // its text with their own bucket (db/precompiled.ts). The LIMIT is written into the text (a bound
  // one makes SQLite plan again).
  const runOf = reboundCopies(db, run, BUCKET_MARK);
  const runs = Array.from({ length: plan.last - plan.first + 1 }, (_, i) => runOf(plan.first + i));
  const compound = sql`${sql.join(runs, sql` union all `)} ${ordered}`;
  return rowsOf(db, workspaceId, compound, key, limit);
}

/**
 * The rows of a page whose ids (and keys) `found` selects, by primary key; `+ 0` keeps the sort
 * index out of this small final sort.
 */
const rowsOf = (db: DbOrTx, workspaceId: string, found: Expression<unknown>, key: SortColumn, limit: number) =>
  db
    .selectFrom('leads')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', sql`(select ${sql.ref('best.id')} from (${found}) as best)` as never)
    .orderBy(numeric(key.column), key.dir)
    .orderBy('id', key.dir)
    .limit(limit);

/**
 * The exact total of a company or post filter: an index-only count over that company's or post's
 * (status, created_at) entries (migration 0050), so as many entries as the company or post has
 * leads; a company with a post over the post's, which hold the company (migration 0091). With an
 * email filter, from an index too: on SQLite the email's presence is the count index's fifth column
 * (migration 0088), compared as the index writes it so that SQLite reads it there; on PostgreSQL
 * the plain condition matches the predicate of a partial count index per email value (migration
 * 0090).
 */
export function selectGroupCount(db: DbOrTx, workspaceId: string, f: LeadFilters) {
  let q = scoped(db.selectFrom('leads').where('workspace_id', '=', workspaceId), f, driverOf(f));
  // IN over the visible statuses (not != DISCARDED) keeps the created_at range inside the index.
  q = q.where('status', 'in', f.status ? [f.status] : [...LEAD_STATUSES]);
  if (f.from !== null) q = q.where('created_at', '>=', f.from);
  if (f.to !== null) q = q.where('created_at', '<', f.to);
  if (f.emailEnriched !== null) {
    q = isPostgres(db) ? q.where('contact_email', f.emailEnriched ? 'is not' : 'is', null) : q.where(sql<SqlBool>`(contact_email is not null) = ${sql.lit(f.emailEnriched ? 1 : 0)}`);
  }
  return q.select(sql<number>`count(*)`.as('n'));
}

/** Beyond this many companies (a handle matching many) a range is not checked against each. */
const EDGE_GROUPS = 8;

/**
 * Whether the date range leaves out none of the group's leads (discarded ones too, so none of
 * those a total counts), as a condition: each company's (or the post's) first and last lead by
 * creation, two look-ups of its created_at index, against the range's edges; null past eight
 * companies. A post's leads come within days of it, so a range of months usually holds them all,
 * and its total is then its counters' (lead-counts.ts), not a count of up to all its index entries
 * (78,000 for the demo workspace's largest post, 15–25 ms on PostgreSQL).
 */
export function rangeHoldsGroup(db: DbOrTx, workspaceId: string, f: LeadFilters): RawBuilder<SqlBool> | null {
  const groups = f.postId !== null ? [['source_post_id', f.postId] as const] : (f.companyIds ?? []).map((id) => ['company_id', id] as const);
  if (groups.length === 0 || groups.length > EDGE_GROUPS) return null;
  const edge = ([column, value]: (typeof groups)[number], dir: 'asc' | 'desc') => edgeLead(db, workspaceId, dir).where(sql.ref(column), '=', value);
  // A group without leads has no edges: every range holds it.
  const held = groups.flatMap((g) => [
    ...(f.from === null ? [] : [sql<SqlBool>`coalesce((${edge(g, 'asc')}) >= ${f.from}, true)`]),
    ...(f.to === null ? [] : [sql<SqlBool>`coalesce((${edge(g, 'desc')}) < ${f.to}, true)`]),
  ]);
  return held.length === 0 ? null : sql<SqlBool>`(${sql.join(held, sql` and `)})`;
}
