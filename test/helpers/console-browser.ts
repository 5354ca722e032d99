// What the console's browser suites share: full page loads, signing in through the page's own
// form, polling, and screenshots at the two widths into reports/console-screenshots
// (CI keeps them).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchChromium, SCREENSHOTS } from './chromium.js';
import { CONSOLE_PASSWORD } from './console-session.js';
import type { TestServer } from './server.js';

/** Screenshots of the whole page at 1280 and 390 px into reports/console-screenshots/<name>-<width>.png. */
export async function screenshots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A full load, not a same-document hash change: every page starts from the server's answer. */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url);
}

export async function signInThroughPage(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await openPage(page, `${baseUrl}/app/#/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.keyboard.press('Enter');
}

/** A browser with one page on the server's console. */
export async function openConsole(server: TestServer) {
  const browser = await launchChromium();
  const page: Page = await browser.context.newPage();
  return {
    page,
    open: (hash: string) => openPage(page, `${server.url}/app/${hash}`),
    poll: <T,>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 10_000 }),
    shot: (name: string) => screenshots(page, name),
    signIn: (email: string, password = CONSOLE_PASSWORD) => signInThroughPage(page, server.url, email, password),
    close: () => browser.close(),
  };
}
