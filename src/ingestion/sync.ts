// One sync of one team member: their recent posts into the team feed, the posts of the contacts
// they track into the tracked feed, and engagement on their posts folded into leads, page by page.
// Every page commits on its own and re-folding is idempotent, so an abandoned sync (SIGTERM, a
// provider error) leaves no half-written state and the next sync simply continues.
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../db/database.js';
import type { PostsTable } from '../db/schema/posts.table.js';
import { listMirroredPending } from '../connections/connections.repository.js';
import { mirrorState } from '../connections/mirror.js';
import { recordNewReplies } from '../connections/replies.js';
import { NetworkError, type AccountRef, type NetworkPost, type NetworkProvider } from '../network/provider.js';
import { PeopleOfSync, rulesNeedProfiles } from './people.js';
import { foldEngagement } from './fold.js';
import { engagementOf, loadEngagementReads, recordEngagementReads, type EngagementRead } from './engagement-reads.repository.js';
import type { FoldEvent, FoldPost } from './fold.types.js';
import { DAY_MS } from '../shared/time.js';

export interface SyncDeps {
  db: Db;
  network: NetworkProvider;
  now: () => number;
}

export interface SyncProgress {
  /** After each post: posts done of `total`, engagement events seen so far. */
  (done: { posts: number; events: number; total: number }): void;
}

/** Posts younger than this are synced and their engagement pulled. */
export const SYNC_WINDOW_MS = 30 * DAY_MS;
/**
 * Events folded per transaction. A larger page turns a person's several events into one lead
 * write and amortizes the commit; a smaller one holds the write lock for less time
 * (docs/ingestion.md "What a sync does" has the figures).
 */
export const FOLD_PAGE = 50_000;

/**
 * The longest a post whose counts have not moved goes with its engagement unread. Each read is API
 * calls charged to the member's own account (the post's comments and its reactions, page by page):
 * reading 30 days of posts at every sync spent thousands of calls a day per account. Where the
 * provider's counts are exact, a post whose likes + comments have not moved since the last read
 * holds nothing new; it is read once a day all the same, since a reaction taken back and another
 * given leave the count as it was.
 */
export const ENGAGEMENT_REREAD_MS = DAY_MS;

/** Whether this sync reads the post's engagement. */
export function engagementDue(post: NetworkPost, last: EngagementRead | undefined, countsTrackEngagement: boolean, now: number): boolean {
  if (!countsTrackEngagement || !last) return true;
  return engagementOf(post) !== last.engagement || now - last.readAt >= ENGAGEMENT_REREAD_MS;
}

export interface SyncResult {
  posts: number;
  trackedPosts: number;
  events: number;
  created: number;
  /** Profile look-ups made for people who waited for one. */
  lookups: number;
  aborted: boolean;
  /**
   * Calls the provider refused because it does not know the member's account as connected
   * (disconnected, restricted): the sync goes on without what they would have told, but it did
   * not see the member's network as it is.
   */
  refused: number;
}

function postRow(workspaceId: string, p: NetworkPost, author: string, owner: { teamMemberId: string } | { authorUrn: string }, now: number): PostsTable {
  return {
    workspace_id: workspaceId, id: p.id, activity_urn: null, type: p.type ?? 'SHARE', content: p.content,
    parent_content: p.parent?.content ?? null, author, post_url: p.url,
    image: p.image ?? null, parent_image: p.parent?.image ?? null, shares_num: p.shares, likes_num: p.likes,
    impressions_num: p.impressions, comments_num: p.comments, published_at: p.publishedAt,
    team_member_id: 'teamMemberId' in owner ? owner.teamMemberId : null, author_urn: 'authorUrn' in owner ? owner.authorUrn : null,
    created_at: now, updated_at: now,
  };
}

/** Inserts new posts and refreshes the metrics of posts seen before. */
async function upsertPosts(db: DbOrTx, rows: PostsTable[]) {
  if (rows.length === 0) return;
  const refreshed = ['content', 'image', 'shares_num', 'likes_num', 'impressions_num', 'comments_num', 'updated_at'];
  await db
    .insertInto('posts')
    .values(rows)
    .onConflict((oc) => oc.columns(['workspace_id', 'id']).doUpdateSet(Object.fromEntries(refreshed.map((c) => [c, sql.ref(`excluded.${c}`)]))))
    .execute();
}

/**
 * The network urn of every connected member not known yet, before anything is folded: a
 * colleague's engagement must be recognized as the team's even before that colleague's own
 * first sync.
 */
