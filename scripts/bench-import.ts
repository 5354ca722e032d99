// Measures `warmline import` of a generated snapshot: writes N leads (default 1,000,000;
// BENCH_IMPORT_LEADS to change) to a temporary file, imports it into a fresh SQLite database
// through the real CLI, and prints the figures. Last line: `import-bench: leads=<n> seconds=<s> leads-per-s=<r>`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { demoSnapshotStream } from '../src/demo/demo-snapshot.js';

const leads = Number(process.env.BENCH_IMPORT_LEADS ?? 1_000_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'warmline-import-bench-'));
const file = path.join(dir, 'snapshot.json');
try {
  await pipeline(demoSnapshotStream({ now: Date.parse('2026-01-01T00:00:00Z'), leads, workspaceId: 'ws_bench' }), fs.createWriteStream(file));
  const megabytes = fs.statSync(file).size / 1048576;
  console.log(`snapshot: ${leads} leads, ${megabytes.toFixed(0)} MB`);
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'import', file, '--db', path.join(dir, 'bench.db'), '--json'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, WARMLINE_LOG_LEVEL: 'warn' },
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`import failed (exit ${run.status})`);
  console.log(`import: ${seconds.toFixed(1)} s, ${(megabytes / seconds).toFixed(1)} MB/s`);
  console.log(`import-bench: leads=${leads} seconds=${seconds.toFixed(1)} leads-per-s=${Math.round(leads / seconds)}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
