// The README's start command is `npm start`: npm runs a shell that runs node. Stopping it by the
// PID the operator has (npm's) must stop the service too, not leave node serving under PID 1.
import { execFileSync, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { CLI } from './helpers/cli.js';
import { tempDir } from './helpers/temp-dirs.js';

let dir: string;
beforeAll(() => {
  dir = tempDir('npm-start');
});

// The processes started for this test (their command lines name its data directory), for a failure's message.
const processesOf = (marker: string) =>
  execFileSync('ps', ['-eo', 'pid,ppid,stat,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(marker))
    .join('\n');

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

it('kill -TERM <npm pid> stops the service', async () => {
  const npm = spawn('npm', ['start', '--', '--data-dir', dir, '--port', '0', '--no-demo', '--json', '--log-level', 'silent'], {
    cwd: CLI.cwd,
    // No update check: npm asks the registry about itself before a script, which a slow network turns into a wait.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', npm_config_update_notifier: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  npm.stderr.on('data', (d) => (err += d));
  const info = await new Promise<{ url: string }>((resolve, reject) => {
    // Said before the test's own limit, with what npm printed, if the service never says it serves.
    const silent = setTimeout(() => reject(new Error(`npm start printed no address in 60 s: stdout ${JSON.stringify(out)} stderr ${JSON.stringify(err)}`)), 60_000);
    npm.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line && out.endsWith('\n')) (clearTimeout(silent), resolve(JSON.parse(line)));
    });
    npm.once('exit', () => (clearTimeout(silent), reject(new Error(`npm start ended before serving: ${out}${err}`))));
  });
  const port = Number(new URL(info.url).port);
  expect(await accepts(port)).toBe(true);
  const tree = processesOf(dir);
  npm.kill('SIGTERM');
  // SIGTERM reaches node itself (the script execs it); its grace time is 10 s, so 30 s is generous.
  const until = Date.now() + 30_000;
  while ((await accepts(port)) && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
  if (await accepts(port)) throw new Error(`still serving 30 s after kill -TERM:\nbefore:\n${tree}\nnow:\n${processesOf(dir)}\nstderr: ${err}`);
}, 120_000);
