import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiKey } from '../src/auth/api-keys.service.js';
import { connectDb } from '../src/db/connect.js';
import type { Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { ManualClock } from '../src/shared/clock.js';
import { prepareFirstRun } from '../src/demo/first-run.js';
import { exportSnapshot } from '../src/snapshot/snapshot.export.js';
import { importSnapshot } from '../src/snapshot/snapshot.import.js';
import { runCli } from './helpers/cli.js';
import { makeClient } from './helpers/client.js';
import { createTestDatabase, dbArgOf, describeEachDialect } from './helpers/dialects.js';
import { countsKeptAndRebuilt } from './helpers/ingestion-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';
import { snapshotFixture, toStream } from './helpers/snapshot-fixture.js';
import { tempDir } from './helpers/temp-dirs.js';

const TABLES = ['workspaces', 'team_members', 'tracked_contacts', 'credit_ledger', 'companies', 'contacts', 'posts', 'leads', 'lead_history', 'lead_notes', 'connections', 'campaigns', 'campaign_participants', 'campaign_contacts'] as const;

async function countRows(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = Number((await db.selectFrom(t).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return out;
}

async function exportText(db: Db, workspaceId: string): Promise<string> {
  let text = '';
  const sink = new Writable({ write: (chunk, _enc, done) => ((text += chunk), done()) });
  await exportSnapshot(db, workspaceId, sink);
  return text;
}

describeEachDialect('workspace snapshots', (dialect) => {
  let server: TestServer;
  let db: Db;
  const clock = new ManualClock(Date.parse('2025-06-01T00:00:00Z'));
  const dbUrl = () => dbArgOf(server.config.db);
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
    db = server.ctx.database.db;
  });
  afterAll(() => server.close());

  it('imports a document: the API shows its members and credits, and export gives the document back', async () => {
    const doc = snapshotFixture(30, 'ws_api');
    expect(await importSnapshot(db, clock, toStream(doc))).toEqual({ workspaceId: 'ws_api', bindings: {}, counts: { team_members: 3, companies: 2, contacts: 20, posts: 4, leads: 30, connections: 2, campaigns: 1 } });
    const client = makeClient(server.url, (await createApiKey(db, clock, 'ws_api', 't')).key);
    const users = (await client.get('/v2/workspace/users')).body;
    const byEmail = (a: any, b: any) => Number(b.is_active_seat) - Number(a.is_active_seat) || a.email.localeCompare(b.email);
    const expectedUsers = doc.team_members.map(({ tracked_contacts, network_urn, ...u }: any) => ({ ...u, profile_picture: u.profile_picture ?? `${server.url}/static/placeholder-avatar.svg` })).sort(byEmail);
    expect(users).toEqual(expectedUsers);
    const balance = doc.workspace.credits.reduce((s: number, c: any) => s + c.delta, 0);
    const last = doc.workspace.credits.map((c: any) => c.created_at).sort().at(-1);
    expect((await client.get('/v2/workspace/credits')).body).toEqual({ current_balance: balance, last_updated: last });
    const text = await exportText(db, 'ws_api');
    expect(JSON.parse(text)).toEqual(doc);
    expect(text.replace(/\n/g, '')).toBe(JSON.stringify(doc)); // same field order too
  });

  it('imported leads are listed by the API with exact totals (discarded ones left out)', async () => {
    const doc = snapshotFixture(40, 'ws_leads');
    doc.leads[0].status = 'DISCARDED';
    doc.leads[1].status = 'QUALIFIED';
    await importSnapshot(db, clock, toStream(doc));
    const client = makeClient(server.url, (await createApiKey(db, clock, 'ws_leads', 't')).key);
    const visible = doc.leads.filter((l: any) => l.status !== 'DISCARDED');
    const listed: any[] = [];
    let page = (await client.get('/v2/leads?limit=15')).body;
    expect(page.total).toBe(visible.length);
    listed.push(...page.items);
    while (page.cursor) {
      page = (await client.get(`/v2/leads?limit=15&cursor=${page.cursor}`)).body;
      listed.push(...page.items);
    }
    expect(listed.map((l) => l.id).sort()).toEqual(visible.map((l: any) => l.id).sort());
    for (const status of ['NEW', 'QUALIFIED', 'DISQUALIFIED']) {
      expect((await client.get(`/v2/leads?status=${status}`)).body.total, status).toBe(visible.filter((l: any) => l.status === status).length);
    }
    // Every counter the import built equals a COUNT of the leads it wrote.
    const { kept, rebuilt } = await countsKeptAndRebuilt(db, 'ws_leads');
    expect(kept).toEqual(rebuilt);
  });

  it('derives a lead profile from its contact, source_content_url from its post, and generates absent ids', async () => {
    const doc = snapshotFixture(0, 'ws_derive');
    doc.leads = [{ contact_urn: 'urn000002', team_member_id: 'tm_b', source_post_id: 'p_000001', first_name: 'Given', headline: null, created_at: '2025-03-02T10:00:00Z' }];
    await importSnapshot(db, clock, toStream(doc));
    const [lead] = JSON.parse(await exportText(db, 'ws_derive')).leads;
    const contact = doc.contacts[2];
    expect(lead.id).toMatch(/^ld_/);
    expect(lead).toMatchObject({ first_name: 'Given', last_name: contact.last_name, headline: null, job_title: contact.job_title, username: contact.username, network_url: contact.network_url, followers_count: contact.followers_count });
    expect(lead).toMatchObject({ source_content_url: doc.posts[1].post_url, status: 'NEW', tags: [], is_icp_match: false, history: [], notes: [] });
    expect(lead).not.toHaveProperty('team_member_email');
  });

  it('is idempotent: importing twice gives the same rows and export; children are replaced, not added', async () => {
    const doc = snapshotFixture(120, 'ws_twice');
    await importSnapshot(db, clock, toStream(doc));
    const counts = await countRows(db);
    const first = await exportText(db, 'ws_twice');
    await importSnapshot(db, clock, toStream(doc));
    expect(await countRows(db)).toEqual(counts);
    expect(await exportText(db, 'ws_twice')).toBe(first);
    const leaner = snapshotFixture(120, 'ws_twice');
    leaner.leads[2].history = [];
    leaner.workspace.credits = [leaner.workspace.credits[0]];
    await importSnapshot(db, clock, toStream(leaner));
    const after = await countRows(db);
    expect(after.lead_history).toBe(counts.lead_history - doc.leads[2].history.length);
    expect(after.credit_ledger).toBe(counts.credit_ledger - 1);
    expect(JSON.parse(await exportText(db, 'ws_twice'))).toEqual(leaner);
  });

  it('round trip: export, import into an empty database, export again gives the identical document', async () => {
    const doc = snapshotFixture(700, 'ws_round');
    doc.leads[5] = { id: 'ld_000005', contact_urn: 'urn000005', created_at: '2025-03-01T01:00:00Z' }; // minimal lead, filled by import
    await importSnapshot(db, clock, toStream(doc));
    const first = await exportText(db, 'ws_round');
    const other = await createTestDatabase(dialect);
    const handle = connectDb(other.target);
    try {
      await migrateToLatest(handle.db);
      await importSnapshot(handle.db, new ManualClock(0), toStream(JSON.parse(first)));
      expect(await exportText(handle.db, 'ws_round')).toBe(first);
    } finally {
      await handle.close();
      await other.drop();
    }
  });

  it('keeps a contact\'s follow-up step through export and import; an absent step is 0', async () => {
    const doc = snapshotFixture(5, 'ws_steps');
    doc.campaigns[0].contacts[0] = { ...doc.campaigns[0].contacts[0], status: 'CONNECTED', follow_up_step: 2 };
    await importSnapshot(db, clock, toStream(doc));
    const steps = async (d: Db) => (await d.selectFrom('campaign_contacts').select(['id', 'follow_up_step']).where('workspace_id', '=', 'ws_steps').orderBy('id').execute()).map((c) => [c.id, Number(c.follow_up_step)]);
    expect(await steps(db)).toEqual([['cc_1', 2], ['cc_2', 0]]);
    const text = await exportText(db, 'ws_steps');
    expect(JSON.parse(text).campaigns[0].contacts.map((c: any) => c.follow_up_step)).toEqual([2, undefined]);
    const other = await createTestDatabase(dialect);
    const handle = connectDb(other.target);
    try {
      await migrateToLatest(handle.db);
      await importSnapshot(handle.db, new ManualClock(0), toStream(JSON.parse(text)));
      expect(await steps(handle.db)).toEqual([['cc_1', 2], ['cc_2', 0]]);
    } finally {
      await handle.close();
      await other.drop();
    }
    const bad = snapshotFixture(5, 'ws_steps_bad');
    bad.campaigns[0].contacts[0].follow_up_step = -1;
    await expect(importSnapshot(db, clock, toStream(bad))).rejects.toThrow(/follow_up_step/);
  });

  it('refuses a schema error or a dangling reference, naming the JSON path, and writes nothing', async () => {
    const before = await countRows(db);
    const badDate = snapshotFixture(10, 'ws_bad');
    badDate.leads[3].created_at = 'yesterday';
    await expect(importSnapshot(db, clock, toStream(badDate))).rejects.toThrow('leads[3].created_at: must be a date-time string');
    const badNested = snapshotFixture(10, 'ws_bad');
    badNested.leads[4].history = [{ id: 'h', recorded_at: 5 }];
    await expect(importSnapshot(db, clock, toStream(badNested))).rejects.toThrow('leads[4].history[0].recorded_at: must be string,null');
    // The fault sits in the third batch of leads: the first two were already written in the transaction.
    const dangling = snapshotFixture(1300, 'ws_bad');
    dangling.leads[1200].team_member_id = 'tm_nobody';
    await expect(importSnapshot(db, clock, toStream(dangling))).rejects.toThrow('leads[1200].team_member_id: no team member "tm_nobody"');
    // Half a surrogate pair: SQLite would store bytes that are not UTF-8, PostgreSQL refused the whole import without saying where.
    const halfPair = snapshotFixture(10, 'ws_bad');
    halfPair.leads[4].history = [{ id: 'h', description: 'cut \ud83d here', recorded_at: null }];
    await expect(importSnapshot(db, clock, toStream(halfPair))).rejects.toThrow('leads[4].history[0].description: not valid Unicode (a \\u escape of half a surrogate pair');
    const badCampaign = snapshotFixture(10, 'ws_bad');
    badCampaign.campaigns[0].participant_ids = ['tm_a', 'tm_x'];
    await expect(importSnapshot(db, clock, toStream(badCampaign))).rejects.toThrow('campaigns[0].participant_ids[1]: no team member "tm_x"');
    expect(await countRows(db)).toEqual(before);
  });

  it('refuses sections out of order and constraint clashes; a repeated id keeps its last item', async () => {
    const before = await countRows(db);
    const { posts, ...rest } = snapshotFixture(3, 'ws_odd');
    const { leads, connections, campaigns, ...head } = rest;
    await expect(importSnapshot(db, clock, toStream({ ...head, leads: leads.map((l: any) => ({ ...l, source_post_id: null })), posts }))).rejects.toThrow('posts: must come before leads');
    const clash = snapshotFixture(3, 'ws_odd');
    clash.campaigns[0].contacts[1].username = 'PERSON-1';
    await expect(importSnapshot(db, clock, toStream(clash))).rejects.toThrow(/^\$: the database refused the snapshot/);
    expect(await countRows(db)).toEqual(before);
    const repeated = snapshotFixture(3, 'ws_odd');
    repeated.leads.push({ ...repeated.leads[1], status: 'DISCARDED' });
    await importSnapshot(db, clock, toStream(repeated));
    const leadsOut = JSON.parse(await exportText(db, 'ws_odd')).leads;
    expect(leadsOut).toHaveLength(3);
    expect(leadsOut[1].status).toBe('DISCARDED');
  });

  it('accepts references to what the workspace already holds', async () => {
    await importSnapshot(db, clock, toStream(snapshotFixture(2, 'ws_refs')));
    const addition = { format: 'workspace-snapshot', version: 1, workspace: { id: 'ws_refs', name: 'Renamed' }, leads: [{ id: 'ld_new', team_member_id: 'tm_b', source_post_id: 'p_000002', company_id: 1002, created_at: '2025-04-01T00:00:00Z' }] };
    await importSnapshot(db, clock, toStream(addition));
    const doc = JSON.parse(await exportText(db, 'ws_refs'));
    expect(doc.workspace.name).toBe('Renamed');
    expect(doc.leads.map((l: any) => l.id)).toEqual(['ld_000000', 'ld_000001', 'ld_new']);
    expect(doc.team_members).toHaveLength(3);
  });

  it('CLI: import a file and stdin (--json), export to stdout and to a file, bad file exits 1 with the path', async () => {
    const dir = tempDir('snap');
    const env = { WARMLINE_DB: dbUrl() };
    const file = path.join(dir, 'in.json');
    const doc = snapshotFixture(40, 'ws_cli');
    fs.writeFileSync(file, JSON.stringify(doc));
    const imported = await runCli(['import', file, '--json'], { env });
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toEqual({ workspace_id: 'ws_cli', network: { provider: 'none', options: {} }, enrichment: { provider: 'none', options: {} } });
    const exported = await runCli(['export', '--workspace', 'ws_cli'], { env });
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout)).toEqual(doc);
    const out = path.join(dir, 'out.json');
    expect((await runCli(['export', '--workspace', 'ws_cli', '--out', out], { env })).code).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toBe(exported.stdout);
    const piped = await runCli(['import', '-', '--json'], { env, input: JSON.stringify({ ...doc, workspace: { ...doc.workspace, id: 'ws_cli_stdin' } }) });
    expect(JSON.parse(piped.stdout)).toMatchObject({ workspace_id: 'ws_cli_stdin', network: { provider: 'none' } });
  }, 60_000);

  it('CLI: a bad file exits 1 naming the path and writes nothing; export of an unknown workspace fails; help', async () => {
    const dir = tempDir('snap');
    const env = { WARMLINE_DB: dbUrl() };
    const file = path.join(dir, 'bad.json');
    const doc = snapshotFixture(5, 'ws_cli_bad');
    const before = await countRows(db);
    doc.posts[1].published_at = '2025-13-01T00:00:00Z';
    fs.writeFileSync(file, JSON.stringify(doc));
    const bad = await runCli(['import', file], { env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('posts[1].published_at: must be a date-time string');
    expect(await countRows(db)).toEqual(before);
    const missing = await runCli(['export', '--workspace', 'ws_missing'], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no workspace with id ws_missing');
    for (const args of [['import', '--help'], ['export', '--help']]) expect((await runCli(args)).stdout).toContain('Usage: warmline');
  }, 60_000);

  it('first run imports the demo workspace: members, credits and leads behind a working key', async () => {
    const fresh = await startServer(dialect, { clock });
    try {
      const result = await prepareFirstRun(fresh.ctx);
      expect(result).not.toBeNull();
      const client = makeClient(fresh.url, result!.apiKey);
      const users = (await client.get('/v2/workspace/users')).body;
      expect(users.length).toBeGreaterThanOrEqual(3);
      expect(users.filter((u: any) => u.integration_status === 'CONNECTED')).toHaveLength(2); // both senders of the demo campaign
      expect((await client.get('/v2/workspace/credits')).body.current_balance).toBeGreaterThan(0);
      const demo = JSON.parse(await exportText(fresh.ctx.database.db, result!.workspaceId));
      expect(demo.leads.length).toBeGreaterThanOrEqual(200);
      const day = 86_400_000;
      for (const lead of demo.leads) expect(clock.now() - Date.parse(lead.created_at)).toBeLessThanOrEqual(61 * day);
      expect(new Set(demo.leads.map((l: any) => l.status))).toEqual(new Set(['NEW', 'QUALIFIED', 'DISQUALIFIED', 'DISCARDED']));
      expect(demo.campaigns.length).toBeGreaterThanOrEqual(2);
      expect(await prepareFirstRun(fresh.ctx)).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});
