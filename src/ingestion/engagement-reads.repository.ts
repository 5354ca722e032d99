// When a sync last read each post's engagement, and the post's likes + comments then: what
// engagementDue (sync.ts) decides from.
import type { DbOrTx } from '../db/database.js';
import type { NetworkPost } from '../network/provider.js';

export interface EngagementRead {
  readAt: number;
  engagement: number;
}

export const engagementOf = (p: NetworkPost) => p.likes + p.comments;

export async function loadEngagementReads(db: DbOrTx, workspaceId: string, postIds: string[]): Promise<Map<string, EngagementRead>> {
  const reads = new Map<string, EngagementRead>();
  // A member's posts of 30 days: a handful of dozens, one statement.
  if (postIds.length === 0) return reads;
  const rows = await db.selectFrom('post_engagement_reads').select(['post_id', 'read_at', 'engagement']).where('workspace_id', '=', workspaceId).where('post_id', 'in', postIds).execute();
  for (const r of rows) reads.set(r.post_id, { readAt: Number(r.read_at), engagement: Number(r.engagement) });
  return reads;
}

/** Recorded once the engagement read is folded and committed: an abandoned sync reads it again. */
export async function recordEngagementReads(db: DbOrTx, workspaceId: string, posts: NetworkPost[], now: number): Promise<void> {
  if (posts.length === 0) return;
  await db
    .insertInto('post_engagement_reads')
    .values(posts.map((p) => ({ workspace_id: workspaceId, post_id: p.id, read_at: now, engagement: engagementOf(p) })))
    .onConflict((oc) => oc.columns(['workspace_id', 'post_id']).doUpdateSet((eb) => ({ read_at: eb.ref('excluded.read_at'), engagement: eb.ref('excluded.engagement') })))
    .execute();
}
