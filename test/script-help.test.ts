// The benchmark scripts answer --help with their usage, before building or starting anything, and
// the usage names every option the script reads: a new option cannot be left out of its help.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const SCRIPTS = ['bench-leads-cold.ts', 'bench-import.ts', 'bench-console-leads.ts'];

/** The long options declared in the script's parseArgs call (its text up to the parenthesis that closes it). */
function declaredOptions(file: string): string[] {
  const source = fs.readFileSync(path.join(root, 'scripts', file), 'utf8');
  const start = source.indexOf('parseArgs({');
  let end = start + 'parseArgs'.length;
  for (let depth = 0; ; end++) {
    if (source[end] === '(') depth++;
    else if (source[end] === ')' && --depth === 0) break;
  }
  return [...source.slice(start, end).matchAll(/'?([a-z][\w-]*)'?: \{ type:/g)].map((m) => m[1]!);
}

/** What the benchmarks have built so far (.bench/, gitignored): --help must add nothing to it. */
const benchFiles = () => (fs.existsSync(path.join(root, '.bench')) ? fs.readdirSync(path.join(root, '.bench')).sort() : []);

describe('benchmark scripts --help', () => {
  it.each(SCRIPTS)('%s prints its usage, names every option and does nothing else', (file) => {
    const before = benchFiles();
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join('scripts', file), '--help'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('-h, --help');
    const options = declaredOptions(file);
    expect(options.length).toBeGreaterThan(1);
    for (const option of options) expect(run.stdout, `--${option} in ${file}'s usage`).toContain(`--${option}`);
    expect(benchFiles()).toEqual(before);
  });
});
