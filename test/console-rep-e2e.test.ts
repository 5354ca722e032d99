// The console as a sales rep's screen (issue 58), in a real Chromium against the real service, on
// the demo's seeded leads, checked against the v2 API's own answers: filters in the URL, saved
// views, search, sortable headers, the company and post pickers, the lead drawer, a start date
// after the end date, readable ledger rows, an empty campaign's hint, Contacts by state at 1280 px,
// the note's error tied to its field, and a 390 px phone with the first lead on the first screen.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiKey } from '../src/auth/api-keys.service.js';
import { createCampaign } from '../src/campaigns/campaigns.operator.js';
import { demoSnapshotStream } from '../src/demo/demo-snapshot.js';
import { spendingReason } from '../src/enrichment/enrichment.engine.js';
import { importSnapshot } from '../src/snapshot/snapshot.import.js';
import { describeWithChromium } from './helpers/chromium.js';
import { openConsole } from './helpers/console-browser.js';
import { withPassword } from './helpers/console-session.js';
import { makeClient, type Client } from './helpers/client.js';
import { startServer, type TestServer } from './helpers/server.js';

const WS = 'ws_rep_e2e';
type V2Lead = { id: string; first_name: string; last_name: string; picture: string; network_url: string; contact_email: string | null; engagement_score: number; engagement_events_count: number; source_content_url: string; company: { name: string; slug: string } | null };

