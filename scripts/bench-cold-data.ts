// The 1,000,000-lead workspace of `npm run bench:leads-cold`, built once and reused: on SQLite a
// file under .bench/ (gitignored), on PostgreSQL the database named by --db. A finished build
// leaves a `bench_cold_built` marker table; without it the data is (re)built from scratch.
// Deterministic (mulberry32, seed 42): statuses 60/20/15/5 % NEW/QUALIFIED/DISQUALIFIED/DISCARDED,
// created over the last 730 days, 1,000 companies (90 % of leads), 5,000 posts (70 %), 40 % with
// an email, 80 % scored, 75 % touched (0–30 days after creation), two history rows per lead.
// The loaded tables' secondary indexes and triggers (and PostgreSQL's foreign keys) are suspended for
// the load as a bulk import suspends them (src/db/bulk-load.ts), then what the triggers keep is filled
// (SQLite's history_json), the counters are rebuilt (and PostgreSQL's statistics refreshed).
// The feeds and campaigns of `--suite feeds` (loadFeeds, its own `bench_cold_feeds_built` marker, so a
// built lead workspace gets them added): BENCH_POSTS (100,000) posts over the same 730 days, 60 % by the
// 20 members, 40 % by 2,000 contacts of whom each member tracks 100 (every 5th contact tracked by two,
// the last 5 % untracked); 80 % with impressions; 3,000 campaigns of 0–40 contacts and 1–3 participants.
// Posts are written with their triggers on: post_counts is kept as in production.
import { sql, type Insertable } from 'kysely';
import type { CampaignParticipantsTable, CampaignsTable, NewCampaignContact } from '../src/db/schema/campaigns.table.js';
import { runAll, secondaryObjectsOf } from '../src/db/bulk-load.js';
import { connectDb, type DbTarget } from '../src/db/connect.js';
import type { Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { rebuildLeadCounts } from '../src/leads/lead-counts.js';
import { refillKeptJson } from '../src/leads/lead-json.query.js';
import { rebuildLeadSearch } from '../src/leads/lead-search.query.js';

export const COLD_WORKSPACE = 'ws_cold';
export const COLD_MEMBERS = 20;
export const COLD_COMPANIES = 1000;
export const COLD_POSTS = 5000;
export const COLD_AUTHORS = 2000;
export const COLD_CAMPAIGNS = 3000;
/** The days the built leads and posts are created over, ending on the build day. */
export const COLD_DAYS = 730;
const DAY = 86_400_000;
const BATCH = 500;

/** Deterministic, fast PRNG (mulberry32). */
export function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const coldLeadId = (i: number) => `ld_${i.toString(36).padStart(8, '0')}`;

async function isBuilt(db: Db, leads: number): Promise<boolean> {
  try {
    const row = await sql<{ leads: number; day: number }>`select leads, day from bench_cold_built`.execute(db);
    return Number(row.rows[0]?.leads) === leads;
  } catch {
    return false;
  }
}

async function load(db: Db, dialect: string, leads: number, now: number, progress: (text: string) => void): Promise<void> {
  const ws = COLD_WORKSPACE;
  await db.deleteFrom('workspaces').where('id', '=', ws).execute();
  await db.insertInto('workspaces').values({ id: ws, name: 'Cold bench', created_at: now - 800 * DAY }).execute();
  await db.insertInto('team_members').values(Array.from({ length: COLD_MEMBERS }, (_, m) => ({
    workspace_id: ws, id: `tm_${m}`, email: `m${m}@bench.test`, first_name: null, last_name: null, is_active_seat: 1, integration_status: 'CONNECTED',
    network_username: null, profile_views_count: null, followers_count: null, last_network_update: null, profile_picture: null, time_zone: 'UTC', created_at: 0,
  }))).execute();
  for (let c = 1; c <= COLD_COMPANIES; c += BATCH) {
    await db.insertInto('companies').values(Array.from({ length: Math.min(BATCH, COLD_COMPANIES - c + 1) }, (_, k) => ({
      workspace_id: ws, id: c + k, hash_id: `h${c + k}`, name: `Company ${c + k}`, slug: `company-${c + k}`, industries: '["Software"]', specialties: '[]', funding: '[]',
      website_url: `https://company-${c + k}.test`, created_at: now - 900 * DAY,
    })) as never).execute();
  }
  const objects = await secondaryObjectsOf(db, ['leads', 'lead_history']);
  await runAll(db, objects.drop);
  const r = rng(42);
  const started = performance.now();
  for (let start = 0; start < leads; start += 50_000) {
    await db.transaction().execute(async (tx) => {
      for (let b = start; b < Math.min(leads, start + 50_000); b += BATCH) {
        const rows = [];
        const history = [];
        for (let i = b; i < Math.min(leads, b + BATCH); i++) {
          const s = r();
          const status = s < 0.6 ? 'NEW' : s < 0.8 ? 'QUALIFIED' : s < 0.95 ? 'DISQUALIFIED' : 'DISCARDED';
          const created = now - 1 - Math.floor(r() * COLD_DAYS * DAY);
          const id = coldLeadId(i);
          rows.push({
            workspace_id: ws, id, contact_urn: `urn:bench:${i}`, team_member_id: `tm_${i % COLD_MEMBERS}`, source_post_id: r() < 0.7 ? `post_${Math.floor(r() * COLD_POSTS)}` : null,
            company_id: r() < 0.9 ? 1 + Math.floor(r() * COLD_COMPANIES) : null, status, tags: '["webinar","q3"]', first_name: `First${i}`, last_name: `Last${i}`,
            headline: 'Head of Growth at Somewhere', job_title: 'Head of Growth', username: `user-${i}`, network_url: `https://network.test/in/user-${i}`,
            contact_email: r() < 0.4 ? `user${i}@mail.test` : null, enrichment_status: 'DONE', source: 'POST_LIKE', source_content_url: 'https://network.test/posts/1',
            engagement_events_count: Math.floor(r() * 40), engagement_score: r() < 0.8 ? Math.floor(r() * 101) : null, followers_count: Math.floor(r() * 5000),
            connections_count: Math.floor(r() * 3000), country: 'DE', created_at: created, last_engagement_dt: r() < 0.75 ? created + Math.floor(r() * 30 * DAY) : null,
            updated_at: created, is_icp_match: 0, icp_manual: 0, is_account_based: 0,
          });
          history.push({ workspace_id: ws, id: `lh_${i}_a`, lead_id: id, description: 'Lead created from a post like', recorded_at: created });
          if (status !== 'NEW') history.push({ workspace_id: ws, id: `lh_${i}_b`, lead_id: id, description: `Status changed from NEW to ${status}`, recorded_at: created + DAY });
        }
        await tx.insertInto('leads').values(rows).execute();
        await tx.insertInto('lead_history').values(history).execute();
      }
    });
    const done = Math.min(leads, start + 50_000);
    progress(`loaded ${done} / ${leads} leads (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  progress('recreating indexes and triggers…');
  await db.transaction().execute((tx) => runAll(tx, objects.create));
  // What lead_history's suspended triggers keep on SQLite (each lead's history_json), as an import fills it.
  progress('filling each lead\'s kept history…');
  await refillKeptJson(db, ws);
  progress('filling the search index…');
  await rebuildLeadSearch(db);
  progress('rebuilding counters…');
  await rebuildLeadCounts(db, ws);
  // As in production: PostgreSQL's autovacuum gathers statistics; the service never runs ANALYZE on
  // SQLite, whose STAT4 statistics would make it plan every list statement again on each run.
  // VACUUM sets the visibility map, so index-only scans need not visit the rows (autovacuum would, later).
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
}

async function feedsBuilt(db: Db, posts: number): Promise<boolean> {
  try {
    const row = await sql<{ posts: number }>`select posts from bench_cold_feeds_built`.execute(db);
    return Number(row.rows[0]?.posts) === posts;
  } catch {
    return false;
  }
}

/** The feeds' posts, the tracked contacts and the campaigns of the cold workspace (see the header). */
async function loadFeeds(db: Db, posts: number, now: number, progress: (text: string) => void): Promise<void> {
  const ws = COLD_WORKSPACE;
  for (const table of ['posts', 'tracked_contacts', 'campaign_contacts', 'campaign_participants', 'campaigns'] as const) await db.deleteFrom(table).where('workspace_id', '=', ws).execute();
  const tracked = [];
  for (let a = 0; a < COLD_AUTHORS * 0.95; a++) {
    tracked.push({ workspace_id: ws, team_member_id: `tm_${a % COLD_MEMBERS}`, contact_urn: `urn:author:${a}` });
    if (a % 5 === 0) tracked.push({ workspace_id: ws, team_member_id: `tm_${(a + 1) % COLD_MEMBERS}`, contact_urn: `urn:author:${a}` });
  }
  for (let i = 0; i < tracked.length; i += BATCH) await db.insertInto('tracked_contacts').values(tracked.slice(i, i + BATCH)).execute();
  const r = rng(4242);
  const started = performance.now();
  for (let start = 0; start < posts; start += 10_000) {
    await db.transaction().execute(async (tx) => {
      for (let b = start; b < Math.min(posts, start + 10_000); b += BATCH) {
        const rows = [];
        for (let i = b; i < Math.min(posts, b + BATCH); i++) {
          const team = r() < 0.6;
          const author = Math.floor(r() * COLD_AUTHORS);
          const published = now - 1 - Math.floor(r() * COLD_DAYS * DAY);
          rows.push({
            workspace_id: ws, id: `post_${i}`, activity_urn: `urn:activity:${i}`, type: 'SHARE', content: `Post ${i}: a few lines about growth, hiring and the quarter ahead.`,
            parent_content: null, author: team ? `member-${i % COLD_MEMBERS}` : `author-${author}`, post_url: `https://network.test/posts/${i}`, image: null, parent_image: null,
            shares_num: Math.floor(r() * 50), likes_num: Math.floor(r() * 500), impressions_num: r() < 0.8 ? Math.floor(r() * 20_000) : null, comments_num: Math.floor(r() * 80),
            published_at: published, team_member_id: team ? `tm_${Math.floor(r() * COLD_MEMBERS)}` : null, author_urn: team ? null : `urn:author:${author}`,
            created_at: published, updated_at: published,
          });
        }
        await tx.insertInto('posts').values(rows).execute();
      }
    });
    progress(`loaded ${Math.min(posts, start + 10_000)} / ${posts} posts (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  for (let c = 0; c < COLD_CAMPAIGNS; c += BATCH) {
    const campaigns: Insertable<CampaignsTable>[] = [];
    const participants: Insertable<CampaignParticipantsTable>[] = [];
    const contacts: NewCampaignContact[] = [];
    for (let k = c; k < Math.min(COLD_CAMPAIGNS, c + BATCH); k++) {
      const created = now - 1 - Math.floor(r() * COLD_DAYS * DAY);
      campaigns.push({ workspace_id: ws, id: `cmp_${k}`, name: `Campaign ${k}`, status: ['DRAFT', 'ACTIVE', 'COMPLETED', 'ARCHIVED'][k % 4]!, description: null, creator_id: `tm_${k % COLD_MEMBERS}`, settings: '{}', created_at: created, updated_at: created });
      for (let p = 0; p < 1 + (k % 3); p++) participants.push({ workspace_id: ws, campaign_id: `cmp_${k}`, team_member_id: `tm_${(k + p) % COLD_MEMBERS}` });
      for (let n = 0; n < Math.floor(r() * 41); n++) {
        contacts.push({ workspace_id: ws, campaign_id: `cmp_${k}`, id: `cc_${k}_${n}`, username: `user-${k}-${n}`, username_key: `user-${k}-${n}`, network_urn: null, first_name: `First${n}`, last_name: null, email: null, crm_id: null, status: 'QUEUED', created_at: created + n, updated_at: created + n });
      }
    }
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('campaigns').values(campaigns).execute();
      await tx.insertInto('campaign_participants').values(participants).execute();
      for (let i = 0; i < contacts.length; i += BATCH) await tx.insertInto('campaign_contacts').values(contacts.slice(i, i + BATCH)).execute();
    });
  }
  progress(`loaded ${COLD_CAMPAIGNS} campaigns`);
}

/** Adds (once) the feeds' posts and the campaigns to a built cold database (`--suite feeds`). */
export async function ensureColdFeeds(target: DbTarget, posts: number, progress: (text: string) => void): Promise<void> {
  const handle = connectDb(target);
  try {
    if (await feedsBuilt(handle.db, posts)) return;
    progress(`adding ${posts} posts and ${COLD_CAMPAIGNS} campaigns once (${handle.dialect}); later runs reuse them`);
    await sql`drop table if exists bench_cold_feeds_built`.execute(handle.db);
    await loadFeeds(handle.db, posts, (await coldDataDay(handle.db)) * DAY, progress);
    if (handle.dialect === 'postgres') await sql`vacuum analyze`.execute(handle.db);
    await sql`create table bench_cold_feeds_built (posts bigint not null)`.execute(handle.db);
    await sql`insert into bench_cold_feeds_built values (${posts})`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * Opens (building it the first time) the cold-bench database. Returns the day its data ends on:
 * `days` windows and date ranges are relative to it.
 */
export async function ensureColdDatabase(target: DbTarget, leads: number, progress: (text: string) => void): Promise<void> {
  const handle = connectDb(target);
  try {
    if (handle.dialect === 'sqlite') await sql`pragma cache_size = -1000000`.execute(handle.db);
    await migrateToLatest(handle.db);
    if (await isBuilt(handle.db, leads)) return;
    progress(`building the ${leads}-lead workspace once (${handle.dialect}); later runs reuse it`);
    const now = Math.floor(Date.now() / DAY) * DAY;
    await sql`drop table if exists bench_cold_built`.execute(handle.db);
    await load(handle.db, handle.dialect, leads, now, progress);
    await sql`create table bench_cold_built (leads bigint not null, day bigint not null)`.execute(handle.db);
    await sql`insert into bench_cold_built values (${leads}, ${now / DAY})`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

/** The UTC day number the built data ends on (its leads were created in the 730 days before). */
export async function coldDataDay(db: Db): Promise<number> {
  const row = await sql<{ day: number }>`select day from bench_cold_built`.execute(db);
  return Number(row.rows[0]!.day);
}

/**
 * What the cold walks take their filter values from, read from a workspace: the bench's own, or one
 * as it is (`--workspace`, an imported snapshot). Companies and posts in a stable order (posts
 * shortest id first, so the bench's own `post_N` keep their numeric order); lead ids of visible leads
 * for the writer's PATCHes; a team member for its ingestion rounds; `day`, the UTC day number the
 * data ends on, and `span`, the days its leads were created over: given for the bench's own data (its
 * build day, 730), else from the workspace's newest and oldest leads.
 */
export interface WalkData {
  handles: string[];
  companyIds: number[];
  posts: string[];
  leadIds: string[];
  member: string;
  day: number;
  span: number;
  leads: number;
}

export async function walkData(db: Db, workspaceId: string, built: { day: number; span: number } | null): Promise<WalkData> {
  const companies = await db.selectFrom('companies').select(['id', 'slug']).where('workspace_id', '=', workspaceId).orderBy('id').execute();
  const posts = await db.selectFrom('lead_post_counts').select('post_id').where('workspace_id', '=', workspaceId).groupBy('post_id')
    .orderBy(sql`length(post_id)`).orderBy('post_id').execute();
  const leadIds = await db.selectFrom('leads').select('id').where('workspace_id', '=', workspaceId).where('status', '!=', 'DISCARDED').limit(20_000).execute();
  const member = await db.selectFrom('team_members').select('id').where('workspace_id', '=', workspaceId).orderBy('id').executeTakeFirst();
  const span = await db.selectFrom('leads').select([sql<number>`count(*)`.as('n'), sql<number>`min(created_at)`.as('oldest'), sql<number>`max(created_at)`.as('newest')]).where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow();
  if (!member || companies.length === 0 || posts.length === 0 || leadIds.length === 0) {
    throw new Error(`workspace ${workspaceId}: the walks need a team member, companies, posts with leads and visible leads; it has ${member ? 1 : 0}, ${companies.length}, ${posts.length}, ${leadIds.length}`);
  }
  return {
    handles: companies.map((c) => c.slug ?? String(c.id)),
    companyIds: companies.map((c) => Number(c.id)),
    posts: posts.map((p) => p.post_id),
    leadIds: leadIds.map((l) => l.id),
    member: member.id,
    day: built?.day ?? Math.floor(Number(span.newest) / DAY) + 1,
    span: built?.span ?? Math.max(1, Math.ceil((Number(span.newest) - Number(span.oldest)) / DAY)),
    leads: Number(span.n),
  };
}
