// A redis-server of the test's own on a free port (no persistence), so a test can stop, restart,
// freeze (SIGSTOP) and thaw it without touching the shared one. Null when not installed.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { freePort } from './own-postgres.js';

export const redisServerBin = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => fs.existsSync(p)) ?? null;

export interface OwnRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Freezes the server: connections stay open but nothing answers (a hung dependency). */
  freeze(): void;
  thaw(): void;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

export async function startOwnRedis(): Promise<OwnRedis> {
  if (!redisServerBin) throw new Error('redis-server not installed');
  const port = await freePort();
  let child: ChildProcess | null = null;
  const own: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(redisServerBin!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      while (!(await accepts(port))) await new Promise((r) => setTimeout(r, 20));
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      running.kill('SIGCONT');
      await new Promise((resolve) => {
        running.once('exit', resolve);
        running.kill('SIGKILL');
      });
    },
    freeze: () => void child?.kill('SIGSTOP'),
    thaw: () => void child?.kill('SIGCONT'),
  };
  await own.start();
  return own;
}
