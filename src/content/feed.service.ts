import type { Db } from '../db/database.js';
import type { SortSpec } from '../db/keyset.js';
import { paginate } from '../db/paginate.js';
import type { CursorScope } from '../shared/cursor.js';
import type { Clock } from '../shared/clock.js';
import { DomainError } from '../shared/errors.js';
import { DAY_MS, startOfDay, toIso } from '../shared/time.js';
import { findTeamMember } from '../workspace/workspace.repository.js';
import * as repo from './feed.repository.js';
import type { FeedPage, FeedQuery, FeedSort } from './feed.schemas.js';
import type { PostsTable } from '../db/schema/posts.table.js';

export interface FeedDeps {
  /** The feed's statements are reads only: they run on the reading connection (connect.ts). */
  reads: Db;
  clock: Clock;
  secret: Buffer;
}

const byViews = (dir: 'asc' | 'desc'): SortSpec => ({
  nullableFirst: true,
  columns: [{ column: 'impressions_num', dir }, { column: 'published_at', dir: 'desc' }, { column: 'id', dir: 'desc' }],
});

/** decisions.md: by impressions (nulls last), then published_at desc, then id. */
export const FEED_SORT_SPECS: Record<FeedSort, SortSpec> = {
  newest_first: { nullableFirst: false, columns: [{ column: 'published_at', dir: 'desc' }, { column: 'id', dir: 'desc' }] },
  oldest_first: { nullableFirst: false, columns: [{ column: 'published_at', dir: 'asc' }, { column: 'id', dir: 'asc' }] },
  most_viewed_first: byViews('desc'),
  least_viewed_first: byViews('asc'),
};

function toFeedPost(row: PostsTable) {
  return {
    id: row.id,
    activity_urn: row.activity_urn,
    type: row.type,
    content: row.content,
    parent_content: row.parent_content,
    author: row.author,
    post_url: row.post_url,
    image: row.image,
    parent_image: row.parent_image,
    shares_num: row.shares_num,
    likes_num: row.likes_num,
    impressions_num: row.impressions_num,
    comments_num: row.comments_num,
    published_at: toIso(Number(row.published_at)),
    team_member_id: row.team_member_id,
  };
}

export async function listFeed(deps: FeedDeps, workspaceId: string, kind: repo.FeedKind, query: FeedQuery): Promise<FeedPage> {
  const sort = query.sort_by ?? 'newest_first';
  const limit = query.limit ?? 15;
  const spec = FEED_SORT_SPECS[sort];
  const usesDays = query.days !== undefined;
  const scope: CursorScope = {
    workspaceId,
    endpoint: `${kind}_feed`,
    sort,
    filters: {
      start_date: usesDays ? null : (query.start_date ?? null),
      end_date: usesDays ? null : (query.end_date ?? null),
      days: query.days ?? null,
      team_member_id: query.team_member_id ?? null,
    },
  };
  const page = await paginate<PostsTable>({
    secret: deps.secret,
    scope,
    spec,
    limit,
    cursor: query.cursor,
    windowStart: () => (usesDays ? Math.floor(deps.clock.now() / DAY_MS) * DAY_MS - query.days! * DAY_MS : null),
    source: async (windowStart) => {
      if (query.team_member_id !== undefined && !(await findTeamMember(deps.reads, workspaceId, query.team_member_id))) {
        throw new DomainError('invalid_team_member_filter');
      }
      const filters: repo.FeedFilters = {
        kind,
        from: usesDays ? windowStart : query.start_date ? startOfDay(query.start_date) : null,
        to: usesDays ? null : query.end_date ? startOfDay(query.end_date) + DAY_MS : null,
        teamMemberId: query.team_member_id ?? null,
      };
      // The total first: it is a few counter rows, and it decides how a page is read (and whether at all).
      const { total, rangeRows } = await repo.countFeedRange(deps.reads, workspaceId, filters);
      const plan = repo.planFeedPage(filters, spec.columns[0]!.column, total, rangeRows);
      if (plan.kind === 'empty') return null;
      return {
        rows: (conditions, order, n) => repo.selectFeedPage(deps.reads, workspaceId, filters, plan, conditions, order, n).execute(),
        total: async () => total,
      };
    },
  });
  return { total: page.total, items: page.rows.map(toFeedPost), has_more: page.cursor !== null, cursor: page.cursor };
}
