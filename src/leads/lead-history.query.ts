// The posts a lead's history lines may name (lead-history.service.ts checks each candidate exactly).
import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Posts whose content holds the opening's words in order (spaces in the opening stand for any run
 * of whitespace in the post, as historyText folds them), or whose URL is `url`; newest first. A
 * scan of the workspace's posts, for the few lines of one lead's drawer.
 */
export function findHistoryPostCandidates(db: DbOrTx, workspaceId: string, match: { opening: string | null; url: string | null }) {
  let q = db.selectFrom('posts').select(['id', 'content', 'post_url', 'team_member_id', 'published_at']).where('workspace_id', '=', workspaceId);
  if (match.url !== null) q = q.where('post_url', '=', match.url);
  else q = q.where(sql<boolean>`content like ${`%${match.opening!.split(' ').map(likeEscaped).join('%')}%`} escape '\\'`);
  return q.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(20).execute();
}
