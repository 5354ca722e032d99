// `npm run build`, and `npm ci` through the prepare script: the service, the typed client and the
// web console, each step announced with its time (the build takes minutes on a small machine, and
// two silent minutes look like a hang), then the `warmline` command linked into
// node_modules/.bin, where `npx warmline` finds it and runs it at once. (With a `bin` entry in
// package.json instead, npx installs the project into its own cache first: 34 s on first use,
// about a second on every later one.)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { exitOnHelp, refuseArguments } from './usage.js';

exitOnHelp(`
Builds the service (TypeScript -> dist/), the typed client (clients/typescript/dist/) and the web
console (Vite -> dist/app/), saying what it builds as it goes, and links node_modules/.bin/warmline
to bin/warmline.js for \`npx warmline\`. npm ci runs it (the prepare script).

  npm run build

Options:
  -h, --help   this text (it takes no other arguments)
`);
refuseArguments('build');

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

const STEPS: [what: string, command: string, args: string[]][] = [
  ['the service (TypeScript -> dist/)', 'tsc', ['-p', 'tsconfig.build.json']],
  ['the typed client (clients/typescript/dist/)', 'tsc', ['-p', 'clients/typescript']],
  ['the web console (Vite -> dist/app/)', 'vite', ['build', '--config', 'console/vite.config.ts', '--logLevel', 'warn']],
];

const started = performance.now();
for (const [i, [what, command, args]] of STEPS.entries()) {
  const t0 = performance.now();
  process.stdout.write(`warmline build ${i + 1}/${STEPS.length}: ${what} ...\n`);
  const run = spawnSync(bin(command), args, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    process.stderr.write(`warmline build: ${what} failed (${command} ${args.join(' ')})\n`);
    process.exit(run.status ?? 1);
  }
  process.stdout.write(`warmline build ${i + 1}/${STEPS.length}: done in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
}

// A relative link, so a copied or moved checkout keeps it pointing at its own bin/warmline.js.
fs.mkdirSync(path.dirname(bin('warmline')), { recursive: true });
fs.rmSync(bin('warmline'), { force: true });
fs.symlinkSync(path.join('..', '..', 'bin', 'warmline.js'), bin('warmline'));
process.stdout.write(`warmline build: finished in ${((performance.now() - started) / 1000).toFixed(1)} s; run it with \`npm start\` or \`npx warmline <command>\`\n`);
