// The README's quick start on a fresh clone, as a newcomer runs it: clone, install, `npm start`,
// a first request with the printed key, something new within two minutes (the demo lives), and
// `kill -TERM <npm pid>` leaves no process behind; the build says what it does as it goes, and
// `npx warmline` starts at once (no install into npx's cache first).
//
// To stay fast, "install" reuses this checkout's node_modules (hard-linked with `cp -al`, or a
// symbolic link where hard links cannot be made) instead of downloading it again, then runs the
// `prepare` script `npm ci` would run (scripts/build.ts). The clone holds the committed HEAD only.
// Skipped, with a message, without git or outside a git checkout.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { CLI } from './helpers/cli.js';
import { makeClient } from './helpers/client.js';
import { describeOnce } from './helpers/dialects.js';
import { tempDir } from './helpers/temp-dirs.js';

const root = CLI.cwd;
const gitOk = spawnSync('git', ['-C', root, 'rev-parse', '--git-dir']).status === 0;
if (!gitOk) console.warn('*** fresh-clone: git is missing or this is not a git checkout: the README quick-start test is SKIPPED ***');

/** PIDs of processes whose working directory is inside the clone (Linux /proc; elsewhere none are found). */
function processesIn(folder: string): number[] {
  if (!fs.existsSync('/proc/self/cwd')) return [];
  return fs.readdirSync('/proc').flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      const cwd = fs.readlinkSync(`/proc/${name}/cwd`);
      return cwd === folder || cwd.startsWith(`${folder}/`) ? [Number(name)] : [];
    } catch {
      return []; // gone meanwhile, or not ours to read
    }
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** npm as a newcomer's shell runs it, without asking the registry about npm itself first. */
const npmEnv = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', npm_config_update_notifier: 'false' });

/** A clone of HEAD with this checkout's packages, built by the prepare script as `npm ci` would. */
function freshClone(): { clone: string; buildOutput: string; seconds: number } {
  const clone = path.join(tempDir('clone'), 'warmline');
  const t0 = Date.now();
  execFileSync('git', ['clone', '--quiet', root, clone]);
  try {
    execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(clone, 'node_modules')]);
    // What this checkout's own build linked is the clone's build's to make (a copy of the tree may drop it).
    fs.rmSync(path.join(clone, 'node_modules/.bin/warmline'), { force: true });
  } catch {
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
  }
  const buildOutput = execFileSync('npm', ['run', 'prepare'], { cwd: clone, env: npmEnv(), encoding: 'utf8' });
  return { clone, buildOutput, seconds: (Date.now() - t0) / 1000 };
}

// It touches no database: run once, with the SQLite suite (dialects.ts describeOnce).
describeOnce('a fresh clone', () => {
  let fresh: ReturnType<typeof freshClone>;
  beforeAll(() => {
    if (gitOk) fresh = freshClone();
    // The build alone takes about a minute on a quiet 2-core machine, several on a loaded one.
  }, 600_000);

  it.skipIf(!gitOk)('builds saying what it builds, step by step, and how long each took', () => {
    const steps = fresh.buildOutput.split('\n').filter((l) => l.startsWith('warmline build'));
    expect(steps.map((l) => l.replace(/[\d.]+ s/, 'N s'))).toEqual([
      'warmline build 1/3: the service (TypeScript -> dist/) ...',
      'warmline build 1/3: done in N s',
      'warmline build 2/3: the typed client (clients/typescript/dist/) ...',
      'warmline build 2/3: done in N s',
      'warmline build 3/3: the web console (Vite -> dist/app/) ...',
      'warmline build 3/3: done in N s',
      'warmline build: finished in N s; run it with `npm start` or `npx warmline <command>`',
    ]);
  });

  it.skipIf(!gitOk)('`npx warmline` runs the clone\'s own CLI at once: nothing is installed into npx\'s cache', () => {
    const cache = tempDir('npm-cache');
    const started = Date.now();
    const out = execFileSync('npx', ['warmline', '--version'], { cwd: fresh.clone, env: { ...npmEnv(), npm_config_cache: cache }, encoding: 'utf8' });
    const seconds = (Date.now() - started) / 1000;
    expect(out.trim()).toBe(JSON.parse(fs.readFileSync(path.join(fresh.clone, 'package.json'), 'utf8')).version);
    // npx installs what it cannot find locally into <cache>/_npx: 34 s of silence on first use.
    expect(fs.existsSync(path.join(cache, '_npx'))).toBe(false);
    console.info(`fresh clone: npx warmline --version in ${seconds.toFixed(1)} s`);
  }, 60_000);

  it.skipIf(!gitOk)('clone, install, npm start, first request, a change within 2 minutes, stop by the npm PID', async () => {
    const { clone } = fresh;
    const built = Date.now();
    // The README's command; --port 0 only so that the test never meets a service on 8443.
    const npm = spawn('npm', ['start', '--', '--port', '0'], { cwd: clone, env: npmEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    npm.stdout.on('data', (d) => (out += d));
    npm.stderr.resume();
    try {
      const started = await new Promise<{ url: string; key: string }>((resolve, reject) => {
        npm.stdout.on('data', () => {
          const url = /serving the v2 API at (https:\/\/\S+)/.exec(out)?.[1];
          const key = /API key \(shown only this once, keep it\): (wl_\S+)/.exec(out)?.[1];
          if (url && key) resolve({ url, key });
        });
        npm.once('exit', () => reject(new Error(`npm start ended before serving:\n${out}`)));
      });
      const serving = Date.now();
      const client = makeClient(started.url, started.key);
      const counts = async () => {
        const [leads, team, tracked] = await Promise.all(['/v2/leads?limit=1', '/v2/content/team/feed?limit=1', '/v2/content/tracked-contacts/feed?limit=1'].map((p) => client.get(p)));
        for (const r of [leads, team, tracked]) expect(r!.status, r!.text).toBe(200);
        return `${leads!.body.total} leads, ${team!.body.total} team posts, ${tracked!.body.total} tracked posts`;
      };
      const first = await counts();
      let now = first;
      // The demo's network lives a day every 20 s and is synced every 15 s: two minutes is the promise.
      for (const deadline = Date.now() + 120_000; now === first && Date.now() < deadline; ) {
        await sleep(5_000);
        now = await counts();
      }
      expect(now, `nothing changed in 2 minutes (${first})`).not.toBe(first);
      const s = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
      console.info(`fresh clone: clone+install+build ${fresh.seconds.toFixed(1)} s, npm start to the key ${s(built, serving)}, first change after ${s(serving, Date.now())} (${first} -> ${now})`);
      if (fs.existsSync('/proc/self/cwd')) expect(processesIn(clone).length).toBeGreaterThan(0); // so the check below means something
    } finally {
      npm.kill('SIGTERM');
    }
    // Stopped by npm's PID: npm, its shell and node all end (the test's timeout bounds the wait).
    while (processesIn(clone).length > 0) await sleep(250);
    expect(processesIn(clone)).toEqual([]);
  }, 300_000);
});
