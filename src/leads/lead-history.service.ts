// A lead's history for the console's drawer, each engagement line with the post it was on. A line
// stores only its text (the snapshot format has no post reference either), and historyText wrote
// it from the post: the post is the one whose historyText is the line again, the newest published
// before the line when two posts open alike.
import type { Db } from '../db/database.js';
import { historyText, postOfHistoryText } from '../ingestion/fold-rows.js';
import { DomainError } from '../shared/errors.js';
import { toIso } from '../shared/time.js';
import { findHistoryPostCandidates } from './lead-history.query.js';
import * as repo from './leads.repository.js';

export interface LeadHistoryEntry {
  id: string;
  description: string | null;
  recorded_at: string | null;
  post: { id: string; url: string } | null;
}

export async function leadHistoryWithPosts(db: Db, workspaceId: string, leadId: string): Promise<LeadHistoryEntry[]> {
  if (!(await repo.findLead(db, workspaceId, leadId))) throw new DomainError('lead_not_found');
  const rows = await repo.findHistory(db, workspaceId, [leadId]);
  return Promise.all(
    rows.map(async (h) => {
      const at = h.recorded_at === null ? null : Number(h.recorded_at);
      return { id: h.id, description: h.description, recorded_at: at === null ? null : toIso(at), post: h.description === null ? null : await postOf(db, workspaceId, h.description, at) };
    }),
  );
}

async function postOf(db: Db, workspaceId: string, text: string, at: number | null) {
  const named = postOfHistoryText(text);
  if (!named) return null;
  const candidates = await findHistoryPostCandidates(db, workspaceId, named);
  const post = candidates.find(
    (p) => (at === null || Number(p.published_at) <= at) && historyText(named.kind, { id: p.id, content: p.content, url: p.post_url, teamMemberId: p.team_member_id ?? '' }) === text,
  );
  return post ? { id: post.id, url: post.post_url } : null;
}
