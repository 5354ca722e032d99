// A lead's history for the console's drawer, each engagement line with the post it was on. A line
// stores only its text (the snapshot format has no post reference either), and historyText wrote
// it from the post: the post is one whose historyText is the line again, preferring the post known
// to be the line's (its folded event, or the lead's source post for its first engagement).
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
  const lead = await repo.findLead(db, workspaceId, leadId);
  if (!lead) throw new DomainError('lead_not_found');
  const [rows, events] = await Promise.all([repo.findHistory(db, workspaceId, [leadId]), repo.findLeadEvents(db, workspaceId, leadId)]);
  const firstEngagement = rows.find((h) => h.description !== null && postOfHistoryText(h.description) !== null);
  return Promise.all(
    rows.map(async (h) => {
      const at = h.recorded_at === null ? null : Number(h.recorded_at);
      // The posts known to be this line's: the engagement event folded at its moment, and for the
      // lead's first engagement the post it came from (a snapshot keeps that one, not the events).
      const known = new Set(events.filter((e) => Number(e.at) === at).map((e) => e.post_id));
      if (h === firstEngagement && lead.source_post_id !== null) known.add(lead.source_post_id);
      return { id: h.id, description: h.description, recorded_at: at === null ? null : toIso(at), post: h.description === null ? null : await postOf(db, workspaceId, h.description, at, known) };
    }),
  );
}

/**
 * The post a line names: a known one that reads so, else among the posts that read so (several
 * may: a post's opening words need not be unique) the newest published before the line.
 */
async function postOf(db: Db, workspaceId: string, text: string, at: number | null, known: Set<string>) {
  const named = postOfHistoryText(text);
  if (!named) return null;
  const candidates = (await findHistoryPostCandidates(db, workspaceId, named)).filter(
    (p) => historyText(named.kind, { id: p.id, content: p.content, url: p.post_url, teamMemberId: p.team_member_id ?? '' }) === text,
  );
  const post = candidates.find((p) => known.has(p.id)) ?? candidates.find((p) => at === null || Number(p.published_at) <= at);
  return post ? { id: post.id, url: post.post_url } : null;
}