describeWithChromium('console for a sales rep in Chromium', () => {
  let server: TestServer;
  let v2: Client;
  let ui: Awaited<ReturnType<typeof openConsole>>;
  const rowIds = () => ui.page.locator('tbody tr[data-lead-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-lead-id')));
  const v2Ids = async (query: string) => (await v2.get(`/v2/leads?${query}`)).body.items.map((l: { id: string }) => l.id);
  const hashQuery = () => new URLSearchParams(new URL(ui.page.url()).hash.split('?')[1] ?? '');

  beforeAll(async () => {
    server = await startServer('sqlite');
    await importSnapshot(server.ctx.database.db, server.ctx.clock, demoSnapshotStream({ now: Date.now(), leads: 80, workspaceId: WS }));
    v2 = makeClient(server.url, (await createApiKey(server.ctx.database.db, server.ctx.clock, WS, 'e2e')).key);
    ui = await openConsole(server);
    await ui.signIn(await withPassword(server, WS, 'tm_demo_ana'));
    await ui.page.locator('tbody tr[data-lead-id]').first().waitFor();
  }, 90_000);
  afterAll(async () => {
    await ui?.close();
    await server?.close();
  });

  it('keeps filters in the URL: a reload and Back show the same leads, the form filled as it was', async () => {
    const { page, poll } = ui;
    await page.getByLabel('Status').first().selectOption('QUALIFIED');
    await page.getByLabel('Sort').selectOption('oldest_first');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await poll(async () => hashQuery().toString()).toBe('sort_by=oldest_first&status=QUALIFIED');
    const qualified = await v2Ids('status=QUALIFIED&sort_by=oldest_first&limit=50');
    await poll(rowIds).toEqual(qualified);
    await page.reload();
    await poll(rowIds).toEqual(qualified);
    expect(await page.getByLabel('Status').first().inputValue()).toBe('QUALIFIED');
    expect(await page.getByLabel('Sort').inputValue()).toBe('oldest_first');
    await page.getByLabel('Status').first().selectOption('NEW');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await poll(rowIds).toEqual(await v2Ids('status=NEW&sort_by=oldest_first&limit=50'));
    await page.goBack();
    await poll(rowIds).toEqual(qualified);
    expect(await page.getByLabel('Status').first().inputValue()).toBe('QUALIFIED');
  });

  it('saves the current view under a name and brings it back with one click', async () => {
    const { page, poll } = ui;
    await page.getByLabel('View name').fill('Qualified, oldest');
    await page.getByRole('button', { name: 'Save view' }).click();
    const link = page.getByRole('navigation', { name: 'Saved views' }).getByRole('link', { name: 'Qualified, oldest' });
    await link.waitFor();
    await ui.open('#/leads');
    await poll(rowIds).toEqual(await v2Ids('limit=50'));
    await link.click();
    await poll(rowIds).toEqual(await v2Ids('status=QUALIFIED&sort_by=oldest_first&limit=50'));
    expect(await link.getAttribute('aria-current')).toBe('page');
    await ui.shot('leads-saved-view');
  });

  it('sorts by every sort of the API from the column headers, each header saying its order', async () => {
    const { page, poll } = ui;
    await ui.open('#/leads');
    await poll(rowIds).toEqual(await v2Ids('limit=50'));
    const headers: [string, string, string][] = [['Score', 'most_engaged_first', 'least_engaged_first'], ['Last touch', 'last_touch_first', 'last_touch_last'], ['Created', 'newest_first', 'oldest_first']];
    const descending = new Set(['most_engaged_first', 'last_touch_first', 'newest_first']);
    for (const [name, first, second] of headers) {
      const header = page.getByRole('columnheader', { name });
      for (const sort of [first, second]) {
        await header.getByRole('button').click();
        await poll(async () => hashQuery().get('sort_by')).toBe(sort);
        await poll(rowIds).toEqual(await v2Ids(`sort_by=${sort}&limit=50`));
        expect(await header.getAttribute('aria-sort')).toBe(descending.has(sort) ? 'descending' : 'ascending');
      }
    }
  });

  it('searches name, company and headline from the search box, the answer in the URL', async () => {
    const { page, poll } = ui;
    const lead: V2Lead = (await v2.get('/v2/leads?sort_by=most_engaged_first&limit=1')).body.items[0];
    await ui.open('#/leads');
    await page.getByLabel('Search').fill(`${lead.first_name} ${lead.last_name}`);
    await page.getByLabel('Search').press('Enter');
    await poll(async () => hashQuery().get('q')).toBe(`${lead.first_name} ${lead.last_name}`);
    await poll(rowIds).toContain(lead.id);
    await page.getByLabel('Search').fill(lead.company!.name);
    await page.getByLabel('Search').press('Enter');
    const byCompany = (await v2.get(`/v2/leads?company_public_id=${lead.company!.slug}&limit=50`)).body.items.map((l: { id: string }) => l.id);
    await poll(async () => {
      const ids = await rowIds();
      return byCompany.length > 0 && byCompany.every((id: string) => ids.includes(id));
    }).toBe(true);
    await ui.shot('leads-search');
  });

  it('filters by a company picked by its name and a post picked by its opening words', async () => {
    const { page, poll } = ui;
    const lead: V2Lead = (await v2.get('/v2/leads?limit=1')).body.items[0];
    await ui.open('#/leads');
    const company = page.getByLabel('Company');
    await company.pressSequentially(lead.company!.name.slice(0, 5));
    await poll(() => page.locator('#company-choices option').evaluateAll((os) => os.map((o) => [o.getAttribute('value'), o.textContent]))).toContainEqual([lead.company!.slug, lead.company!.name]);
    await company.fill(lead.company!.slug);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await poll(rowIds).toEqual(await v2Ids(`company_public_id=${lead.company!.slug}&limit=50`));
    const posts = (await v2.get('/v2/content/team/feed?limit=5')).body.items as { id: string; content: string }[];
    const post = posts[1]!;
    await page.getByLabel('Company').fill('');
    const label = await page.locator(`select[name=post_id] option[value="${post.id}"]`).textContent();
    expect(label).toContain(post.content.replace(/\s+/g, ' ').slice(0, 30));
    await page.getByLabel('Post').selectOption(post.id);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await poll(async () => hashQuery().get('post_id')).toBe(post.id);
    await poll(rowIds).toEqual(await v2Ids(`post_id=${post.id}&limit=50`));
  });

  it('refuses a start date after the end date beside the field, the list unchanged', async () => {
    const { page, poll } = ui;
    await ui.open('#/leads?status=NEW');
    const before = await v2Ids('status=NEW&limit=50');
    await poll(rowIds).toEqual(before);
    await page.getByLabel('Created from').fill('2026-03-10');
    await page.getByLabel('Created to').fill('2026-03-01');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await poll(() => page.locator('#error-end_date').textContent()).toBe('"Created to" (2026-03-01) is before "Created from" (2026-03-10)');
    expect(await page.getByLabel('Created to').getAttribute('aria-describedby')).toBe('error-end_date');
    expect(await page.getByLabel('Created to').getAttribute('aria-invalid')).toBe('true');
    expect(hashQuery().toString()).toBe('status=NEW');
    expect(await rowIds()).toEqual(before);
  });

  it("shows who the lead is in the drawer, why its score is the header's, and links its history to the posts", async () => {
    const { page, poll } = ui;
    const lead: V2Lead = (await v2.get('/v2/leads?sort_by=most_engaged_first&email_enriched=true&limit=1')).body.items[0];
    await ui.open(`#/leads/${lead.id}?sort_by=most_engaged_first`);
    const drawer = page.getByRole('complementary', { name: 'Lead details' });
    await drawer.getByRole('heading', { name: `${lead.first_name} ${lead.last_name}` }).waitFor();
    expect(await drawer.getByTestId('lead-picture').getAttribute('src')).toBe(lead.picture);
    expect(await drawer.getByTestId('lead-company').textContent()).toBe(lead.company!.name);
    expect(await drawer.getByTestId('lead-profile').getAttribute('href')).toBe(lead.network_url);
    expect(await drawer.getByTestId('lead-email').getAttribute('href')).toBe(`mailto:${lead.contact_email}`);
    await poll(() => drawer.getByTestId('score-now').textContent()).toMatch(new RegExp(`^Score now ${lead.engagement_score} of 100 from ${lead.engagement_events_count} engagement events? \\(as imported`));
    const links = drawer.getByTestId('lead-history').getByRole('link');
    await poll(() => links.count()).toBe(lead.engagement_events_count);
    expect(await links.first().getAttribute('href')).toBe(lead.source_content_url);
    await ui.shot('lead-drawer-rep');
    await drawer.getByRole('link', { name: 'Close' }).click();
    await poll(async () => new URL(page.url()).hash).toBe('#/leads?sort_by=most_engaged_first');
  });

  it('names the lead in the credit ledger, linked to it', async () => {
    const { page, poll } = ui;
    const lead: V2Lead = (await v2.get('/v2/leads?limit=1')).body.items[0];
    await server.ctx.database.db.insertInto('credit_ledger').values({ workspace_id: WS, id: 'cr_e2e', delta: -1, reason: spendingReason(lead.id, 'ana@acme.test', 'hunter'), created_at: Date.now() + 1000 }).execute();
    await ui.open('#/settings');
    const row = page.locator('tr[data-entry-id="cr_e2e"]');
    await poll(() => row.locator('td').last().textContent()).toBe(`Email found for ${lead.first_name} ${lead.last_name}`);
    expect(await row.getByRole('link').getAttribute('href')).toBe(`#/leads/${lead.id}`);
  });

  it('tells how to add contacts to an empty campaign; shows Contacts by state whole at 1280 px; ties the note error to its field', async () => {
    const { page, poll } = ui;
    const empty = await createCampaign(server.ctx.database.db, server.ctx.clock, WS, { name: 'Empty spring', creatorId: 'tm_demo_ana' });
    await ui.open(`#/campaigns/${empty.id}`);
    const hint = page.getByTestId('no-contacts');
    await poll(() => hint.textContent()).toMatch(/^No contacts yet: starting it sends nothing\. Add contacts on the Leads page/);
    expect(await hint.getByRole('link', { name: 'Leads page' }).getAttribute('href')).toBe('#/leads');

    await ui.open('#/campaigns/cmp_demo_q2');
    expect(await page.getByTestId('no-contacts').count()).toBe(0);
    const table = page.locator('table.contacts-by-state');
    await table.waitFor();
    // The whole table inside its half of the page: no column past the edge, none behind a scrollbar.
    const fits = await table.evaluate((t) => {
      const section = t.closest('section')!;
      return { right: t.getBoundingClientRect().right, sectionRight: section.getBoundingClientRect().right, scroll: section.scrollWidth, client: section.clientWidth };
    });
    expect(fits.right).toBeLessThanOrEqual(fits.sectionRight);
    expect(fits.scroll).toBeLessThanOrEqual(fits.client);
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(3);

    const note = page.getByLabel('Invitation note');
    await note.fill('x'.repeat(320));
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.locator('#error-note_template').waitFor();
    expect((await note.getAttribute('aria-describedby'))!.split(' ')).toEqual(['error-note_template', 'note-count']);
    await ui.shot('campaign-rep');
  });

  it('shows the first lead on the first screen of a 390 px phone, nothing scrolling sideways', async () => {
    const { page, poll } = ui;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await ui.open('#/leads');
      const first = page.locator('tbody tr[data-lead-id]').first();
      await first.waitFor();
      const box = (await first.boundingBox())!;
      expect(box.y + Math.min(box.height, 60)).toBeLessThan(844);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
      // The headline is at most two lines.
      const headline = first.locator('td.headline');
      const lines = await headline.evaluate((td) => td.getBoundingClientRect().height / parseFloat(td.ownerDocument.defaultView!.getComputedStyle(td).lineHeight));
      expect(lines).toBeLessThanOrEqual(2.5);
      expect(await page.getByLabel('Created from').isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Filters' }).click();
      await poll(() => page.getByLabel('Created from').isVisible()).toBe(true);
      await page.screenshot({ path: 'reports/console-screenshots/leads-phone-390.png' });
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
}, 180_000);
