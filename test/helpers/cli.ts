// Runs the `warmline` CLI as an operator would: the compiled program (the test run builds it
// first, see build-cli.ts), which also starts several times faster than the sources through tsx.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileTempDir } from './temp-dirs.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The command line that starts `warmline` (for tests that spawn and kill it themselves). */
export const CLI = { command: process.execPath, args: [path.join(root, 'bin/warmline.js')], cwd: root };

/**
 * The environment every spawned `warmline` starts from: the PATH and HOME it needs, and a data
 * directory of this test file's own (made on first use, shared by its CLIs and workers as a
 * deployment's processes share one). The default, ./data in the checkout, holds a developer's
 * secret and database; a test must not write there. A test's own env or --data-dir overrides it.
 * It is removed after the file; the next file in the worker gets its own (temp-dirs.ts).
 */
export function cliEnv(): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', WARMLINE_DATA_DIR: fileTempDir('cli-data') };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { env?: Record<string, string>; input?: string; timeoutMs?: number } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(CLI.command, [...CLI.args, ...args], {
      cwd: CLI.cwd,
      env: { ...cliEnv(), WARMLINE_LOG_LEVEL: 'silent', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}
