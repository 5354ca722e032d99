// The console's Feeds, Team and Settings pages in a real Chromium against the real service, each
// compared with the API's own answer: feed filters and paging, tracking, the team and linking,
// credits, an ICP rule refused beside its field, a suppression CSV previewed with its rejected rows.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { grantCredits } from '../src/workspace/workspace.service.js';
import { describeWithChromium, launchChromium, SCREENSHOTS } from './helpers/chromium.js';
import { openPage, screenshots, signInThroughPage } from './helpers/console-browser.js';
import { CONSOLE_PASSWORD, consoleSession } from './helpers/console-session.js';
import { insertPosts, trackContact } from './helpers/leads-fixture.js';
import { addContact } from './helpers/networking-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

const H = 3_600_000;

describeWithChromium('console Feeds, Team and Settings in Chromium', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let page: Page;
  let ws: Awaited<ReturnType<TestServer['newWorkspace']>>;
  let adminEmail: string;
  let memberEmail: string;
  const poll = <T,>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 10_000 });
  const ids = (selector: string, attribute: string) => () => page.locator(selector).evaluateAll((rows, a) => rows.map((r) => r.getAttribute(a)), attribute);
  const postIds = ids('tbody tr[data-post-id]', 'data-post-id');
  const app = (hash: string) => `${server.url}/app/#/${hash}`;
  const shot = (name: string) => screenshots(page, name);
  const open = (url: string) => openPage(page, url);
  /** Signs in through the form and waits for the signed-in header. */
  const signIn = async (email: string) => {
    await signInThroughPage(page, server.url, email, CONSOLE_PASSWORD);
    await page.getByRole('button', { name: 'Sign out everywhere' }).waitFor({ timeout: 10_000 });
  };
  const emailOf = async (memberId: string) =>
    (await server.ctx.database.db.selectFrom('team_members').select('email').where('id', '=', memberId).executeTakeFirstOrThrow()).email;

  beforeAll(async () => {
    server = await startServer('sqlite');
    ws = await server.newWorkspace('Console', { members: [{ first_name: 'Mia', last_name: 'Admin' }, { first_name: 'Noor', last_name: 'Member' }] });
    const { db } = server.ctx.database;
    const now = Date.now();
    const ada = await addContact(server, ws.id, 'urn:ada');
    const grace = await addContact(server, ws.id, 'urn:grace');
    await db.updateTable('contacts').set({ first_name: 'Ada', last_name: 'Lovelace', headline: 'Analyst' }).where('urn', '=', ada).execute();
    await db.updateTable('contacts').set({ first_name: 'Grace', last_name: 'Hopper', headline: 'Admiral' }).where('urn', '=', grace).execute();
    await insertPosts(db, ws.id, [
      ...Array.from({ length: 6 }, (_, i) => ({ id: `team-${i}`, published_at: now - (i + 1) * H, team_member_id: ws.members[i % 2], content: `Team post ${i}`, impressions_num: i * 10 })),
      { id: 'ada-1', published_at: now - 2 * H, author_urn: ada, content: 'Ada writes' },
      { id: 'grace-1', published_at: now - 3 * H, author_urn: grace, content: 'Grace writes' },
    ]);
    await trackContact(db, ws.id, ws.members[0]!, grace);
    await grantCredits(db, server.ctx.clock, ws.id, 120, 'welcome');
    await consoleSession(server, ws.id, ws.members[0]!, 'admin'); // sets the password
    await consoleSession(server, ws.id, ws.members[1]!, 'member');
    adminEmail = await emailOf(ws.members[0]!);
    memberEmail = await emailOf(ws.members[1]!);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await launchChromium();
    page = await browser.context.newPage();
    await signIn(adminEmail);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('filters and pages the team feed exactly as the v2 feed answers', async () => {
    await open(app('feeds'));
    const all = (await ws.client.get('/v2/content/team/feed')).body;
    await poll(() => page.getByTestId('feed-total').textContent()).toBe(`${all.total} posts`);
    await poll(postIds).toEqual(all.items.map((p: { id: string }) => p.id));
    await shot('feeds');
    await page.getByLabel('Team member').selectOption(ws.members[1]!);
    await page.getByLabel('Sort').selectOption('most_viewed_first');
    await page.getByLabel('Per page').fill('2');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const query = `team_member_id=${ws.members[1]}&sort_by=most_viewed_first&limit=2`;
    const first = (await ws.client.get(`/v2/content/team/feed?${query}`)).body;
    await poll(() => page.getByTestId('feed-total').textContent()).toBe(`${first.total} posts`);
    await poll(postIds).toEqual(first.items.map((p: { id: string }) => p.id));
    await shot('feeds-filtered');
    await page.getByRole('button', { name: 'Next page' }).click();
    const second = (await ws.client.get(`/v2/content/team/feed?${query}&cursor=${encodeURIComponent(first.cursor)}`)).body;
    await poll(postIds).toEqual(second.items.map((p: { id: string }) => p.id));
  });

  it('tracks and untracks a contact; the tracked-contacts feed follows', async () => {
    await open(app('feeds'));
    await page.getByLabel('Which feed').selectOption('tracked');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await poll(postIds).toEqual(['grace-1']);
    await page.getByLabel('Find a contact').fill('lovelace');
    await page.getByRole('button', { name: 'Search contacts' }).click();
    await page.getByRole('button', { name: 'Track Ada Lovelace' }).click();
    await poll(ids('[data-testid=tracked-list] li[data-urn]', 'data-urn')).toEqual(['urn:ada', 'urn:grace']);
    await poll(postIds).toEqual(['ada-1', 'grace-1']);
    expect((await ws.client.get('/v2/content/tracked-contacts/feed')).body.items.map((p: { id: string }) => p.id)).toEqual(['ada-1', 'grace-1']);
    await shot('feeds-tracking');
    await page.getByRole('button', { name: 'Untrack Grace Hopper' }).click();
    await poll(postIds).toEqual(['ada-1']);
    expect((await ws.client.get('/v2/content/tracked-contacts/feed')).body.items.map((p: { id: string }) => p.id)).toEqual(['ada-1']);
  });

  it('shows the team with its accounts and usage, and links and unlinks an account', async () => {
    await open(app('team'));
    const row = page.locator(`tr[data-member-id="${ws.members[1]}"]`);
    await poll(() => row.getByTestId('account').textContent()).toBe('not linked (NOT_CONNECTED)');
    await poll(() => row.getByRole('cell', { name: '0 / 100' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Link Noor Member' }).click();
    await poll(() => row.getByTestId('account').textContent()).toBe('linked (sandbox)');
    const users = (await ws.client.get('/v2/workspace/users')).body;
    expect(users.find((u: { id: string }) => u.id === ws.members[1]).integration_status).toBe('CONNECTED');
    await shot('team');
    await page.getByRole('button', { name: 'Unlink Noor Member' }).click();
    await poll(() => row.getByTestId('account').textContent()).toBe('not linked (DISCONNECTED)');
  });

  it('shows the credit ledger with the v2 balance and the read-only network binding', async () => {
    await open(app('settings'));
    const v2 = (await ws.client.get('/v2/workspace/credits')).body;
    await poll(() => page.getByTestId('credit-balance').textContent()).toBe(String(v2.current_balance));
    await poll(() => page.getByRole('cell', { name: 'welcome' }).count()).toBe(1);
    await poll(() => page.getByTestId('network-binding').textContent()).toBe('sandbox');
    await shot('settings');
  });

  it('refuses a bad ICP rule beside its field, saves nothing, then saves the fixed rules', async () => {
    await open(app('settings'));
    await page.getByLabel('Job title keywords (comma-separated)').fill('sales, revenue');
    await page.getByLabel('vp').check();
    await page.getByLabel('Company size, at least').fill('-5');
    await page.getByRole('button', { name: 'Save ICP rules' }).click();
    const min = page.getByLabel('Company size, at least');
    await poll(() => min.getAttribute('aria-invalid')).toBe('true');
    const described = (await min.getAttribute('aria-describedby'))!;
    await poll(() => page.locator(`#${described}`).textContent()).toBe('must be a whole number of at least 0');
    await shot('settings-icp-invalid');
    expect((await server.client.get('/app/api/settings/icp', { headers: { cookie: await cookie() } })).body).toEqual({ icp_rules: null });
    await min.fill('10');
    await page.getByRole('button', { name: 'Save ICP rules' }).click();
    await poll(() => page.getByRole('status').filter({ hasText: 'ICP rules saved' }).count()).toBe(1);
    expect((await server.client.get('/app/api/settings/icp', { headers: { cookie: await cookie() } })).body.icp_rules).toEqual({ job_title_keywords: ['sales', 'revenue'], seniorities: ['vp'], company_size: { min: 10 } });
  });

  it('refuses a bad target account beside its field, then adds and removes a good one', async () => {
    await open(app('settings'));
    const field = page.getByLabel('Company slug or id');
    await field.fill('not a slug!');
    await page.getByRole('button', { name: 'Add target account' }).click();
    await poll(() => field.getAttribute('aria-invalid')).toBe('true');
    await poll(async () => page.locator(`#${await field.getAttribute('aria-describedby')}`).textContent()).toBe('"not a slug!" is not a company slug or numeric id');
    await shot('settings-target-account-invalid');
    await field.fill('Acme-Corp');
    await page.getByRole('button', { name: 'Add target account' }).click();
    await poll(ids('[data-testid=target-accounts] li[data-account]', 'data-account')).toEqual(['acme-corp']);
    expect((await server.client.get('/app/api/settings/target-accounts', { headers: { cookie: await cookie() } })).body).toEqual(['acme-corp']);
    await page.getByRole('button', { name: 'Remove target account acme-corp' }).click();
    await poll(ids('[data-testid=target-accounts] li[data-account]', 'data-account')).toEqual([]);
  });

  it('previews a suppression CSV with its rejected rows, saves nothing, then adds a good file', async () => {
    await open(app('settings'));
    const upload = (name: string, text: string) => page.getByLabel('Suppression CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
    await upload('broken.csv', 'kind,value\ndomain,rival.test\ndomain,not a domain\nperson,bob\n');
    await poll(ids('[data-testid=csv-report] tr[data-line]', 'data-line')).toEqual(['3', '4']);
    await poll(() => page.getByRole('cell', { name: '"not a domain" is not an email domain' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Add 1 entry' }).isDisabled()).toBe(true);
    await shot('settings-suppression-rejected');
    expect((await server.client.get('/app/api/settings/suppressions', { headers: { cookie: await cookie() } })).body).toEqual([]);
    await upload('good.csv', 'kind,value\ndomain,rival.test\ncompany,acme-corp\n');
    await poll(() => page.getByRole('status').filter({ hasText: 'Preview' }).textContent()).toBe('Preview: 2 to add, 0 already listed, 0 rejected.');
    await page.getByRole('button', { name: 'Add 2 entries' }).click();
    await poll(() => page.getByTestId('suppression-list').locator('tr').count()).toBe(2);
    await shot('settings-suppression-added');
    const listed = (await server.client.get('/app/api/settings/suppressions', { headers: { cookie: await cookie() } })).body;
    expect(listed.map((s: { value: string }) => s.value)).toEqual(['acme-corp', 'rival.test']);
  });

  it("edits a member's time zone: an unknown zone refused beside the field, a known one saved", async () => {
    await open(app('team'));
    const row = page.locator(`tr[data-member-id="${ws.members[1]}"]`);
    const form = row.getByRole('form', { name: 'Time zone of Noor Member' });
    await form.getByLabel('Time zone of Noor Member').fill('Mars/Olympus');
    await form.getByRole('button', { name: 'Save time zone' }).click();
    await poll(() => form.getByRole('alert').textContent()).toMatch(/unknown time zone "Mars\/Olympus"/);
    expect(await row.getByTestId('time-zone').textContent()).toBe('UTC');
    await form.getByLabel('Time zone of Noor Member').fill('Europe/Berlin');
    await form.getByRole('button', { name: 'Save time zone' }).click();
    await poll(() => row.getByTestId('time-zone').textContent()).toBe('Europe/Berlin');
    const stored = await server.ctx.database.db.selectFrom('team_members').select('time_zone').where('id', '=', ws.members[1]!).executeTakeFirstOrThrow();
    expect(stored.time_zone).toBe('Europe/Berlin');
  });

  it('adds a member (a bad time zone refused beside its field) and makes a sign-in link that signs them in with its role', async () => {
    await open(app('team'));
    const users = async () => (await ws.client.get('/v2/workspace/users')).body as { id: string; email: string }[];
    const before = (await users()).length;
    const form = page.getByRole('form', { name: 'Add a member' });
    await form.getByLabel('Email').fill('lin@acme.test');
    await form.getByLabel('First name').fill('Lin');
    await form.getByLabel('Last name').fill('Added');
    await form.getByLabel(/^Time zone/).fill('Mars/Olympus');
    await form.getByRole('button', { name: 'Add member' }).click();
    await poll(() => page.locator('#time_zone-error').textContent()).toMatch(/unknown time zone "Mars\/Olympus"/);
    expect(await users()).toHaveLength(before);
    await shot('team-add-refused');
    await form.getByLabel(/^Time zone/).fill('Europe/Berlin');
    await form.getByRole('button', { name: 'Add member' }).click();
    await poll(async () => (await users()).length).toBe(before + 1);
    const lin = (await users()).find((u) => u.email === 'lin@acme.test')!;
    const row = page.locator(`tr[data-member-id="${lin.id}"]`);
    await poll(() => row.getByTestId('console-access').textContent()).toBe('no access');
    await row.getByLabel('Role of Lin Added').selectOption('member');
    await row.getByRole('button', { name: 'Make a sign-in link for Lin Added' }).click();
    await poll(() => row.getByTestId('console-access').textContent()).toBe('member, link not used yet');
    const url = await row.getByTestId('sign-in-link').inputValue();
    await shot('team-sign-in-link');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await open(url);
    await page.getByLabel(/^New password/).fill(CONSOLE_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password is set. You can sign in now.').waitFor();
    await signIn('lin@acme.test');
    expect(await page.getByText('lin@acme.test (member)').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Settings' }).count()).toBe(0);
  });

  it('gives a member no Settings and no link buttons', async () => {
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await signIn(memberEmail);
    expect(await page.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    await open(app('team'));
    await poll(() => page.locator('tr[data-member-id]').count()).toBe(3);
    expect(await page.getByRole('button', { name: /^Link / }).count()).toBe(0);
    await shot('team-member');
  });

  /** The page's session cookie, to ask the console API what the page did. */
  async function cookie() {
    const c = (await page.context().cookies()).find((x) => x.name === 'wl_session')!;
    return `wl_session=${c.value}`;
  }
}, 180_000);
