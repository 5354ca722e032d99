// The web console in a real Chromium against the real service: links, sign-in, lock-out, the
// leads table compared with the v2 API's own answers, editing, keys, CSRF, isolation, sign-out.
// Screenshots of every page go to reports/console-screenshots (gitignored; CI keeps them).
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createInvite, inviteLink } from '../src/console/console-auth.service.js';
import { openPage, screenshots, signInThroughPage } from './helpers/console-browser.js';
import { describeWithChromium, launchChromium, SCREENSHOTS } from './helpers/chromium.js';
import { insertLeads } from './helpers/leads-fixture.js';
import { startServer, type TestServer } from './helpers/server.js';

const PASSWORD = 'correct horse battery';
const DAY = 86_400_000;

describeWithChromium('web console in Chromium', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let page: Page;
  let ws: Awaited<ReturnType<TestServer['newWorkspace']>>;
  let emails: string[];

  const shot = (name: string) => screenshots(page, name);
  const link = async (member: number) => inviteLink(server.url, (await createInvite(server.ctx.database.db, server.ctx.clock, ws.id, ws.members[member], member === 0 ? 'admin' : 'member')).token);
  const signIn = (email: string, password: string) => signInThroughPage(page, server.url, email, password);
  const open = (url: string) => openPage(page, url);
  const poll = <T,>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 10_000 });
  const rowIds = () => page.locator('tbody tr[data-lead-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-lead-id')));

  beforeAll(async () => {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    server = await startServer('sqlite');
    ws = await server.newWorkspace('Console', { members: 2 });
    const now = Date.now();
    const statuses = ['NEW', 'QUALIFIED', 'DISQUALIFIED'];
    await insertLeads(server.ctx.database.db, ws.id, Array.from({ length: 70 }, (_, i) => ({ id: `lead-${String(i).padStart(2, '0')}`, created_at: now - i * DAY / 7, first_name: `First${i}`, last_name: `Last${i}`, status: statuses[i % 3] })));
    emails = (await server.ctx.database.db.selectFrom('team_members').select(['id', 'email']).where('workspace_id', '=', ws.id).execute()).sort((a, b) => ws.members.indexOf(a.id) - ws.members.indexOf(b.id)).map((m) => m.email);
    browser = await launchChromium();
    page = await browser.context.newPage();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('refuses a spent link and sets the password through a fresh one', async () => {
    const url = await link(0);
    await open(url);
    await page.getByLabel(/New password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await poll(() => page.getByRole('status').textContent()).toMatch(/password is set/);
    await shot('set-password');
    await open(url.replace('#/invite/', '#/invite/x')); // an unknown (or expired) token
    await page.getByLabel(/New password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await poll(() => page.getByRole('alert').textContent()).toMatch(/invalid, used or expired/);
    await shot('set-password-expired');
  });

  it('says a wrong password is wrong, then signs in with the keyboard', async () => {
    await signIn(emails[0], 'not the password');
    await poll(() => page.getByRole('alert').textContent()).toBe('Wrong email or password');
    await shot('sign-in-wrong');
    await signIn(emails[0], PASSWORD);
    await poll(() => page.getByTestId('total').textContent()).toBe('70 leads');
    await shot('leads');
  });

  it('filters, sorts and pages the leads exactly as GET /v2/leads answers', async () => {
    await page.getByLabel('Status').first().selectOption('QUALIFIED');
    await page.getByLabel('Sort').selectOption('oldest_first');
    await page.getByLabel('Per page').fill('10');
    // A redraw of the page before the filters are applied (a row selected, then not) keeps what was typed.
    const firstRow = page.locator('tbody tr[data-lead-id] input[type=checkbox]').first();
    await firstRow.check();
    await firstRow.uncheck();
    await poll(() => page.getByTestId('selected-count').textContent()).toBe('0 selected');
    expect(await page.getByLabel('Per page').inputValue()).toBe('10');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const first = (await ws.client.get('/v2/leads?status=QUALIFIED&sort_by=oldest_first&limit=10')).body;
    await poll(() => page.getByTestId('total').textContent()).toBe(`${first.total} leads`);
    await poll(rowIds).toEqual(first.items.map((l: { id: string }) => l.id));
    await shot('leads-filtered');
    await page.getByRole('button', { name: 'Next page' }).click();
    const second = (await ws.client.get(`/v2/leads?status=QUALIFIED&sort_by=oldest_first&limit=10&cursor=${encodeURIComponent(first.cursor)}`)).body;
    await poll(rowIds).toEqual(second.items.map((l: { id: string }) => l.id));
  });

  it('edits a lead in its drawer; the v2 API sees the change', async () => {
    await open(`${server.url}/app/#/leads/lead-00`);
    await page.locator('aside select[name=status]').selectOption('DISQUALIFIED');
    await page.locator('aside input[name=tags]').fill('vip, later');
    await page.getByLabel('Add a note').fill('Met at the fair');
    // The page around the drawer redraws (a row selected, then not): the edits not yet saved stay.
    const firstRow = page.locator('tbody tr[data-lead-id] input[type=checkbox]').first();
    await firstRow.check();
    await firstRow.uncheck();
    await poll(() => page.getByTestId('selected-count').textContent()).toBe('0 selected');
    expect(await page.locator('aside select[name=status]').inputValue()).toBe('DISQUALIFIED');
    await page.getByRole('button', { name: 'Save lead' }).click();
    await poll(() => page.getByText('Saved').count()).toBe(1);
    await shot('lead-drawer');
    const lead = (await ws.client.get('/v2/leads/lead-00')).body;
    expect(lead).toMatchObject({ status: 'DISQUALIFIED', tags: ['vip', 'later'] });
    expect(lead.notes.map((n: { content: string }) => n.content)).toEqual(['Met at the fair']);
  });

  it("shows another workspace's lead id as not found", async () => {
    const other = await server.newWorkspace('Other');
    await insertLeads(server.ctx.database.db, other.id, [{ id: 'foreign-lead', created_at: Date.now() }]);
    await open(`${server.url}/app/#/leads/foreign-lead`);
    await poll(() => page.getByRole('alert').textContent()).toBe('Lead not found');
    await shot('lead-not-found');
  });

  it('creates a key shown once and revokes it; the v2 API refuses it at once', async () => {
    await open(`${server.url}/app/#/keys`);
    await page.getByLabel('Key name').fill('zapier');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-key').textContent())!;
    expect((await server.client.get('/v2/leads', { key })).status).toBe(200);
    await shot('keys');
    await page.getByRole('button', { name: 'Revoke key zapier' }).click();
    await poll(() => page.getByText(/^revoked/).count()).toBe(1);
    expect((await server.client.get('/v2/leads', { key })).status).toBe(401);
  });

  it('refuses a state-changing request from the page without the CSRF token', async () => {
    const status = await page.evaluate(async () => (await fetch('/app/api/leads/lead-01', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"status":"DISQUALIFIED"}' })).status);
    expect(status).toBe(403);
    expect((await ws.client.get('/v2/leads/lead-01')).body.status).toBe('QUALIFIED'); // unchanged: lead-01 (i % 3 = 1) was QUALIFIED
  });

  it('signs out everywhere', async () => {
    await open(`${server.url}/app/#/leads`);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await poll(() => page.getByRole('heading', { name: 'Sign in to Warmline' }).count()).toBe(1);
    expect(await page.evaluate(async () => (await fetch('/app/api/session')).status)).toBe(401);
    await shot('sign-in');
  });

  it('locks an account after repeated failures', async () => {
    await open(await link(1));
    await page.getByLabel(/New password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await poll(() => page.getByRole('status').textContent()).toMatch(/password is set/);
    for (let i = 0; i < 5; i++) {
      await signIn(emails[1], `wrong ${i} password`);
      await poll(() => page.getByRole('alert').textContent()).toBe('Wrong email or password');
    }
    await signIn(emails[1], PASSWORD);
    await poll(() => page.getByRole('alert').textContent()).toMatch(/Too many failed sign-in attempts/);
    await shot('sign-in-locked');
  });
}, 120_000);
