// The leads page's selection, bulk qualify, CSV export, CRM ids and the score's "why", in a real
// Chromium against the real service, checked against the v2 API's own answers.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCampaign } from '../src/campaigns/campaigns.operator.js';
import { setIcpRulesFromFile } from '../src/ingestion/settings.service.js';
import { describeWithChromium } from './helpers/chromium.js';
import { openConsole } from './helpers/console-browser.js';
import { withPassword } from './helpers/console-session.js';
import { csvRecords } from './helpers/csv.js';
import { company, event, fold, icpRulesFile, person, postOf } from './helpers/ingestion-fixtures.js';
import { insertLeads } from './helpers/leads-fixture.js';
import { startServer, type TestServer } from './helpers/server.js';

const DAY = 86_400_000;

describeWithChromium('console leads page in Chromium: selection, bulk, export, CRM ids, why', () => {
  let server: TestServer;
  let ws: Awaited<ReturnType<TestServer['newWorkspace']>>;
  let ui: Awaited<ReturnType<typeof openConsole>>;
  let foldedId: string;

  beforeAll(async () => {
    server = await startServer('sqlite');
    ws = await server.newWorkspace('Console leads', { members: 1 });
    const now = Date.now();
    const statuses = ['NEW', 'QUALIFIED', 'DISQUALIFIED'];
    await insertLeads(server.ctx.database.db, ws.id, Array.from({ length: 40 }, (_, i) => ({
      id: `lead-${String(i).padStart(2, '0')}`, created_at: now - (i + 1) * DAY / 7, first_name: `First${i}`, last_name: `Last${i}`, status: statuses[i % 3],
      headline: i === 2 ? '=cmd|" /C calc"!A0, a formula' : null,
    })));
    await setIcpRulesFromFile(server.ctx.database.db, server.ctx.clock, ws.id, icpRulesFile({ seniorities: ['vp'], company_size: { min: 500 } }));
    const post = postOf(ws.members[0]!);
    const who = person('URN-E2E', { title: 'VP Sales', company: company('smallco', [11, 50]) });
    await fold(server.ctx.database.db, ws.id, now, [event(post, who, 'COMMENT', now - 60_000), event(post, who, 'LIKE', now - 3 * DAY)]);
    foldedId = (await ws.client.get('/v2/leads?sort_by=most_engaged_first&limit=1')).body.items[0].id;
    ui = await openConsole(server);
    await ui.signIn(await withPassword(server, ws.id, ws.members[0]!));
    await ui.page.getByTestId('total').filter({ hasText: '41 leads' }).waitFor();
  }, 60_000);
  afterAll(async () => {
    await ui?.close();
    await server?.close();
  });

  it('selects leads with the keyboard and qualifies them in one request; the v2 API sees it', async () => {
    const { page, poll } = ui;
    for (const name of ['Select First0 Last0', 'Select First3 Last3']) {
      await page.getByLabel(name, { exact: true }).focus();
      await page.keyboard.press('Space');
    }
    await poll(() => page.getByTestId('selected-count').textContent()).toBe('2 selected');
    await page.getByRole('button', { name: 'Qualify selected', exact: true }).focus();
    await page.keyboard.press('Enter');
    await poll(() => page.getByTestId('bulk-result').textContent()).toBe('2 qualified');
    await ui.shot('leads-bulk');
    for (const id of ['lead-00', 'lead-03']) expect((await ws.client.get(`/v2/leads/${id}`)).body.status).toBe('QUALIFIED');
    await poll(() => page.locator('tr[data-lead-id="lead-03"] td[data-label="Status"]').textContent()).toBe('QUALIFIED'); // the table reloaded
  });

  it('keeps the selection across pages, selects a page at once, and a new filter clears it', async () => {
    const { page, poll } = ui;
    await page.getByLabel('Per page').fill('10');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await poll(() => page.getByTestId('selected-count').textContent()).toBe('0 selected');
    await poll(() => page.locator('tbody tr[data-lead-id]').count()).toBe(10);
    await page.getByLabel('Select all leads on this page').check();
    await page.getByRole('button', { name: 'Next page' }).click();
    await poll(() => page.getByLabel('Select all leads on this page').isChecked()).toBe(false);
    await page.locator('tbody tr[data-lead-id] input[type=checkbox]').first().check();
    await poll(() => page.getByTestId('selected-count').textContent()).toBe('11 selected');
    await page.getByRole('button', { name: 'Disqualify selected' }).click();
    await poll(() => page.getByTestId('bulk-result').textContent()).toMatch(/^\d+ disqualified(, \d+ already disqualified)?$/);
    const disqualified = (await ws.client.get('/v2/leads?status=DISQUALIFIED&limit=50')).body;
    expect(disqualified.items.length).toBeGreaterThanOrEqual(11);
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await poll(() => page.getByTestId('selected-count').textContent()).toBe('0 selected');
  });

  it('downloads the current filter as CSV, the same leads in the same order as GET /v2/leads, formulas defused', async () => {
    const { page, poll } = ui;
    await page.getByLabel('Status').first().selectOption('DISQUALIFIED');
    await page.getByLabel('Sort').selectOption('oldest_first');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await poll(() => page.getByRole('link', { name: 'Export CSV (current filter)' }).getAttribute('href')).toBe('/app/api/leads/export.csv?sort_by=oldest_first&status=DISQUALIFIED');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV (current filter)' }).click()]);
    const rows = csvRecords(fs.readFileSync((await download.path())!, 'utf8'));
    const expected: string[] = [];
    for (let cursor: string | null = ''; cursor !== null; ) {
      const body: { items: { id: string }[]; cursor: string | null } = (await ws.client.get(`/v2/leads?status=DISQUALIFIED&sort_by=oldest_first&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body;
      expected.push(...body.items.map((l) => l.id));
      cursor = body.cursor;
    }
    expect(rows.map((r) => r.id)).toEqual(expected);
    expect(rows.find((r) => r.id === 'lead-02')?.headline).toBe('\'=cmd|" /C calc"!A0, a formula');
  });

  it('edits CRM ids in the drawer and shows why the score and the ICP flag are what they are', async () => {
    const { page, poll } = ui;
    await ui.open(`#/leads/${foldedId}`);
    await page.getByLabel('CRM id').fill('hs-77');
    await page.getByLabel('CRM contact URL').fill('https://crm.test/contacts/77');
    await page.getByRole('button', { name: 'Save lead' }).click();
    await poll(() => page.getByText('Saved').count()).toBe(1);
    const lead = (await ws.client.get(`/v2/leads/${foldedId}`)).body;
    expect(lead).toMatchObject({ crm_id: 'hs-77', crm_contact_url: 'https://crm.test/contacts/77' });

    await poll(() => page.getByTestId('score-now').textContent()).toMatch(new RegExp(`^Score now ${lead.engagement_score} of 100 from 2 engagement events`));
    expect(await page.locator('tr[data-event-id] td:nth-child(2)').allTextContents()).toEqual(['LIKE', 'COMMENT']);
    await expect(page.getByRole('heading', { name: 'Why not an ICP match' }).count()).resolves.toBe(1);
    expect(await page.locator('tr[data-rule] td:last-child').allTextContents()).toEqual(['yes', 'no']);
    expect(await page.locator('tr[data-rule="company_size"] td').allTextContents()).toEqual(['Company size', '500-any', '11-50', 'no']);
    await ui.shot('lead-drawer-why');
  });

  it('enrols the selected leads into a campaign picked on the page; the campaign holds them', async () => {
    const { page, poll } = ui;
    const db = server.ctx.database.db;
    const campaign = await createCampaign(db, server.ctx.clock, ws.id, { name: 'Spring outreach', creatorId: ws.members[0]! });
    const now = Date.now();
    await insertLeads(db, ws.id, ['a', 'b'].map((x, i) => ({ id: `enrol-${x}`, created_at: now + i, first_name: 'Enrol', last_name: x.toUpperCase(), username: `enrol-${x}` })));
    await ui.open('#/leads');
    for (const name of ['Select Enrol A', 'Select Enrol B']) await page.getByLabel(name, { exact: true }).check();
    await poll(() => page.getByLabel('Campaign').inputValue()).toBe(campaign.id);
    await page.getByRole('button', { name: 'Enrol selected' }).click();
    await poll(() => page.getByTestId('enrol-result').textContent()).toBe('2 enrolled');
    await ui.shot('leads-enrol');
    const enrolled = await db.selectFrom('campaign_contacts').select('username').where('workspace_id', '=', ws.id).where('campaign_id', '=', campaign.id).orderBy('username').execute();
    expect(enrolled.map((c) => c.username)).toEqual(['enrol-a', 'enrol-b']);
  });
}, 120_000);
