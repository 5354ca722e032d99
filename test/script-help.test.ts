// The project's scripts answer --help with their usage, before building or starting anything, and
// the usage names every option the script declares and every environment variable it reads: a new
// option or variable cannot be left out of its help. make-snapshot refuses an option it does not
// know (it once took `--help` for its output file and wrote 1.2 GB to a file of that name), and the
// scripts that take no arguments refuse any (they once ignored a mistyped option and ran in full).
// make-snapshot writes a whole file or none, and never over an existing one. No database is
// involved: the file runs once, with the SQLite suite (each spawn spends 1–3 s loading modules
// through tsx, and the file holds one of the suite's two workers for about a minute).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { describeOnce } from './helpers/dialects.js';
import { removeTempDir, tempDir } from './helpers/temp-dirs.js';

const root = path.resolve(import.meta.dirname, '..');
/** The scripts that declare options in parseArgs; the others take none (or positionals only). */
const WITH_OPTIONS = ['bench-leads-cold.ts', 'bench-import.ts', 'bench-console-leads.ts'];
/** The scripts that take no arguments at all (their settings are environment variables). */
const NO_ARGUMENTS = ['bench-leads.ts', 'explain-leads.ts', 'bench-ingest.ts', 'bench-hostile.ts', 'bench-campaigns-page.ts', 'bench-hooks.ts', 'bench-durability.ts', 'build.ts'];
const SCRIPTS = [...WITH_OPTIONS, ...NO_ARGUMENTS, 'make-snapshot.ts'];
/** Each spawn's limit; a test's own is a little more, so a hung script fails on its spawn. */
const SPAWN_MS = 60_000;

const sourceOf = (file: string) => fs.readFileSync(path.join(root, 'scripts', file), 'utf8');

