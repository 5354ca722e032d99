import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, DbOrTx } from '../db/database.js';
import type { Condition, SortColumn } from '../db/keyset.js';

export type FeedKind = 'team' | 'tracked';

export interface FeedFilters {
  kind: FeedKind;
  /** Inclusive lower and exclusive upper bound on published_at. */
  from: number | null;
  to: number | null;
  teamMemberId: string | null;
}

function filtered(db: DbOrTx, workspaceId: string, f: FeedFilters): SelectQueryBuilder<Database, 'posts', {}> {
  let q = db.selectFrom('posts').where('workspace_id', '=', workspaceId);
  if (f.kind === 'team') {
    q = f.teamMemberId === null ? q.where('team_member_id', 'is not', null) : q.where('team_member_id', '=', f.teamMemberId);
  } else {
    let tracked = db.selectFrom('tracked_contacts').select('contact_urn').where('workspace_id', '=', workspaceId);
    if (f.teamMemberId !== null) tracked = tracked.where('team_member_id', '=', f.teamMemberId);
    q = q.where('author_urn', 'in', tracked);
  }
  if (f.from !== null) q = q.where('published_at', '>=', f.from);
  if (f.to !== null) q = q.where('published_at', '<', f.to);
  return q;
}

export function selectFeedPage(db: DbOrTx, workspaceId: string, f: FeedFilters, conditions: Condition[], order: readonly SortColumn[], limit: number) {
  let q = filtered(db, workspaceId, f).selectAll();
  for (const c of conditions) q = q.where(c);
  for (const o of order) q = q.orderBy(sql.ref(o.column), o.dir);
  return q.limit(limit).execute();
}

export async function countFeed(db: DbOrTx, workspaceId: string, f: FeedFilters): Promise<number> {
  const row = await filtered(db, workspaceId, f).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
