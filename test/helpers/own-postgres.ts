// A PostgreSQL of the test's own (initdb + pg_ctl in a temporary directory, on a free port), so
// a test can stop and start it without touching the shared server. Null when not installed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { removeTempDir, tempDir } from './temp-dirs.js';

function findBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  for (const version of fs.readdirSync(root).sort().reverse()) {
    const bin = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

export const postgresBin = findBin();

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function userIds(name: string): { uid: number; gid: number } {
  const line = fs.readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no ${name} user to run PostgreSQL as`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface OwnPostgres {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  if (!postgresBin) throw new Error('initdb/pg_ctl not installed');
  const dir = tempDir('pg');
  const data = path.join(dir, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root: as root (a container), the tools run as the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = userIds('postgres');
    fs.chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const bin = path.join(postgresBin!, tool);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'ignore' });
    else execFileSync(bin, args, { stdio: 'ignore' });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', opts, '-w', '-l', path.join(dir, 'log'), 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      removeTempDir(dir);
    },
  };
}