/** The long options declared in the script's parseArgs call (its text up to the parenthesis that closes it). */
function declaredOptions(file: string): string[] {
  const source = sourceOf(file);
  const start = source.indexOf('parseArgs({');
  if (start < 0) return [];
  let end = start + 'parseArgs'.length;
  for (let depth = 0; ; end++) {
    if (source[end] === '(') depth++;
    else if (source[end] === ')' && --depth === 0) break;
  }
  return [...source.slice(start, end).matchAll(/'?([a-z][\w-]*)'?: \{ type:/g)].map((m) => m[1]!);
}

/** The environment variables a source reads: `process.env.NAME` and `process.env['NAME']` (not `...process.env`). */
function environmentRead(source: string): string[] {
  const names = [...source.matchAll(/process\.env(?:\.([A-Za-z_]\w*)|\[\s*(['"`])(\w+)\2\s*\])/g)].map((m) => (m[1] ?? m[3])!);
  return [...new Set(names)].sort();
}

const entries = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
/** tsx's loader, named by its path: a script runs from an empty directory, where `--import tsx` would not be found. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/** node's arguments that run `scripts/<file>` with `args`. */
const scriptArgs = (file: string, args: string[]) => ['--import', TSX, path.join(root, 'scripts', file), ...args];
/** An empty working directory for one script run. */
const scratchDir = () => tempDir('script-help');

/**
 * Runs a script from an empty working directory of its own (holding `files` first), and returns
 * what it printed and what it left: the files in that directory, with their text, and the names it
 * added to what the benchmarks have built so far (.bench/, gitignored). Asked for --help, or
 * refusing its arguments, a script must leave nothing in either. (Not the repository root: other
 * test files running alongside write there, e.g. a CLI's ./data.)
 */
function runScript(file: string, args: string[], files: Record<string, string> = {}) {
  const cwd = scratchDir();
  const bench = entries(path.join(root, '.bench'));
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(cwd, name), text);
    const run = spawnSync(process.execPath, scriptArgs(file, args), { cwd, encoding: 'utf8', timeout: SPAWN_MS });
    const left = Object.fromEntries(entries(cwd).map((name) => [name, fs.readFileSync(path.join(cwd, name), 'utf8')]));
    return { ...run, left, benchAdded: entries(path.join(root, '.bench')).filter((name) => !bench.includes(name)) };
  } finally {
    removeTempDir(cwd);
  }
}

describeOnce('scripts --help', () => {
  it('finds the environment variables a source reads', () => {
    expect(environmentRead(`const a = process.env.BENCH_A ?? 1; process.env['B_2']; process.env["C"]; fork(f, { env: { ...process.env, D: '1' } });`)).toEqual(['BENCH_A', 'B_2', 'C']);
  });

  it.each(SCRIPTS)(
    '%s prints its usage, names every option and environment variable, and does nothing else',
    (file) => {
      const run = runScript(file, ['--help']);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('-h, --help');
      const options = declaredOptions(file);
      if (WITH_OPTIONS.includes(file)) expect(options.length).toBeGreaterThan(1);
      for (const option of options) expect(run.stdout, `--${option} in ${file}'s usage`).toContain(`--${option}`);
      for (const name of environmentRead(sourceOf(file))) expect(run.stdout, `${name} in ${file}'s usage`).toMatch(new RegExp(`\\b${name}\\b`));
      expect(run.left).toEqual({});
      expect(run.benchAdded).toEqual([]);
    },
    SPAWN_MS + 5_000,
  );
});

describeOnce('make-snapshot refuses what it does not know', () => {
  it.each([[['--nope']], [['-x.json']], [['--', '-x.json']]])(
    'make-snapshot.ts %j: one line on stderr, exit code 1, no file',
    (args) => {
      const run = runScript('make-snapshot.ts', args);
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^make-snapshot: /);
      expect(run.left).toEqual({});
      expect(run.benchAdded).toEqual([]);
    },
    SPAWN_MS + 5_000,
  );
});

describeOnce('make-snapshot writes a whole file or none', () => {
  it('writes the snapshot under the name given, and nothing else', () => {
    const run = runScript('make-snapshot.ts', ['s.json', '3']);
    expect(run.status).toBe(0);
    expect(Object.keys(run.left)).toEqual(['s.json']);
    expect(JSON.parse(run.left['s.json']!)).toMatchObject({ format: 'workspace-snapshot', workspace: { id: 'ws_bench' } });
    expect(run.stderr).toMatch(/^wrote 3 leads to s\.json /);
  }, SPAWN_MS + 5_000);

  it('refuses to replace an existing file: one line on stderr, exit code 1, the file as it was', () => {
    const run = runScript('make-snapshot.ts', ['s.json', '3'], { 's.json': 'mine' });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('make-snapshot: s.json exists; remove it first (a snapshot takes minutes to write, and is not replaced unasked)\n');
    expect(run.left).toEqual({ 's.json': 'mine' });
  }, SPAWN_MS + 5_000);

  it('interrupted while writing, leaves no file at all (not a partial one under the name given)', async () => {
    const cwd = scratchDir();
    const child = spawn(process.execPath, scriptArgs('make-snapshot.ts', ['big.json']), { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      // Interrupted once it has written something (1M leads take minutes): a file in its directory has bytes.
      const writing = () => entries(cwd).some((name) => fs.statSync(path.join(cwd, name)).size > 0);
      for (const deadline = Date.now() + SPAWN_MS / 2; !writing() && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
      expect(entries(cwd)).toEqual([expect.stringMatching(/^\.big\.json\.\d+\.partial$/)]);
      child.kill('SIGINT');
      expect(await exited).toBe(1);
      expect(stderr).toBe('make-snapshot: interrupted (SIGINT); big.json not written\n');
      expect(entries(cwd)).toEqual([]);
    } finally {
      // Failing, the test stops the run before removing its directory (it would write on for minutes).
      child.kill('SIGKILL');
      await exited;
      removeTempDir(cwd);
    }
  }, SPAWN_MS);
});

describeOnce('the scripts that take no arguments refuse any', () => {
  // A user typing a child's internal mode (bench-hostile's --serve, bench-campaigns-page's
  // --measure <dir> <key> <url>) is refused too: the mode is its own forked child's only.
  const cases = [
    // Each script calls refuseArguments: a mistyped option on each; a stray operand once (the same function).
    ...NO_ARGUMENTS.map((file) => [file, ['--nope'], '--nope'] as const),
    ['bench-leads.ts', ['extra'], 'extra'],
    ['bench-hostile.ts', ['--serve'], '--serve'],
    ['bench-campaigns-page.ts', ['--measure', 'dir', 'key', '/v2/health'], '--measure'],
  ] as const;
  it.each(cases)(
    '%s %j: one line on stderr naming it, exit code 1, nothing on stdout, nothing created',
    (file, args, named) => {
      const run = runScript(file, [...args]);
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`${path.basename(file, '.ts')}: unknown argument ${named} (--help for the usage)\n`);
      expect(run.left).toEqual({});
      expect(run.benchAdded).toEqual([]);
    },
    SPAWN_MS + 5_000,
  );
});
