// The console's campaign pages in a real Chromium against the real service: create, configure
// (a note over the limit and a bad cap refused beside their fields, nothing saved), enrol leads
// through POST /app/api/campaigns/{id}/leads, start, run the engine on the manual clock until the
// statistics move, pause, archive. Screenshots at 1280 and 390 px into reports/console-screenshots.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { acceptInvite, createInvite } from '../src/console/console-auth.service.js';
import { parseSettings } from '../src/outreach/campaign-settings.js';
import { ManualClock } from '../src/shared/clock.js';
import { describeWithChromium, launchChromium, SCREENSHOTS } from './helpers/chromium.js';
import { openPage, screenshots, signInThroughPage } from './helpers/console-browser.js';
import { insertLeads } from './helpers/leads-fixture.js';
import { MONDAY_0800_UTC, runUntil } from './helpers/outreach-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

const PASSWORD = 'correct horse battery';
const HOUR = 3_600_000;

describeWithChromium('console campaigns in Chromium', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let page: Page;
  let ws: Awaited<ReturnType<TestServer['newWorkspace']>>;
  let campaignId: string;
  const clock = new ManualClock(MONDAY_0800_UTC);

  const shot = (name: string) => screenshots(page, name);
  const poll = <T,>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 10_000 });
  const stored = async () => {
    const db = server.ctx.database.db;
    const row = await db.selectFrom('campaigns').select('settings').where('id', '=', campaignId).executeTakeFirstOrThrow();
    const senders = await db.selectFrom('campaign_participants').select('team_member_id').where('campaign_id', '=', campaignId).execute();
    const limits = await db.selectFrom('outreach_limits').select('settings').where('workspace_id', '=', ws.id).executeTakeFirst();
    return { settings: parseSettings(row.settings), senders: senders.map((s) => s.team_member_id).sort(), limits: limits?.settings ?? null };
  };

  beforeAll(async () => {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    server = await startServer('sqlite', { clock });
    ws = await server.newWorkspace('Campaigns', { members: 2, connected: true, activity: false });
    const db = server.ctx.database.db;
    await insertLeads(db, ws.id, Array.from({ length: 8 }, (_, i) => ({ id: `lead-${i}`, created_at: clock.now() - 1000, first_name: `Ada${i}`, username: `ada-${i}`, contact_urn: `ACoE2e${i}` })));
    await acceptInvite(db, clock, (await createInvite(db, clock, ws.id, ws.members[0]!, 'admin')).token, PASSWORD);
    const { email } = await db.selectFrom('team_members').select('email').where('id', '=', ws.members[0]!).executeTakeFirstOrThrow();
    browser = await launchChromium();
    page = await browser.context.newPage();
    await signInThroughPage(page, server.url, email, PASSWORD);
    await page.getByRole('link', { name: 'Campaigns' }).waitFor();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('creates a campaign from the list (a blank name refused beside the field)', async () => {
    await page.getByRole('link', { name: 'Campaigns' }).click();
    await poll(() => page.getByTestId('campaigns-total').textContent()).toBe('0 campaigns');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await poll(() => page.getByRole('alert').textContent()).toBe('the campaign needs a name');
    await shot('campaigns-list');
    await page.getByLabel('Campaign name').fill('Spring fair');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await poll(() => page.getByRole('heading', { name: 'Spring fair' }).count()).toBe(1);
    campaignId = decodeURIComponent(new URL(page.url()).hash.replace('#/campaigns/', ''));
    await poll(() => page.getByTestId('campaign-status').textContent()).toMatch(/^Draft/);
  });

  it('counts the note live, refuses a note over the limit and a bad cap beside their fields, saving nothing; then saves', async () => {
    const before = await stored();
    for (const id of ws.members) await page.locator(`input[name=participant_ids][value="${id}"]`).check();
    const note = page.getByLabel('Invitation note');
    await note.fill('Hi {{first_name}}, ' + 'x'.repeat(300));
    await poll(() => page.getByTestId('note-count').textContent()).toMatch(/^305 \/ 300 characters — 5 over the network's limit/);
    await page.getByLabel('Invitations per sender per day').fill('999');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await poll(() => page.locator('#error-note_template').textContent()).toMatch(/305 characters without its placeholders; the network allows 300/);
    expect(await note.getAttribute('aria-invalid')).toBe('true');
    await shot('campaign-note-refused');
    expect(await stored()).toEqual(before);

    await note.fill('Hi {{first_name}}, we met at the spring fair. Glad to connect!');
    await poll(() => page.getByTestId('note-count').textContent()).toMatch(/^\d+ \/ 300 characters \(/);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await poll(() => page.locator('#error-limits\\.daily_invitations').textContent()).toBe('Must be a whole number from 0 to 200');
    expect(await page.locator('#error-note_template').count()).toBe(0);
    await shot('campaign-cap-refused');
    expect(await stored()).toEqual(before);

    await page.getByLabel('Invitations per sender per day').fill('15');
    await page.getByLabel('Follow-up message after acceptance').fill('Thanks for connecting, {{first_name}}!');
    await page.getByLabel('Follow-up delay (hours after acceptance)').fill('48');
    await page.getByRole('button', { name: 'Add a follow-up step' }).click();
    await page.getByLabel('Step 2 message').fill('Any thoughts, {{first_name}}?');
    await poll(() => page.getByTestId('step-2-count').textContent()).toMatch(/^29 \/ 5000 characters/);
    await page.getByLabel('Step 2 delay (hours after step 1)').fill('96');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await poll(() => page.getByText('Saved', { exact: true }).count()).toBe(1);
    const after = await stored();
    expect(after.senders).toEqual([...ws.members].sort());
    expect(after.settings).toMatchObject({ note_template: 'Hi {{first_name}}, we met at the spring fair. Glad to connect!', follow_up_template: 'Thanks for connecting, {{first_name}}!', follow_up_delay_hours: 48, follow_ups: [{ template: 'Any thoughts, {{first_name}}?', delay_hours: 96 }] });
    await page.reload();
    await poll(() => page.getByLabel('Step 2 message').inputValue()).toBe('Any thoughts, {{first_name}}?');
    expect(JSON.parse(after.limits!)).toMatchObject({ dailyInvitations: 15 });
  });

  it('enrols leads through the enrol endpoint and reports each', async () => {
    const report = await page.evaluate(async (id) => {
      const { csrf_token } = (await (await fetch('/app/api/session')).json()) as { csrf_token: string };
      const res = await fetch(`/app/api/campaigns/${id}/leads`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf_token }, body: JSON.stringify({ lead_ids: ['lead-0', 'lead-1', 'lead-2', 'lead-3', 'lead-4', 'lead-5', 'lead-6', 'lead-7', 'missing'] }) });
      return res.json();
    }, campaignId);
    expect(report).toEqual({ enrolled: ['lead-0', 'lead-1', 'lead-2', 'lead-3', 'lead-4', 'lead-5', 'lead-6', 'lead-7'], skipped: [{ lead_id: 'missing', reason: 'lead not found' }] });
    await openPage(page, `${server.url}/app/#/campaigns/${encodeURIComponent(campaignId)}`);
    await poll(() => page.getByText('8 contacts').count()).toBe(1);
  });

  it('starts the campaign; on the manual clock the statistics move; pauses and archives it', async () => {
    await page.getByRole('button', { name: 'Start campaign' }).click();
    await poll(() => page.getByTestId('campaign-status').textContent()).toMatch(/^Active/);
    expect(await page.getByTestId('invitations-total').textContent()).toBe('0');
    await runUntil(server, clock, MONDAY_0800_UTC + 6 * HOUR);
    await page.getByRole('button', { name: 'Refresh statistics' }).click();
    await poll(async () => Number(await page.getByTestId('invitations-total').textContent())).toBeGreaterThan(0);
    const stats = (await page.evaluate(async (id) => (await fetch(`/app/api/campaigns/${id}/stats`)).json(), campaignId)) as { days: { invitations: number }[] };
    expect(await page.getByTestId('invitations-total').textContent()).toBe(String(stats.days.reduce((n, d) => n + d.invitations, 0)));
    await poll(() => page.getByRole('img', { name: /^Invitations today: [1-9]\d* of 15$/ }).count()).toBeGreaterThan(0);
    await shot('campaign-running');
    await page.getByRole('button', { name: 'Pause campaign' }).click();
    await poll(() => page.getByTestId('campaign-status').textContent()).toMatch(/^Draft/);
    await page.getByRole('button', { name: 'Archive campaign' }).click();
    await poll(() => page.getByTestId('campaign-status').textContent()).toBe('Archived');
    await shot('campaign-archived');
    await openPage(page, `${server.url}/app/#/campaigns`);
    await poll(() => page.locator(`tr[data-campaign-id="${campaignId}"] td`).nth(1).textContent()).toBe('ARCHIVED');
  });
}, 120_000);
