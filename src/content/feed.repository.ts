// The feeds' page and count queries, written so that each page has one index to read
// (docs/leads-cold.md, "Feeds and campaigns"): the team feed's partial indexes hold team posts
// only, the tracked feed's contacts' posts only (migration 0080); the column that orders the page is
// compared plainly, and a date range under a views sort as checkedRange (src/db/dialect.ts) says,
// so neither engine starts from the date index and sorts the whole range.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, DbOrTx } from '../db/database.js';
import { checkedRange } from '../db/dialect.js';
import { walkedRange, type Condition, type SortColumn } from '../db/keyset.js';

export type FeedKind = 'team' | 'tracked';

export interface FeedFilters {
  kind: FeedKind;
  /** Inclusive lower and exclusive upper bound on published_at (00:00:00Z of a day). */
  from: number | null;
  to: number | null;
  teamMemberId: string | null;
}

const DAY_MS = 86_400_000;
/** Counter rows of all days (migration 0080). */
const ALL_DAYS = -1;

/**
 * How a page is read. `sort`: the sort's own index, from the cursor on, the date range checked on
 * its entries. `range`: a range so small (≤ RANGE_ROWS posts, by the counters) that reading it
 * from the published_at index and sorting it costs less than skipping the posts outside it in
 * the views index. `empty`: nothing matches (a reversed range, a range without posts).
 */
export type FeedPagePlan = { kind: 'sort' } | { kind: 'range' } | { kind: 'empty' };

/**
 * Where a views sort stops walking its index and sorts the range instead: a walk skips about
 * n / matching entries per row, so √(limit × n) balances the two costs; 2,000 at 100,000 posts.
 */
export const RANGE_ROWS = 2000;

/**
 * `rangeRows`: the posts of the index range a range plan would read — the total itself, except
 * for a member's tracked feed, whose range holds every tracked contact's posts.
 */
export function planFeedPage(f: FeedFilters, sortColumn: string, total: number, rangeRows: number): FeedPagePlan {
  if (total === 0) return { kind: 'empty' };
  const ranged = f.from !== null || f.to !== null;
  return ranged && sortColumn !== 'published_at' && rangeRows <= RANGE_ROWS ? { kind: 'range' } : { kind: 'sort' };
}

/** The totals a page needs: its own, and the posts of the range a range plan would read (planFeedPage). */
export async function countFeedRange(db: DbOrTx, workspaceId: string, f: FeedFilters): Promise<{ total: number; rangeRows: number }> {
  const total = await countFeed(db, workspaceId, f);
  const wider = f.kind === 'tracked' && f.teamMemberId !== null && (f.from !== null || f.to !== null) && total > 0;
  return { total, rangeRows: wider ? await countFeed(db, workspaceId, { ...f, teamMemberId: null }) : total };
}

/** `cursor`: the direction of a published_at walk past a position (keyset.ts walkedRange). */
function filtered(db: DbOrTx, workspaceId: string, f: FeedFilters, datesDrive: boolean, cursor: 'asc' | 'desc' | null = null): SelectQueryBuilder<Database, 'posts', {}> {
  let q = db.selectFrom('posts').where('workspace_id', '=', workspaceId);
  if (f.kind === 'team') {
    // Word for word the partial indexes' WHERE, so both engines may use them.
    q = q.where('team_member_id', 'is not', null);
    if (f.teamMemberId !== null) q = q.where('team_member_id', '=', f.teamMemberId);
  } else {
    q = q.where('author_urn', 'is not', null);
    let tracked = db.selectFrom('tracked_contacts').select('contact_urn').where('workspace_id', '=', workspaceId);
    if (f.teamMemberId !== null) tracked = tracked.where('team_member_id', '=', f.teamMemberId);
    // Checked on each index entry of the page's walk (author_urn is in the tracked indexes): a
    // plain author_urn would let the engines start from posts_author and sort every tracked post.
    q = q.where(sql`(author_urn || '')`, 'in', tracked);
  }
  const published = (edge: 'asc' | 'desc') => (datesDrive ? walkedRange('published_at', edge, cursor) : checkedRange(db, 'published_at'));
  if (f.from !== null) q = q.where(published('asc'), '>=', f.from);
  if (f.to !== null) q = q.where(published('desc'), '<', f.to);
  return q;
}

/** The page query, not yet run (feed-plans.ts explains it). */
export function selectFeedPage(db: DbOrTx, workspaceId: string, f: FeedFilters, plan: FeedPagePlan, conditions: Condition[], order: readonly SortColumn[], limit: number) {
  const key = order[0]!;
  if (plan.kind === 'range') {
    // The range's posts (≤ RANGE_ROWS) read from its own published_at index, then the cursor's
    // conditions and the sort on those alone: materialized, so neither engine can take the
    // cursor's key range to a views index that holds other members' posts.
    let q = db.with((cte) => cte('range_posts').materialized(), () => filtered(db, workspaceId, f, true).selectAll()).selectFrom('range_posts').selectAll();
    for (const c of conditions) q = q.where(c);
    for (const o of order) q = q.orderBy(sql.ref(o.column), o.dir);
    return q.limit(limit);
  }
  // published_at is never null: a condition is the position's (keyset.ts).
  let q = filtered(db, workspaceId, f, key.column === 'published_at', conditions.length > 0 ? key.dir : null).selectAll();
  for (const c of conditions) q = q.where(c);
  for (const o of order) q = q.orderBy(sql.ref(o.column), o.dir);
  return q.limit(plan.kind === 'empty' ? 0 : limit);
}

/**
 * The exact total from the post_counts counters (migrations 0080, 0083): one row without dates
 * (the team's or a member's posts, the tracked contacts' of the workspace or of a member), one per
 * day with posts in a date range.
 */
export async function countFeed(db: DbOrTx, workspaceId: string, f: FeedFilters): Promise<number> {
  if (f.from !== null && f.to !== null && f.from >= f.to) return 0;
  let q = db.selectFrom('post_counts').select(sql<number>`coalesce(sum(count), 0)`.as('n')).where('workspace_id', '=', workspaceId);
  const owner = f.kind === 'team' ? (f.teamMemberId === null ? 'team' : `tm:${f.teamMemberId}`) : f.teamMemberId === null ? 'tracked' : `tr:${f.teamMemberId}`;
  q = q.where('owner', '=', owner);
  if (f.from === null && f.to === null) q = q.where('day', '=', ALL_DAYS);
  else q = q.where('day', '>=', f.from === null ? 0 : Math.floor(f.from / DAY_MS)).where('day', '<', f.to === null ? 2_147_483_647 : Math.floor(f.to / DAY_MS));
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}
