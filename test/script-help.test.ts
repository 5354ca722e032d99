// The benchmark scripts answer --help with their usage, before building or starting anything, and
// the usage names every option the script reads: a new option cannot be left out of its help.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const SCRIPTS = ['bench-leads-cold.ts', 'bench-import.ts', 'bench-console-leads.ts'];

/** The long options declared in the script's parseArgs call. */
function declaredOptions(file: string): string[] {
  const source = fs.readFileSync(path.join(root, 'scripts', file), 'utf8');
  const call = source.slice(source.indexOf('parseArgs({'));
  const options = call.slice(0, call.indexOf('\n});') === -1 ? call.indexOf('} });') : call.indexOf('\n});'));
  return [...options.matchAll(/'?([a-z][\w-]*)'?: \{ type:/g)].map((m) => m[1]!);
}

describe('benchmark scripts --help', () => {
  it.each(SCRIPTS)('%s prints its usage, names every option and does nothing else', (file) => {
    const before = fs.existsSync(path.join(root, '.bench')) ? fs.readdirSync(path.join(root, '.bench')).sort() : [];
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join('scripts', file), '--help'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('-h, --help');
    const options = declaredOptions(file);
    expect(options.length).toBeGreaterThan(1);
    for (const option of options) expect(run.stdout, `--${option} in ${file}'s usage`).toContain(`--${option}`);
    const after = fs.existsSync(path.join(root, '.bench')) ? fs.readdirSync(path.join(root, '.bench')).sort() : [];
    expect(after).toEqual(before);
  });
});
