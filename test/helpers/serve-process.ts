// `warmline serve` as an OS process a test can signal, starve of its database or Redis, and watch
// exit: the fault tests need the real process, not a server inside the test's own.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { CLI, cliEnv, runCli } from './cli.js';
import { tempDir } from './temp-dirs.js';

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  stderr(): string;
  /** Resolves with the exit code (null when ended by a signal). */
  exited: Promise<number | null>;
}

export interface ServeOptions {
  /** Extra `serve` flags (the database, data directory, port 0, --no-demo and --json are given). */
  args?: string[];
  env?: Record<string, string>;
  /** Run as this user and group (a root test that needs file permissions to hold). */
  uid?: number;
  gid?: number;
}

export async function spawnServe(dbUrl: string, options: ServeOptions = {}): Promise<ServeProcess> {
  const dataDir = tempDir('serve');
  if (options.uid !== undefined) fs.chownSync(dataDir, options.uid, options.gid ?? options.uid);
  const child = spawn(CLI.command, [...CLI.args, 'serve', '--db', dbUrl, '--data-dir', dataDir, '--port', '0', '--no-demo', '--json', ...(options.args ?? [])], {
    cwd: CLI.cwd,
    env: { ...cliEnv(), WARMLINE_LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    uid: options.uid,
    gid: options.gid,
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line).url);
    });
    void exited.then((code) => reject(new Error(`serve exited (${code}) before serving: ${stderr}`)));
  });
  return { child, url, exited, stderr: () => stderr };
}

/** A workspace and an API key made through the CLI, as an operator would. */
export async function cliWorkspace(dbUrl: string): Promise<{ id: string; key: string }> {
  const env = { WARMLINE_DB: dbUrl };
  const ws = JSON.parse((await runCli(['workspace', 'create', '--name', 'Faults', '--json'], { env })).stdout);
  const key = JSON.parse((await runCli(['key', 'create', '--workspace', ws.id, '--json'], { env })).stdout).key;
  return { id: ws.id, key };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
