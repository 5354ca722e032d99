// Writes a generated demo snapshot with N leads (default 1,000,000) to a file, to measure import.
// How to run it: USAGE below (`npm run make-snapshot -- --help`).
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { demoSnapshotStream } from '../src/demo/demo-snapshot.js';
import { exitOnHelp } from './usage.js';

const USAGE = `
Writes a generated demo snapshot (one workspace, ws_bench) with <leads> leads to <file>, to measure
import (docs/snapshot-import.md): 1,283 MB at 1,000,000 leads.

  npm run make-snapshot -- <file> [leads]   leads: a whole number (default 1000000)

Options:
  -h, --help   this text

A file name may not start with '-', and an existing file is not replaced (remove it first). The
snapshot is written beside it under a temporary name and takes <file>'s name only when complete:
a run that is interrupted or fails leaves no <file>, and removes what it wrote.
`;
exitOnHelp(USAGE);

/** Refused, or failed: the message on stderr, exit code 1 (a failed write has removed its file first). */
function refuse(message: string): never {
  process.stderr.write(`${message.trim()}\n`);
  process.exit(1);
}

// Every option is refused, as with strict: true, but the refusal names the argument as it was given
// (`-x.json`, where strict parsing would name the `-x` it reads in it).
const { positionals, tokens } = parseArgs({ allowPositionals: true, options: {}, strict: false, tokens: true });
const option = tokens.find((token) => token.kind === 'option');
if (option) refuse(`make-snapshot: unknown option ${process.argv[2 + option.index]} (a file name may not start with '-'; --help for the usage)`);
const [file, leads = '1000000', ...extra] = positionals;
if (file?.startsWith('-')) refuse(`make-snapshot: a file name may not start with '-': ${file}`);
if (!file || !/^\d+$/.test(leads) || extra.length > 0) refuse(USAGE);
if (fs.existsSync(file)) refuse(`make-snapshot: ${file} exists; remove it first (a snapshot takes minutes to write, and is not replaced unasked)`);

// A half-written snapshot under the final name looks finished until an import fails on it minutes
// later, so the file only gets its name once every byte is written.
const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
const removePartial = () => fs.rmSync(partial, { force: true });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    removePartial();
    process.stderr.write(`make-snapshot: interrupted (${signal}); ${file} not written\n`);
    process.exit(1);
  });
}
const started = performance.now();
try {
  await pipeline(demoSnapshotStream({ now: Date.parse('2026-01-01T00:00:00Z'), leads: Number(leads), workspaceId: 'ws_bench' }), fs.createWriteStream(partial, { flags: 'wx' }));
  fs.renameSync(partial, file);
} catch (err) {
  removePartial();
  refuse(`make-snapshot: ${file} not written: ${(err as Error).message}`);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stderr.write(`wrote ${leads} leads to ${file} (${(fs.statSync(file).size / 1048576).toFixed(0)} MB) in ${seconds}s\n`);
