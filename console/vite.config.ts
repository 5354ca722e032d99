// The web console's build: Preact through Vite into dist/app, served by the service at /app.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const OUT = path.resolve(import.meta.dirname, '../dist/app');
/** The budget for the JavaScript shipped; the build fails above it. */
export const JS_BUDGET_GZIP = 250 * 1024;

function jsBudget(): Plugin {
  return {
    name: 'warmline-js-budget',
    closeBundle() {
      const assets = path.join(OUT, 'assets');
      const total = fs.readdirSync(assets).filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(assets, f))).length, 0);
      if (total > JS_BUDGET_GZIP) throw new Error(`console JavaScript is ${total} bytes gzipped, over the ${JS_BUDGET_GZIP}-byte budget`);
      console.log(`console JavaScript: ${(total / 1024).toFixed(1)} KiB gzipped (budget ${JS_BUDGET_GZIP / 1024} KiB)`);
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  base: '/app/',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: OUT, emptyOutDir: true, sourcemap: false },
  plugins: [jsBudget()],
});
