// The README's start command is `npm start`: npm runs a shell that runs node. Stopping it by the
// PID the operator has (npm's) must stop the service too, not leave node serving under PID 1.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { CLI } from './helpers/cli.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'warmline-npm-start-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

it('kill -TERM <npm pid> stops the service', async () => {
  const npm = spawn('npm', ['start', '--', '--data-dir', dir, '--port', '0', '--no-demo', '--json', '--log-level', 'silent'], {
    cwd: CLI.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const info = await new Promise<{ url: string }>((resolve, reject) => {
    npm.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line && out.endsWith('\n')) resolve(JSON.parse(line));
    });
    npm.once('exit', () => reject(new Error(`npm start ended before serving: ${out}`)));
  });
  const port = Number(new URL(info.url).port);
  expect(await accepts(port)).toBe(true);
  npm.kill('SIGTERM');
  // Polls until the port closes; the test's own timeout is the bound.
  while (await accepts(port)) await new Promise((r) => setTimeout(r, 250));
  expect(await accepts(port)).toBe(false);
}, 120_000);
