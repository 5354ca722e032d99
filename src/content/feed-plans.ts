// The query plans of both feeds, for every feed × filter × sort combination × walk step, the way
// src/leads/leads-plans.ts does it for the lead list (test/feed-plan.test.ts asserts each page reads
// the index its plan names, on both dialects).
import type { CompiledQuery } from 'kysely';
import type { Dialect } from '../db/connect.js';
import type { Db } from '../db/database.js';
import { explainQuery } from '../db/explain.js';
import { seekPage } from '../db/keyset.js';
import type { CursorValue } from '../shared/cursor.js';
import { countFeedRange, planFeedPage, selectFeedPage, type FeedFilters, type FeedKind, type FeedPagePlan } from './feed.repository.js';
import { FEED_SORTS, type FeedSort } from './feed.schemas.js';
import { FEED_SORT_SPECS } from './feed.service.js';

/** The filters of the plan cases, for a workspace whose posts start on 2025-01-01 (a post every 30 minutes). */
export function feedPlanFilters(kind: FeedKind, member: string): Record<string, FeedFilters> {
  const none: FeedFilters = { kind, from: null, to: null, teamMemberId: null };
  return {
    none,
    member: { ...none, teamMemberId: member },
    year: { ...none, from: Date.UTC(2025, 0, 1), to: Date.UTC(2026, 0, 1) },
    start_date: { ...none, from: Date.UTC(2025, 0, 20) },
    day: { ...none, from: Date.UTC(2025, 0, 10), to: Date.UTC(2025, 0, 11) },
    'member+year': { ...none, teamMemberId: member, from: Date.UTC(2025, 0, 1), to: Date.UTC(2026, 0, 1) },
    'member+day': { ...none, teamMemberId: member, from: Date.UTC(2025, 0, 10), to: Date.UTC(2025, 0, 11) },
  };
}

/** The one index a page of this plan must read. */
export function expectedFeedIndex(f: FeedFilters, plan: FeedPagePlan, sort: FeedSort): string {
  const views = plan.kind === 'range' || sort === 'newest_first' || sort === 'oldest_first' ? 'published' : sort === 'most_viewed_first' ? 'views' : 'views_asc';
  if (f.kind === 'tracked') return `posts_tracked_${views}`;
  if (f.teamMemberId === null) return `posts_team_${views}`;
  return views === 'published' ? 'posts_member' : `posts_member_${views}`;
}

export interface FeedPlanCase {
  kind: FeedKind;
  sort: FeedSort;
  filter: string;
  step: string;
  plan_kind: FeedPagePlan['kind'];
  /** The index the page must be read from (expectedFeedIndex; either views index for the null part). */
  indexes: string[];
  sql: string;
  plan: string[];
}

export async function explainFeedQueries(db: Db, dialect: Dialect, workspaceId: string, member: string): Promise<FeedPlanCase[]> {
  const out: FeedPlanCase[] = [];
  for (const kind of ['team', 'tracked'] as const) {
    for (const sort of FEED_SORTS) {
      const spec = FEED_SORT_SPECS[sort];
      const positions: [string, CursorValue[] | null][] = [['first page', null]];
      if (spec.nullableFirst) positions.push(['after a key', [50, Date.UTC(2025, 0, 15), 'p_5']], ['after a null key', [null, Date.UTC(2025, 0, 15), 'p_5']]);
      else positions.push(['after a key', [Date.UTC(2025, 0, 15), 'p_5']]);
      for (const [filter, filters] of Object.entries(feedPlanFilters(kind, member))) {
        const { total, rangeRows } = await countFeedRange(db, workspaceId, filters);
        const plan = planFeedPage(filters, spec.columns[0]!.column, total, rangeRows);
        if (plan.kind === 'empty') continue; // no page query runs
        for (const [step, position] of positions) {
          const compiled: CompiledQuery[] = [];
          await seekPage(spec, position, 51, async (conditions, order, limit) => {
            compiled.push(selectFeedPage(db, workspaceId, filters, plan, conditions, order, limit).compile());
            return [];
          });
          for (const [i, query] of compiled.entries()) {
            const index = expectedFeedIndex(filters, plan, sort);
            // The null part (no impressions) orders by (published_at desc, id desc): either views index reads it in order.
            // A range plan's null part may read the range's posts without impressions from a views index instead.
            const nullPart = spec.nullableFirst && (i > 0 || step === 'after a null key');
            const views = expectedFeedIndex(filters, { kind: 'sort' }, 'most_viewed_first');
            const indexes = nullPart ? [views, `${views}_asc`, ...(plan.kind === 'range' ? [index] : [])] : [index];
            out.push({ kind, sort, filter, step: nullPart ? `${step} (null part)` : step, plan_kind: plan.kind, indexes, sql: query.sql, plan: await explainQuery(db, dialect, query) });
          }
        }
      }
    }
  }
  return out;
}
