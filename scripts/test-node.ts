// Runs tests on another Node.js major: `npm run test:node -- <major> [vitest args…]`.
// The service's floor is Node 20 (package.json engines); the code must keep working on the
// newer lines too. Without vitest arguments it runs scripts/test-phases.ts's NODE_LINE_FILES (what a
// newer line can break; CI has run every file on Node 20 before). That Node comes from the npm
// registry (node-<platform>-<arch>, which holds the binary and its headers), so nothing but the
// registry is needed. The working tree (tracked and untracked files, not ignored ones) is copied
// beside ../shared and installed with that Node: better-sqlite3 is built against its ABI there, so
// this checkout's node_modules stay Node 20's.
import { spawnSync, type SpawnSyncOptions, type SpawnSyncReturns } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NODE_LINE_FILES } from './test-phases.js';
import { exitOnHelp } from './usage.js';

const USAGE = `usage: npm run test:node -- <major> [vitest arguments…]

Runs \`npx vitest run\` on Node.js <major> (e.g. 22, 24), fetched from the npm registry as
node-${process.platform}-${process.arch}@<major>, in a copy of this working tree installed with it.
Without vitest arguments, the files that a newer Node line needs to run (NODE_LINE_FILES in
scripts/test-phases.ts, docs/testing.md); with them, exactly what they select (\`test/ src/\`: every file).
Work space: $WARMLINE_NODE_DIR, default ${path.join(os.tmpdir(), 'warmline-node')} (kept between runs:
the downloaded Node is reused; the copy is made and installed again unless it is of the same tree).

  --install-only   fetch that Node, copy the tree and install it, run no test: CI installs both
                   lines while the Node 20 suites run, and the later test run finds the copy ready.`;

exitOnHelp(USAGE);
const installOnly = process.argv.includes('--install-only');
const [major, ...vitestArgs] = process.argv.slice(2).filter((arg) => arg !== '--install-only');
if (!major || !/^\d+$/.test(major)) {
  console.error(`test:node: a Node.js major version is needed (got ${major === undefined ? 'nothing' : `"${major}"`})\n\n${USAGE}`);
  process.exit(2);
}

const repo = path.resolve(import.meta.dirname, '..');
const work = path.resolve(process.env.WARMLINE_NODE_DIR ?? path.join(os.tmpdir(), 'warmline-node'));
const pkg = `node-${process.platform}-${process.arch}`;

function run(command: string, args: string[], options: SpawnSyncOptions = {}): SpawnSyncReturns<Buffer> {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options }) as SpawnSyncReturns<Buffer>;
  if (result.status !== 0) {
    console.error(`test:node: ${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  return result;
}

// Node itself: the newest release of that major on the registry, unpacked once.
const version = spawnSync('npm', ['view', `${pkg}@${major}`, 'version', '--json'], { encoding: 'utf8' });
const versions: string[] = version.status === 0 ? [JSON.parse(version.stdout) as string | string[]].flat() : [];
// The registry lists them in publishing order, not by version.
const byVersion = (a: string, b: string) => {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  return x![0]! - y![0]! || x![1]! - y![1]! || x![2]! - y![2]!;
};
const latest = versions.sort(byVersion).at(-1);
if (!latest) {
  console.error(`test:node: no ${pkg}@${major} on the npm registry\n${version.stderr ?? ''}`);
  process.exit(1);
}
const nodeHome = path.join(work, `${pkg}-${latest}`);
if (!fs.existsSync(path.join(nodeHome, 'bin', 'node'))) {
  fs.mkdirSync(work, { recursive: true });
  const packed = run('npm', ['pack', `${pkg}@${latest}`, '--pack-destination', work, '--json', '--silent'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const tarball = path.join(work, (JSON.parse(packed.stdout.toString('utf8')) as { filename: string }[])[0]!.filename);
  const unpacking = `${nodeHome}.partial`;
  fs.rmSync(unpacking, { recursive: true, force: true });
  fs.mkdirSync(unpacking, { recursive: true });
  run('tar', ['xzf', tarball, '-C', unpacking, '--strip-components=1']);
  fs.rmSync(tarball);
  fs.renameSync(unpacking, nodeHome);
}

// The working tree, as git sees it, beside the spec it reads (../shared).
const copy = path.join(work, `node${major}`);
const cwd = path.join(copy, 'main');
const files = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] })
  .stdout.toString('utf8')
  .split('\0')
  .filter((file) => file !== '' && fs.existsSync(path.join(repo, file)));
// What the copy was made of (each file's path, size and change time) and with which Node: a copy of
// the same tree, installed to the end, is used as it is.
const tree = crypto.createHash('sha256').update(latest);
for (const file of files) {
  const stat = fs.statSync(path.join(repo, file));
  tree.update(`\0${file}\0${stat.size}\0${stat.mtimeMs}`);
}
const stamp = path.join(copy, 'installed-tree');
const digest = tree.digest('hex');
const env = {
  ...process.env,
  PATH: `${path.join(nodeHome, 'bin')}${path.delimiter}${process.env.PATH}`,
  // Native addons (better-sqlite3) are built against this Node's own headers, shipped in the same package.
  npm_config_nodedir: nodeHome,
};
console.log(`test:node: Node ${latest} (${nodeHome}) in ${cwd}`);
if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest) {
  console.log('test:node: the copy of this tree is installed already');
} else {
  fs.rmSync(copy, { recursive: true, force: true });
  fs.mkdirSync(cwd, { recursive: true });
  for (const file of files) fs.cpSync(path.join(repo, file), path.join(cwd, file));
  const shared = path.resolve(repo, '..', 'shared');
  if (fs.existsSync(shared)) fs.symlinkSync(shared, path.join(copy, 'shared'));

  // A repository of its own, so that the tests which clone the checkout (the README's quick start) run too.
  const git = (...args: string[]) => run('git', ['-c', 'user.name=test-node', '-c', 'user.email=test-node@localhost', ...args], { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  git('init', '--quiet');
  git('add', '--all');
  git('commit', '--quiet', '--no-verify', '--message', 'the working tree, for test:node');

  // The install's seconds are printed apart from the tests': on a 2-core machine they are a large part of the phase.
  const installing = Date.now();
  run('npm', ['ci', '--no-audit', '--no-fund'], { cwd, env });
  fs.writeFileSync(stamp, digest);
  console.log(`test:node: npm ci on Node ${latest} took ${Math.round((Date.now() - installing) / 1000)} s`);
}
if (installOnly) process.exit(0);
const tests = spawnSync('npx', ['vitest', 'run', ...(vitestArgs.length > 0 ? vitestArgs : NODE_LINE_FILES)], { cwd, env, stdio: 'inherit' });
process.exit(tests.status ?? 1);
