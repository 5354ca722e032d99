// The console's leads page on the 1,000,000-lead benchmark workspace (a measurement, not a test;
// USAGE below, `--help`):
// - first paint: full loads of /app/#/leads in Debian's Chromium (signed in), each measuring the
//   first contentful paint and the moment the first lead row is in the table (a MutationObserver
//   installed before the page's own script), both from navigation start;
// - data: /app/api/leads for the page's default query and its other common shapes, and the
//   search (/app/api/leads/search), the server's own time per request (Fastify's elapsed time, read
//   where request metrics are recorded);
// - with --export: streamed CSV exports of a 30-day window and of every QUALIFIED lead, rows/s and
//   the process's RSS (server and client share it: the point is that it does not grow with the rows).
// Data: .bench/leads-cold-<n>.db, built once by scripts/bench-cold-data.ts and reused (BENCH_LEADS to change).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { Agent, request } from 'undici';
import { acceptInvite, createInvite } from '../src/console/console-auth.service.js';
import { loadConfig } from '../src/config.js';
import { createContext, createLogger } from '../src/context.js';
import { buildServer, serverDeps } from '../src/server/server.js';
import { loadTlsMaterial } from '../src/http/tls.js';
import type { Metrics } from '../src/metrics/metrics.js';
import { COLD_WORKSPACE, coldDataDay, ensureColdDatabase } from './bench-cold-data.js';
import { exitOnHelp } from './usage.js';

const USAGE = `
The console's leads page on the 1,000,000-lead benchmark workspace, in Debian's Chromium.

  npm run bench:console-leads [-- --loads 7 --requests 30 --export]

Options:
  --loads <n>      full loads of /app/#/leads (first paint, first lead row; default 7)
  --requests <n>   /app/api/leads requests per query shape (default 30)
  --export         also stream CSV exports (rows/s, the process's RSS)
  -h, --help       this text

Data: .bench/leads-cold-<n>.db, built once and reused (BENCH_LEADS for another size).

Environment: BENCH_LEADS (default 1000000), WARMLINE_CHROMIUM, the browser (default /usr/bin/chromium).
`;
exitOnHelp(USAGE);
const { values: opts } = parseArgs({ options: { loads: { type: 'string', default: '7' }, requests: { type: 'string', default: '30' }, export: { type: 'boolean', default: false } } });
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const CHROMIUM = process.env.WARMLINE_CHROMIUM ?? '/usr/bin/chromium';
const PASSWORD = 'bench console password';
const here = path.dirname(new URL(import.meta.url).pathname);
const file = path.join(here, '..', '.bench', `leads-cold-${LEADS}.db`);
fs.mkdirSync(path.dirname(file), { recursive: true });
await ensureColdDatabase({ dialect: 'sqlite', file }, LEADS, (text) => console.log(text));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'warmline-bench-console-'));
const config = loadConfig({ dataDir, db: file, host: '127.0.0.1', port: 0, logLevel: 'silent', demo: false, rateLimit: 100_000_000 }, {});
const ctx = await createContext(config, { logger: createLogger('silent') });
const { db } = ctx.database;

// The server's own time for each /app/api/leads answer, taken where request metrics are recorded.
const serverMs: number[] = [];
const searchMs: number[] = [];
const metrics: Metrics = Object.create(ctx.metrics);
metrics.request = (route, method, status, seconds) => {
  if (route === '/app/api/leads' && status === 200) serverMs.push(seconds * 1000);
  if (route === '/app/api/leads/search' && status === 200) searchMs.push(seconds * 1000);
  ctx.metrics.request(route, method, status, seconds);
};
const app = await buildServer(serverDeps(ctx, await loadTlsMaterial(config), { metrics }));
const url = (await app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http:/, 'https:');

const { token } = await createInvite(db, ctx.clock, COLD_WORKSPACE, 'tm_0', 'admin');
await acceptInvite(db, ctx.clock, token, PASSWORD);
const email = 'm0@bench.test';

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const ms = (v: number) => v.toFixed(1);
const summary = (values: number[]) => `p50 ${ms(pct(values, 50))} · p95 ${ms(pct(values, 95))} · max ${ms(Math.max(...values))} ms (n=${values.length})`;

// --- first paint -------------------------------------------------------------------------------
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'warmline-bench-chromium-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM, headless: true, ignoreHTTPSErrors: true, viewport: { width: 1280, height: 800 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
// Plain strings: this script is compiled without the DOM's types.
await page.addInitScript({
  content: `new MutationObserver((_, observer) => {
    if (document.querySelector('tbody tr[data-lead-id]')) { window.tableAt = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });`,
});
await page.goto(`${url}/app/#/sign-in`);
await page.getByLabel('Email').fill(email);
await page.getByLabel('Password').fill(PASSWORD);
await page.keyboard.press('Enter');
await page.locator('tbody tr[data-lead-id]').first().waitFor({ timeout: 60_000 });

