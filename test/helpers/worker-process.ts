// `warmline worker` as an OS process that a test can kill at any moment, on an accelerated
// clock when the test needs a campaign's hours and days to pass in seconds.
import { spawn, type ChildProcess } from 'node:child_process';
import { CLI, cliEnv } from './cli.js';

/** One clock for every worker a test starts (WARMLINE_CLOCK_*): it shows `start` now and runs `rate` times as fast. */
export function acceleratedClock(start: number, rate: number): Record<string, string> {
  return { WARMLINE_CLOCK_START: String(start), WARMLINE_CLOCK_ANCHOR: String(Date.now()), WARMLINE_CLOCK_RATE: String(rate) };
}

/** The time such a clock shows now: what the processes started with it read, for a wait measured on their clock. */
export function clockShows(clock: Record<string, string>): number {
  return Number(clock.WARMLINE_CLOCK_START) + (Date.now() - Number(clock.WARMLINE_CLOCK_ANCHOR)) * Number(clock.WARMLINE_CLOCK_RATE);
}

export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves once the worker has started its loop; rejects if it exits before. */
  started: Promise<void>;
  stderr(): string;
}

/** `warmline worker`, by default on the campaign engines (delivery, outreach): member syncs would only add unrelated work. */
export function spawnWorker(dbUrl: string, env: Record<string, string>, engines = 'delivery,outreach'): WorkerProcess {
  const child = spawn(CLI.command, [...CLI.args, 'worker', '--db', dbUrl, '--engines', engines, '--json'], {
    cwd: CLI.cwd,
    env: { ...cliEnv(), WARMLINE_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const started = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('{"started":true}')) resolve();
    });
    child.once('exit', (code, signal) => reject(new Error(`worker exited (${code ?? signal}) before it started: ${err}`)));
  });
  started.catch(() => {}); // a worker killed before it started is the caller's to notice
  return { child, started, stderr: () => err };
}

/** Sends the signal and waits for the process to end; resolves with its exit code (null when killed). */
export function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}