async function learnMemberUrns(deps: SyncDeps, workspaceId: string): Promise<void> {
  const unknown = await deps.db
    .selectFrom('team_members')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('integration_status', '=', 'CONNECTED')
    .where('network_urn', 'is', null)
    .execute();
  for (const { id } of unknown) {
    let urn: string;
    try {
      urn = await deps.network.findAccountUrn({ workspaceId, teamMemberId: id });
    } catch (err) {
      if (err instanceof NetworkError && (err.kind === 'account_disconnected' || err.kind === 'account_restricted' || err.kind === 'not_found')) continue;
      throw err;
    }
    await deps.db.updateTable('team_members').set({ network_urn: urn }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
  }
}

/**
 * Brings the connections mirror of the member up to the provider: invitations pending there, and
 * what became of those the mirror still holds as pending (accepted, declined, withdrawn).
 */
async function syncConnections(deps: SyncDeps, account: AccountRef): Promise<'refused' | void> {
  let pending;
  try {
    pending = await deps.network.listPendingInvitations(account);
  } catch (err) {
    // An account the network does not know as connected has no connections to tell.
    if (err instanceof NetworkError && (err.kind === 'account_disconnected' || err.kind === 'account_restricted')) return 'refused';
    throw err;
  }
  const mirrored = new Set(await listMirroredPending(deps.db, account.workspaceId, account.teamMemberId));
  for (const invitation of pending) {
    if (!mirrored.delete(invitation.contactUrn)) await mirrorState(deps.db, account, invitation.contactUrn, 'PENDING', deps.now(), invitation.sentAt);
  }
  for (const urn of mirrored) await mirrorState(deps.db, account, urn, await deps.network.connectionState(account, urn), deps.now());
}

/** Messages contacts sent the member (replies stop the campaign sequences they answer). */
async function syncReplies(deps: SyncDeps, account: AccountRef): Promise<'refused' | void> {
  try {
    await recordNewReplies(deps.db, deps.network, account, deps.now());
  } catch (err) {
    if (err instanceof NetworkError && (err.kind === 'account_disconnected' || err.kind === 'account_restricted')) return 'refused';
    throw err;
  }
}

export async function syncMember(deps: SyncDeps, account: AccountRef, signal: AbortSignal, progress?: SyncProgress): Promise<SyncResult> {
  const { db, network } = deps;
  const { workspaceId, teamMemberId } = account;
  const result: SyncResult = { posts: 0, trackedPosts: 0, events: 0, created: 0, lookups: 0, aborted: false, refused: 0 };
  const since = deps.now() - SYNC_WINDOW_MS;
  const member = await db.selectFrom('team_members').select('network_username').where('workspace_id', '=', workspaceId).where('id', '=', teamMemberId).executeTakeFirstOrThrow();

  await learnMemberUrns(deps, workspaceId);
  if ((await syncConnections(deps, account)) === 'refused') result.refused++;
  if ((await syncReplies(deps, account)) === 'refused') result.refused++;
  const posts = await network.listMemberPosts(account, since);
  const author = member.network_username ?? teamMemberId;
  await upsertPosts(db, posts.map((p) => postRow(workspaceId, p, author, { teamMemberId }, deps.now())));
  result.posts = posts.length;

  const tracked = await db.selectFrom('tracked_contacts').select('contact_urn').where('workspace_id', '=', workspaceId).where('team_member_id', '=', teamMemberId).execute();
  for (const { contact_urn } of tracked) {
    if (signal.aborted) return { ...result, aborted: true };
    const theirs = await network.listContactPosts(contact_urn, since);
    const contact = await db.selectFrom('contacts').select('username').where('workspace_id', '=', workspaceId).where('urn', '=', contact_urn).executeTakeFirst();
    await upsertPosts(db, theirs.map((p) => postRow(workspaceId, p, contact?.username ?? contact_urn, { authorUrn: contact_urn }, deps.now())));
    result.trackedPosts += theirs.length;
  }

  const people = new PeopleOfSync(deps, account, await rulesNeedProfiles(db, workspaceId));
  const reads = await loadEngagementReads(db, workspaceId, posts.map((p) => p.id));
  let page: FoldEvent[] = [];
  let read: NetworkPost[] = [];
  const flush = async () => {
    const folded = await foldEngagement(db, workspaceId, deps.now(), page);
    result.events += folded.folded;
    result.created += folded.created;
    await recordEngagementReads(db, workspaceId, read, deps.now());
    page = [];
    read = [];
  };
  for (const [index, p] of posts.entries()) {
    if (signal.aborted) return { ...result, aborted: true };
    if (engagementDue(p, reads.get(p.id), network.countsTrackEngagement === true, deps.now())) {
      const post: FoldPost = { id: p.id, content: p.content, url: p.url, teamMemberId };
      const engagement = await network.listPostEngagement(account, p.id);
      const persons = await people.resolve(engagement);
      for (const [i, e] of engagement.entries()) {
        page.push({ id: e.id, post, kind: e.kind, at: e.at, person: persons[i]! });
        if (page.length >= FOLD_PAGE) await flush();
      }
      // Marked read with the page that holds its last event, not before.
      read.push(p);
    }
    progress?.({ posts: index + 1, events: result.events + page.length, total: posts.length });
  }
  await flush();
  // The leads are made; their profiles follow as far as today's budget goes (the rest wait).
  if (!signal.aborted) result.lookups = await people.drainWaiting();
  return result;
}
