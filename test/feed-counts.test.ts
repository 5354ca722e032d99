// The feed totals come from post_counts, kept by triggers (migration 0080): after random writes of
// every kind a post can undergo (insert, upsert as ingestion does, a move in time, a change of
// owner, deletion, a workspace's deletion) and of tracking (members starting and stopping to track
// contacts, several at once) every total equals a COUNT over the posts themselves.
import { Migrator, sql } from 'kysely';
import { expect, it } from 'vitest';
import { countFeed, type FeedFilters } from '../src/content/feed.repository.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { deleteWorkspace } from '../src/workspace/workspace.service.js';
import { Prng } from '../src/demo/prng.js';
import { describeEachDialect, migratedDbForSuite } from './helpers/dialects.js';
import { insertPosts, trackContact } from './helpers/leads-fixture.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);
const MEMBERS = ['tm_0', 'tm_1', 'tm_2'];

describeEachDialect('feed counters', (dialect) => {
  const suiteDb = migratedDbForSuite(dialect);

  async function truth(ws: string, f: FeedFilters): Promise<number> {
    const db = suiteDb();
    let q = db.selectFrom('posts').select(sql<number>`count(*)`.as('n')).where('workspace_id', '=', ws);
    if (f.kind === 'team') q = f.teamMemberId ? q.where('team_member_id', '=', f.teamMemberId) : q.where('team_member_id', 'is not', null);
    else {
      let t = db.selectFrom('tracked_contacts').select('contact_urn').where('workspace_id', '=', ws);
      if (f.teamMemberId) t = t.where('team_member_id', '=', f.teamMemberId);
      q = q.where('author_urn', 'in', t);
    }
    if (f.from !== null) q = q.where('published_at', '>=', f.from);
    if (f.to !== null) q = q.where('published_at', '<', f.to);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  async function expectExact(ws: string): Promise<void> {
    for (const kind of ['team', 'tracked'] as const) {
      for (const member of [null, ...MEMBERS]) {
        for (const [from, to] of [[null, null], [T0 + 3 * DAY, T0 + 9 * DAY], [T0 + 5 * DAY, null], [null, T0 + 2 * DAY], [T0 + 9 * DAY, T0 + 3 * DAY]] as const) {
          const f: FeedFilters = { kind, teamMemberId: member, from, to };
          const expected = from !== null && to !== null && from >= to ? 0 : await truth(ws, f);
          expect(await countFeed(suiteDb(), ws, f), JSON.stringify(f)).toBe(expected);
        }
      }
    }
  }

  it('equal a COUNT after random inserts, upserts, moves, owner changes and deletions of posts, and members starting and stopping to track contacts', async () => {
    const db = suiteDb();
    for (const ws of ['ws_a', 'ws_b']) {
      await db.insertInto('workspaces').values({ id: ws, name: ws, created_at: 0 }).execute();
      await db.insertInto('team_members').values(MEMBERS.map((id) => ({
        workspace_id: ws, id, email: `${id}@c.test`, first_name: null, last_name: null, is_active_seat: 1, integration_status: 'CONNECTED',
        network_username: null, profile_views_count: null, followers_count: null, last_network_update: null, profile_picture: null, time_zone: 'UTC', created_at: 0,
      }))).execute();
      for (let a = 0; a < 6; a++) await trackContact(db, ws, MEMBERS[a % 3]!, `urn:a${a}`);
      await trackContact(db, ws, 'tm_2', 'urn:a0'); // tracked by two members: counted once
    }
    const prng = new Prng(7);
    const r = () => prng.next();
    const owner = () => (r() < 0.5 ? { team_member_id: MEMBERS[Math.floor(r() * 3)]!, author_urn: null } : { team_member_id: null, author_urn: `urn:a${Math.floor(r() * 8)}` });
    let next = 0;
    for (let step = 0; step < 120; step++) {
      const ws = r() < 0.7 ? 'ws_a' : 'ws_b';
      const ids = (await db.selectFrom('posts').select('id').where('workspace_id', '=', ws).execute()).map((p) => p.id);
      const pick = () => ids[Math.floor(r() * ids.length)]!;
      const op = ids.length === 0 ? 0 : Math.floor(r() * 7);
      if (op === 0) await insertPosts(db, ws, Array.from({ length: 1 + Math.floor(r() * 8) }, () => ({ id: `p${next++}`, published_at: T0 + Math.floor(r() * 12 * DAY), ...owner() })));
      else if (op === 1) {
        // As ingestion does: a known post's metrics refreshed, a new one inserted, in one statement.
        await db.insertInto('posts').values([{ ...(await db.selectFrom('posts').selectAll().where('workspace_id', '=', ws).where('id', '=', pick()).executeTakeFirstOrThrow()), impressions_num: step },
          { workspace_id: ws, id: `p${next++}`, author: 'x', post_url: 'u', published_at: T0 + Math.floor(r() * 12 * DAY), created_at: 0, updated_at: 0, activity_urn: null, type: null, content: null, parent_content: null, image: null, parent_image: null, shares_num: null, likes_num: null, impressions_num: null, comments_num: null, ...owner() }])
          .onConflict((oc) => oc.columns(['workspace_id', 'id']).doUpdateSet({ impressions_num: sql.ref('excluded.impressions_num') })).execute();
      } else if (op === 2) await db.updateTable('posts').set({ published_at: T0 + Math.floor(r() * 12 * DAY) }).where('workspace_id', '=', ws).where('id', '=', pick()).execute();
      else if (op === 3) await db.updateTable('posts').set(owner()).where('workspace_id', '=', ws).where('id', '=', pick()).execute();
      else if (op === 4) await db.deleteFrom('posts').where('workspace_id', '=', ws).where('id', 'in', [pick(), pick()]).execute();
      else if (op === 5) {
        // Members start tracking contacts, several rows in one statement: a contact new to the
        // workspace's tracked set by two members at once, one already tracked, one already by this member.
        const rows = Array.from({ length: 1 + Math.floor(r() * 4) }, () => ({ workspace_id: ws, team_member_id: MEMBERS[Math.floor(r() * 3)]!, contact_urn: `urn:a${Math.floor(r() * 8)}` }));
        await db.insertInto('tracked_contacts').values(rows).onConflict((oc) => oc.columns(['workspace_id', 'team_member_id', 'contact_urn']).doNothing()).execute();
      } else {
        // Members stop tracking: one row, or every tracker of a contact in one statement.
        const contact = `urn:a${Math.floor(r() * 8)}`;
        let q = db.deleteFrom('tracked_contacts').where('workspace_id', '=', ws).where('contact_urn', '=', contact);
        if (r() < 0.6) q = q.where('team_member_id', '=', MEMBERS[Math.floor(r() * 3)]!);
        await q.execute();
      }
      if (step % 10 === 9) await expectExact(ws);
    }
    expect(await db.selectFrom('tracked_contacts').select('contact_urn').where('workspace_id', '=', 'ws_a').execute()).not.toHaveLength(0);
    await expectExact('ws_a');
    await expectExact('ws_b');
    await deleteWorkspace(db, 'ws_b');
    expect(await db.selectFrom('post_counts').select('owner').where('workspace_id', '=', 'ws_b').execute()).toEqual([]);
    await expectExact('ws_a');
  });

  it("are made from the posts and the tracked contacts already there when the migration adding the trackers' counters runs (and removed by its down)", async () => {
    const db = suiteDb();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { results } = await migrator.migrateTo('0082_follow_up_steps');
    expect(results?.map((m) => [m.migrationName, m.status])).toEqual([['0106_post_engagement_reads', 'Success'], ['0104_console_saved_views', 'Success'], ['0103_lead_search', 'Success'], ['0101_do_not_process', 'Success'], ['0100_enrichment_results', 'Success'], ['0097_crm', 'Success'], ['0095_activity_log', 'Success'], ['0094_idempotency_keys', 'Success'], ['0093_network_budgets', 'Success'], ['0092_bucket_email_partial', 'Success'], ['0091_post_indexes_with_company', 'Success'], ['0090_group_count_email_partial', 'Success'], ['0089_filter_statistics', 'Success'], ['0088_group_count_email', 'Success'], ['0087_compact_company_json', 'Success'], ['0086_group_indexes_with_dates', 'Success'], ['0085_list_kept_json', 'Success'], ['0084_lead_count_levels', 'Success'], ['0083_tracked_feed_counts', 'Success']]);
    const trackers = () => db.selectFrom('post_counts').select('owner').where((eb) => eb.or([eb('owner', '=', 'tracked'), eb('owner', 'like', 'tr:%')])).execute();
    expect(await trackers()).toEqual([]);
    await migrateToLatest(db);
    expect(await trackers()).not.toEqual([]);
    await expectExact('ws_a'); // the posts and tracked contacts the test above left
    // Their counters follow inserts and deletes; an update (which no code makes) is refused.
    await expect(db.updateTable('tracked_contacts').set({ contact_urn: 'urn:other' }).where('workspace_id', '=', 'ws_a').execute()).rejects.toThrow(/never updated/);
  });
});
