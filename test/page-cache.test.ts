// List pages are served from a cache that must never be stale: every write to what a page shows,
// made by any code path (here straight to the database, as ingestion or another process would),
// changes the next answer at once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiKey } from '../src/auth/api-keys.service.js';
import type { Db } from '../src/db/database.js';
import { adjustLeadCount } from '../src/leads/lead-counts.js';
import { ManualClock } from '../src/shared/clock.js';
import { importSnapshot } from '../src/snapshot/snapshot.import.js';
import { makeClient, type Client } from './helpers/client.js';
import { describeEachDialect } from './helpers/dialects.js';
import { startServer, type TestServer } from './helpers/server.js';
import { snapshotFixture, toStream } from './helpers/snapshot-fixture.js';
import { StatementCounter } from './helpers/statement-counter.js';

describeEachDialect('page cache invalidation', (dialect) => {
  let server: TestServer;
  let db: Db;
  let client: Client;
  const clock = new ManualClock(Date.parse('2025-06-01T12:00:00Z'));
  const WS = 'ws_cache';
  const statements = new StatementCounter();
  beforeAll(async () => {
    server = await startServer(dialect, { clock, dbPlugins: [statements] });
    db = server.ctx.database.db;
    await importSnapshot(db, clock, toStream(snapshotFixture(12, WS)));
    await importSnapshot(db, clock, toStream(snapshotFixture(3, 'ws_other')));
    client = makeClient(server.url, (await createApiKey(db, clock, WS, 't')).key);
  });
  afterAll(() => server.close());

  const page = async (query = '') => (await client.get(`/v2/leads?sort_by=oldest_first${query}`)).body;
  const firstLead = async () => (await page()).items[0];

  it('answers the same request with the same bytes while nothing changes, from the cache once it was asked twice', async () => {
    await client.get('/v2/leads?limit=1'); // the key and its workspace are known from here on
    for (const url of ['/v2/leads?limit=5', '/v2/content/team/feed?limit=3']) {
      let a, b, c;
      const built = await statements.during(async () => (a = await client.get(url)));
      // Asked once, a page is not kept (most keys of a workspace being written to are asked once).
      expect(await statements.during(async () => (b = await client.get(url))), url).toBe(built);
      const cached = await statements.during(async () => (c = await client.get(url)));
      expect([b!.text, c!.text], url).toEqual([a!.text, a!.text]);
      // A page built runs its list queries; a page from the cache only the API key's look-up, which
      // reads the workspace's data version with the key (http/auth.ts): one statement.
      expect(cached, `${url}: ${built} statements built, ${cached} cached`).toBeLessThan(built);
      expect(cached, url).toBe(1);
      expect(await statements.during(() => client.get(url)), url).toBe(cached);
    }
  });

  it('shows a change to a lead, its history, notes, company or source member at once', async () => {
    const lead = await firstLead();
    await db.updateTable('leads').set({ engagement_score: 99 }).where('workspace_id', '=', WS).where('id', '=', lead.id).execute();
    expect((await firstLead()).engagement_score).toBe(99);

    await db.insertInto('lead_history').values({ workspace_id: WS, id: 'h_new', lead_id: lead.id, description: 'Commented on a post', recorded_at: clock.now() }).execute();
    expect((await firstLead()).history.map((h: any) => h.id)).toContain('h_new');

    await db.insertInto('lead_notes').values({ workspace_id: WS, id: 'n_new', lead_id: lead.id, content: 'call', created_at: clock.now(), updated_at: clock.now() }).execute();
    expect((await firstLead()).notes.map((n: any) => n.id)).toContain('n_new');

    const withCompany = (await page()).items.find((l: any) => l.company);
    await db.updateTable('companies').set({ name: 'Renamed Inc' }).where('workspace_id', '=', WS).where('id', '=', withCompany.company.id).execute();
    expect((await page()).items.find((l: any) => l.id === withCompany.id).company.name).toBe('Renamed Inc');

    const sourced = (await page()).items.find((l: any) => l.team_member_email);
    const member = await db.selectFrom('team_members').select('id').where('workspace_id', '=', WS).where('email', '=', sourced.team_member_email).executeTakeFirstOrThrow();
    await db.updateTable('team_members').set({ email: 'moved@acme.test' }).where('workspace_id', '=', WS).where('id', '=', member.id).execute();
    expect((await page()).items.find((l: any) => l.id === sourced.id).team_member_email).toBe('moved@acme.test');
  });

  it('shows inserted and deleted leads and the new total at once', async () => {
    const before = await page();
    const template = await db.selectFrom('leads').selectAll().where('workspace_id', '=', WS).where('id', '=', before.items[0].id).executeTakeFirstOrThrow();
    const inserted = { ...template, id: 'ld_inserted', status: 'NEW', created_at: template.created_at - 1 };
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('leads').values(inserted).execute();
      await adjustLeadCount(tx, WS, inserted, 1);
    });
    const after = await page();
    expect(after.items[0].id).toBe('ld_inserted');
    expect(after.total).toBe(before.total + 1);
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('leads').where('workspace_id', '=', WS).where('id', '=', 'ld_inserted').execute();
      await adjustLeadCount(tx, WS, inserted, -1);
    });
    const gone = await page();
    expect([gone.items[0].id, gone.total]).toEqual([before.items[0].id, before.total]);
  });

  it('shows feed changes (new posts, tracking) at once', async () => {
    const feed = (await client.get('/v2/content/team/feed')).body;
    const post = await db.selectFrom('posts').selectAll().where('workspace_id', '=', WS).where('team_member_id', 'is not', null).executeTakeFirstOrThrow();
    await db.insertInto('posts').values({ ...post, id: 'p_new', published_at: clock.now() }).execute();
    const next = (await client.get('/v2/content/team/feed')).body;
    expect(next.items[0].id).toBe('p_new');
    expect(next.total).toBe(feed.total + 1);
    const tracked = (await client.get('/v2/content/tracked-contacts/feed')).body;
    await db.deleteFrom('tracked_contacts').where('workspace_id', '=', WS).execute();
    const untracked = (await client.get('/v2/content/tracked-contacts/feed')).body;
    expect(tracked.total).toBeGreaterThan(0);
    expect(untracked.total).toBe(0);
  });

  it('starts a new `days` window when the UTC day turns', async () => {
    const created = await db.selectFrom('leads').select('created_at').where('workspace_id', '=', WS).where('status', '!=', 'DISCARDED').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    clock.set(Number(created.created_at) + 3_600_000);
    const today = (await client.get('/v2/leads?days=0')).body.total;
    expect(today).toBeGreaterThan(0);
    clock.advance(2 * 86_400_000);
    expect((await client.get('/v2/leads?days=0')).body.total).toBe(0);
  });

  it('moves the version only for the workspace written to, on insert, update and delete of every watched table', async () => {
    const version = async (id: string) => Number((await db.selectFrom('workspaces').select('data_version').where('id', '=', id).executeTakeFirstOrThrow()).data_version);
    const v = () => version(WS);
    const other = () => version('ws_other');
    const otherBefore = await other();
    let last = await v();
    const moved = async () => {
      const now = await v();
      expect(now).toBeGreaterThan(last);
      last = now;
    };
    await db.insertInto('tracked_contacts').values({ workspace_id: WS, team_member_id: 'tm_a', contact_urn: 'urn_t' }).execute();
    await moved();
    await db.updateTable('posts').set({ likes_num: 5 }).where('workspace_id', '=', WS).execute();
    await moved();
    await db.deleteFrom('lead_notes').where('workspace_id', '=', WS).execute();
    await moved();
    await db.updateTable('lead_history').set({ description: 'x' }).where('workspace_id', '=', WS).execute();
    await moved();
    expect(await other()).toBe(otherBefore);
  });
});
