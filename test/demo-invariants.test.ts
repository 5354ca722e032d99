// The demo workspace must survive a careful user's look (docs/decisions.md, "Demo data"): checked
// through the API over every lead at start, and again after the worker synced the demo's network,
// which lives a day every 20 s (DEMO_PACE) on the test's clock.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareFirstRun } from '../src/demo/first-run.js';
import { createWorker } from '../src/engine/worker-tasks.js';
import { ManualClock } from '../src/shared/clock.js';
import { toIso } from '../src/shared/time.js';
import { runCli } from './helpers/cli.js';
import { makeClient, type Client } from './helpers/client.js';
import { dbArgOf, describeEachDialect } from './helpers/dialects.js';
import { startServer, type TestServer } from './helpers/server.js';

const SOURCE_OF_VERB: Record<string, string> = { 'Reacted to': 'POST_LIKE', 'Commented on': 'POST_COMMENT', Reposted: 'POST_REPOST' };
const ENGAGEMENT = /^(Reacted to|Commented on|Reposted) /;
const SIZES = new Set(['1-10', '11-50', '51-200', '201-1000', '1001-5000', '5001-20000']);

async function walk(client: Client, path: string): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const page: any = await client.get(`${path}${sep}limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(page.status, page.text).toBe(200);
    items.push(...page.body.items);
    cursor = page.body.has_more ? page.body.cursor : null;
  } while (cursor);
  return items;
}

/** Every lead the API shows (discarded ones it never does). */
const allLeads = (client: Client) => walk(client, '/v2/leads');

async function expectCoherent(server: TestServer, client: Client) {
  const serverUrl = server.url;
  // Discarded leads included, which the API never shows: one lead per person in the workspace.
  const perPerson = await server.ctx.database.db
    .selectFrom('leads')
    .select(['contact_urn', (eb) => eb.fn.countAll<number>().as('n')])
    .where('workspace_id', '=', 'ws_demo')
    .groupBy('contact_urn')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  expect(perPerson).toEqual([]);
  const leads = await allLeads(client);
  expect(leads.length).toBeGreaterThan(0);
  // One lead per person (the username names the person on the network), one email per person.
  const people = leads.map((l) => l.username);
  expect(new Set(people).size).toBe(leads.length);
  const emails = leads.flatMap((l) => (l.contact_email ? [l.contact_email] : []));
  expect(new Set(emails).size).toBe(emails.length);
  const postIds = new Map<string, string[]>();
  for (const lead of leads) {
    const where = `${lead.id} (${lead.username})`;
    const engagement = [...lead.history].filter((h: any) => ENGAGEMENT.test(h.description)).sort((a: any, b: any) => Date.parse(a.recorded_at) - Date.parse(b.recorded_at));
    expect(engagement.length, where).toBe(lead.engagement_events_count);
    const first = engagement[0];
    const firstKinds = engagement.filter((h: any) => h.recorded_at === first.recorded_at).map((h: any) => SOURCE_OF_VERB[ENGAGEMENT.exec(h.description)![1]!]);
    expect(firstKinds, where).toContain(lead.source);
    // created_at is when the person first engaged; last_engagement_dt when they last did.
    expect(Date.parse(lead.created_at), where).toBe(Date.parse(first.recorded_at));
    expect(Date.parse(lead.last_engagement_dt), where).toBe(Date.parse(engagement[engagement.length - 1].recorded_at));
    // Pictures are the service's own placeholder, or none: never a host that does not resolve.
    if (lead.picture !== null) expect(lead.picture.startsWith(`${serverUrl}/static/`), where).toBe(true);
    expect(lead.company, where).not.toBeNull();
    if (lead.company.picture) expect(lead.company.picture.startsWith(`${serverUrl}/static/`), where).toBe(true);
    expect(SIZES.has(`${lead.company.employees_num_min}-${lead.company.employees_num_max}`), `${where}: ${lead.company.employees_num_min}-${lead.company.employees_num_max}`).toBe(true);
    if (lead.contact_email) expect(lead.contact_email.endsWith(`@${new URL(lead.company.website_url).host}`), where).toBe(true);
    // The source post's URL ends with its id: the user can filter by it.
    const postId = new URL(lead.source_content_url).pathname.split('/').pop()!;
    postIds.set(postId, [...(postIds.get(postId) ?? []), lead.id]);
  }
  for (const [postId, ids] of postIds) {
    const found = (await walk(client, `/v2/leads?post_id=${encodeURIComponent(postId)}`)).map((l) => l.id);
    expect(found.sort(), postId).toEqual(ids.sort());
  }
  return leads;
}

describeEachDialect('the demo workspace agrees with itself', (dialect) => {
  let server: TestServer;
  let client: Client;
  // A Saturday afternoon in the senders' zone (UTC): outside a new workspace's working hours
  // (Monday to Friday, 09:00–18:00), inside the demo's own (every day, around the clock).
  const clock = new ManualClock(Date.parse('2025-06-07T14:00:00Z'));
  beforeAll(async () => {
    server = await startServer(dialect, { clock, flags: { rateLimit: 100_000 } });
    const first = await prepareFirstRun(server.ctx);
    client = makeClient(server.url, first!.apiKey);
  });
  afterAll(() => server.close());

  it('at start: one lead per person, history, source, dates, emails, pictures and posts agree', async () => {
    const leads = await expectCoherent(server, client);
    expect(leads.length).toBeGreaterThan(200); // 300 people, less the discarded
    const credits = await client.get('/v2/workspace/credits');
    const emails = leads.filter((l) => l.contact_email).length;
    expect(credits.body.current_balance).toBe(500); // the grant, less one credit per email found
    expect(emails).toBeGreaterThan(100);
    const users = await client.get('/v2/workspace/users');
    const senders = users.body.filter((u: any) => ['tm_demo_ana', 'tm_demo_bo'].includes(u.id));
    expect(senders.map((u: any) => u.integration_status)).toEqual(['CONNECTED', 'CONNECTED']);
  });

  it('after the worker synced the network: new leads and posts, still coherent; and its campaign sends at this hour, a Saturday afternoon', async () => {
    await createWorker(server.ctx).drain(); // the first sync of each member
    const before = await allLeads(client);
    const feedBefore = (await client.get('/v2/content/team/feed?limit=50')).body.total;
    // Five minutes later (five network days at the demo's pace, past the 15 s sync interval), more.
    clock.advance(5 * 60_000);
    await createWorker(server.ctx).drain();
    const after = await expectCoherent(server, client);
    expect(after.length).toBeGreaterThan(before.length);
    const feed = await client.get('/v2/content/team/feed?limit=50');
    expect(feed.body.total).toBeGreaterThan(feedBefore);
    for (const post of feed.body.items) expect(new URL(post.post_url).pathname.split('/').pop()).toBe(post.id);
    // Synced leads are born when they first engaged, not when the sync saw them: not all at one instant.
    const synced = after.filter((l) => !l.id.startsWith('ld_demo_'));
    expect(new Set(synced.map((l) => l.created_at)).size).toBeGreaterThan(synced.length / 2);

    const campaign = await client.get('/v2/networking/campaigns/cmp_demo_q2');
    expect(campaign.status, campaign.text).toBe(200);
    expect(campaign.body.contacts.filter((c: any) => c.status !== 'QUEUED').length).toBeGreaterThan(0);
    for (const c of campaign.body.contacts) expect(c.status_reason ?? '').not.toMatch(/waiting for working hours/);
    // The operator's view says the same, on the same clock: no sender waits.
    const db = dbArgOf(server.config.db);
    const stats = await runCli(['campaign', 'stats', 'cmp_demo_q2', '--workspace', 'ws_demo', '--db', db], { env: { WARMLINE_CLOCK_START: toIso(clock.now()) } });
    expect(stats.code, stats.stderr).toBe(0);
    expect(stats.stdout).not.toMatch(/waiting for working hours/);
  }, 120_000);

  it('within the hour, on the same Saturday: acceptances, a follow-up and a reply', async () => {
    const db = server.ctx.database.db;
    const statuses = async () => (await client.get('/v2/networking/campaigns/cmp_demo_q2')).body.contacts.map((c: any) => c.status as string);
    const followUps = async () => (await db.selectFrom('network_actions').select('id').where('workspace_id', '=', 'ws_demo').where('kind', '=', 'MESSAGE').where('status', '=', 'SENT').execute()).length;
    const end = clock.now() + 2 * 3_600_000;
    while (clock.now() < end && !((await statuses()).includes('REPLIED') && (await followUps()) > 0)) {
      clock.advance(60_000);
      await createWorker(server.ctx).drain();
    }
    const seen = await statuses();
    expect(seen.filter((s: string) => s === 'CONNECTED' || s === 'REPLIED').length, seen.join(',')).toBeGreaterThan(0);
    expect(seen, seen.join(',')).toContain('REPLIED');
    expect(await followUps()).toBeGreaterThan(0);
    expect(new Date(clock.now()).getUTCDay()).toBe(6); // still Saturday
  }, 180_000);
});