const paints: number[] = [];
const tables: number[] = [];
serverMs.length = 0;
for (let i = 0; i < Number(opts.loads); i++) {
  await page.goto('about:blank');
  await page.goto(`${url}/app/#/leads`);
  await page.locator('tbody tr[data-lead-id]').first().waitFor({ timeout: 60_000 });
  const [paint, table] = await page.evaluate<[number, number]>(`[performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN, window.tableAt]`);
  paints.push(paint);
  tables.push(table);
}
const pageLoadServer = [...serverMs];
await browser.close();
fs.rmSync(profile, { recursive: true, force: true });

// --- data server time --------------------------------------------------------------------------
const dispatcher = new Agent({ connect: { rejectUnauthorized: false } });
const signIn = await request(`${url}/app/api/sign-in`, { method: 'POST', dispatcher, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
await signIn.body.text();
const get = async (pathAndQuery: string) => {
  const res = await request(`${url}${pathAndQuery}`, { dispatcher, headers: { cookie } });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`${pathAndQuery}: ${res.statusCode} ${text.slice(0, 200)}`);
  return text;
};
const dataDay = await coldDataDay(db);
const day = (n: number) => new Date((dataDay - n) * 86_400_000).toISOString().slice(0, 10);
const CASES: [string, string][] = [
  ['page default (newest first, 50)', 'limit=50'],
  ['most engaged first', 'sort_by=most_engaged_first&limit=50'],
  ['status QUALIFIED, last touch first', 'status=QUALIFIED&sort_by=last_touch_first&limit=50'],
  ['a year, most engaged', `start_date=${day(365)}&end_date=${day(0)}&sort_by=most_engaged_first&limit=50`],
  ['company, newest', 'company_public_id=company-17&limit=50'],
];
const rows: string[] = [];
for (const [name, query] of CASES) {
  serverMs.length = 0;
  let cursor: string | null = null;
  // A walk through the cursors: every request a page nobody asked for before.
  for (let i = 0; i < Number(opts.requests); i++) {
    const page = JSON.parse(await get(`/app/api/leads?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)) as { cursor: string | null };
    cursor = page.cursor;
  }
  rows.push(`| ${name} | ${ms(pct(serverMs, 50))} | ${ms(pct(serverMs, 95))} | ${ms(Math.max(...serverMs))} |`);
}

// The console's search (migration 0103's index): a rare name, a full name, a word in every
// headline (the most recently stored SEARCH_CANDIDATES matches sorted), a company name.
const SEARCHES: [string, string][] = [
  ['a name (1 lead)', 'q=First123456'],
  ['a full name by prefix (111 leads)', 'q=First4242%20Last4242'],
  ['a word in every headline, newest', 'q=growth'],
  ['a word in every headline, QUALIFIED, most engaged', 'q=growth&status=QUALIFIED&sort_by=most_engaged_first'],
  ['a company name (11 companies)', 'q=company%2017'],
  ['no match', 'q=zzqx'],
];
const searchRows: string[] = [];
for (const [name, query] of SEARCHES) {
  searchMs.length = 0;
  for (let i = 0; i < Number(opts.requests); i++) await get(`/app/api/leads/search?${query}`);
  searchRows.push(`| ${name} | ${ms(pct(searchMs, 50))} | ${ms(pct(searchMs, 95))} | ${ms(Math.max(...searchMs))} |`);
}

// --- CSV export --------------------------------------------------------------------------------
const exportLines: string[] = [];
if (opts.export) {
  // Two sizes: a streamed export's memory should not grow with its row count.
  for (const query of ['days=30', 'status=QUALIFIED']) {
    const before = process.memoryUsage().rss;
    let rss = before;
    const sampler = setInterval(() => (rss = Math.max(rss, process.memoryUsage().rss)), 100);
    const started = performance.now();
    const res = await request(`${url}/app/api/leads/export.csv?${query}`, { dispatcher, headers: { cookie } });
    let lines = 0;
    for await (const chunk of res.body) for (const byte of chunk as Buffer) if (byte === 0x0a) lines++;
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    exportLines.push(`export ${query}: ${lines - 1} rows in ${seconds.toFixed(1)} s (${Math.round((lines - 1) / seconds)} rows/s), process RSS ${Math.round(before / 1e6)} MB before, max ${Math.round(rss / 1e6)} MB during`);
  }
}

console.log(`\nconsole-leads-bench: leads=${LEADS} loads=${opts.loads} requests/case=${opts.requests} load-average=${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log(`first contentful paint: ${summary(paints)}`);
console.log(`first lead row painted: ${summary(tables)}`);
console.log(`/app/api/leads during those loads (server): ${summary(pageLoadServer)}`);
console.log('\n| /app/api/leads case | server p50 ms | p95 ms | max ms |\n|---|---|---|---|');
for (const row of rows) console.log(row);
console.log('\n| /app/api/leads/search case | server p50 ms | p95 ms | max ms |\n|---|---|---|---|');
for (const row of searchRows) console.log(row);
if (exportLines.length) console.log(`\n${exportLines.join('\n')}`);

await dispatcher.close();
await app.close();
await ctx.close();
fs.rmSync(dataDir, { recursive: true, force: true });
