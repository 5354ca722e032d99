// Debian's Chromium driven by playwright-core. Where it is absent a local run skips the browser
// suites with a visible message; under CI=true its absence is a failure (.ci/run installs it).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { describe, it } from 'vitest';
import { removeTempDir, tempDir } from './temp-dirs.js';

export const CHROMIUM = process.env.WARMLINE_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** `describe` when Chromium is here; otherwise a skip with a message, or a failing test under CI. */
export function describeWithChromium(title: string, body: () => void, timeout?: number): void {
  if (fs.existsSync(CHROMIUM)) {
    describe(title, { timeout }, body);
    return;
  }
  if (process.env.CI === 'true') {
    describe(title, () => it('needs Chromium', () => { throw new Error(`Chromium not found at ${CHROMIUM}: CI must install it (apt-get install -y chromium)`); }));
    return;
  }
  console.warn(`\n*** Browser tests SKIPPED: no Chromium at ${CHROMIUM} (apt-get install chromium, or set WARMLINE_CHROMIUM). ***\n`);
  describe.skip(title, body);
}

/** A browser with a fresh profile, trusting the test server's self-signed certificate. */
export async function launchChromium(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = tempDir('chromium');
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: ARGS, headless: true, ignoreHTTPSErrors: true, viewport: { width: 1280, height: 800 } });
  return { context, close: async () => { await context.close(); removeTempDir(profile); } };
}

export const SCREENSHOTS = path.resolve('reports/console-screenshots');
