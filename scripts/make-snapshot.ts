// Writes a generated demo snapshot with N leads (default 1,000,000) to a file, to measure import.
// Usage: npm run make-snapshot -- <file> [leads]
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { demoSnapshotStream } from '../src/demo/demo-snapshot.js';

const [file, leads = '1000000'] = process.argv.slice(2);
if (!file || !/^\d+$/.test(leads)) {
  process.stderr.write('usage: make-snapshot <file> [leads]\n');
  process.exit(1);
}
const started = performance.now();
await pipeline(demoSnapshotStream({ now: Date.parse('2026-01-01T00:00:00Z'), leads: Number(leads), workspaceId: 'ws_bench' }), fs.createWriteStream(file));
const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stderr.write(`wrote ${leads} leads to ${file} (${(fs.statSync(file).size / 1048576).toFixed(0)} MB) in ${seconds}s\n`);
