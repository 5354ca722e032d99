// Logs on a terminal are for a person, logs in a pipe for a program: `serve` writes pino-pretty
// lines when standard error is a terminal and JSON otherwise, and its start-up text is never cut
// by a log line. The terminal case runs under util-linux `script` (a pseudo-terminal), skipped
// with a message where it is missing.
import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, cliEnv } from './helpers/cli.js';
import { tempDir } from './helpers/temp-dirs.js';

const TIMEOUT = 120_000;

/** Runs `command args…` until its standard output shows the start-up text's last line, then stops it. */
function serveUntilStarted(command: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: CLI.cwd, env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const done = () => /^(Try: curl|Need an API key)/m.test(stdout) && stdout.endsWith('\n');
    child.stdout.on('data', (d) => {
      stdout += d;
      // A moment for the worker's first lines, which must come after the text.
      if (done()) setTimeout(() => child.kill('SIGTERM'), 1500);
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('close', () => (done() ? resolve({ stdout, stderr }) : reject(new Error(`serve ended before starting:\n${stdout}\n${stderr}`))));
  });
}

const serveArgs = (dir: string, extra: string[] = []) => [...CLI.args, 'serve', '--data-dir', dir, '--port', '0', '--log-level', 'info', ...extra];

describe('log format', () => {
  it('in a pipe, every log line is JSON', async () => {
    const { stderr } = await serveUntilStarted(CLI.command, serveArgs(tempDir('logs'), ['--no-demo']));
    const lines = stderr.split('\n').filter((l) => l !== '');
    expect(lines.some((l) => l.includes('Server listening'))).toBe(true);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
  }, TIMEOUT);

  it('--log-format pretty: human-readable lines, no JSON', async () => {
    const { stderr } = await serveUntilStarted(CLI.command, serveArgs(tempDir('logs'), ['--no-demo', '--log-format', 'pretty']));
    const lines = stderr.split('\n').filter((l) => l !== '');
    expect(lines.find((l) => l.includes('Server listening'))).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Server listening at https:\/\/127\.0\.0\.1:\d+/);
    for (const line of lines) expect(line.startsWith('{'), line).toBe(false);
  }, TIMEOUT);

  const hasScript = spawnSync('script', ['--version']).status === 0;
  if (!hasScript) console.warn('*** log-format: `script` (util-linux) is missing: the terminal case is SKIPPED ***');
  it.skipIf(!hasScript)('on a terminal: pretty logs, and the start-up text in one piece', async () => {
    // `script` gives the command a pseudo-terminal for both outputs, as a person's shell does.
    const command = [CLI.command, ...serveArgs(tempDir('logs'))].map((a) => `'${a}'`).join(' ');
    const { stdout } = await serveUntilStarted('script', ['-qec', command, '/dev/null']);
    const lines = stdout.replace(/\x1b\[[0-9;]*m/g, '').split(/\r?\n/).filter((l) => l !== '');
    expect(lines.some((l) => /^\[\d\d:\d\d:\d\d\] INFO: Server listening/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('{"level"'))).toBe(false);
    const first = lines.findIndex((l) => l.startsWith('Warmline is serving'));
    const last = lines.findIndex((l) => l.startsWith('Try: curl'));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(lines.slice(first, last + 1).filter((l) => /^\[\d\d:\d\d:\d\d\]/.test(l))).toEqual([]);
    // The worker's lines follow the text.
    expect(lines.slice(last + 1).some((l) => l.includes('worker started'))).toBe(true);
  }, TIMEOUT);
});
