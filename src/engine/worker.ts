// The loop that runs the engines' tasks, inside `serve` or as its own process (`warmline worker`).
// A task does one bounded step and says whether it found work; the loop repeats busy tasks at
// once and sleeps when all are idle. Stopping aborts the signal and waits for the step in hand,
// so a task never leaves half-written state (each step commits its own transactions).
// While the database is away (a restart, a failover, a full disk) the loop pauses every engine
// and tries again with a growing pause, logging the outage once, not once per round.
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { backoffMs } from '../shared/time.js';

export interface WorkerTask {
  readonly name: string;
  /**
   * Does one bounded piece of work; true when it found some (the loop then comes back at once),
   * 'failed' when some of it failed without throwing (a member's sync the provider refused, which
   * backs off on its own schedule).
   */
  step(signal: AbortSignal): Promise<boolean | 'failed'>;
  /**
   * Work that comes on its own schedule (member syncs, the hourly re-score): counted as work, but
   * it does not bring the loop back at once, there being nothing more due until its next time.
   */
  readonly paced?: boolean;
}

export interface WorkerOptions {
  /** Pause when no task found work. */
  idleMs: number;
  /** Told of every step: which task, whether it found work, was idle or threw, and how long it took (metrics). */
  onStep?: (task: string, outcome: StepOutcome, seconds: number) => void;
}

/**
 * The pause after a round that found the database away: 250 ms, doubling, at most 2 s (real
 * time), so work resumes within about 2 s of the database's return.
 */
export const OUTAGE_PAUSE = { firstMs: 250, maxMs: 2_000 } as const;

/** Thrown out of a round when the database is away: the remaining tasks would only fail the same way. */
class DatabaseAway extends Error {}

export type StepOutcome = 'work' | 'idle' | 'failed';

export class Worker {
  private readonly controller = new AbortController();
  private running: Promise<void> | null = null;
  /** Rounds in a row that found the database away (0: it answers); when the current outage began. */
  private outage = { rounds: 0, since: 0 };

  constructor(
    private readonly tasks: readonly WorkerTask[],
    private readonly logger: Logger,
    private readonly options: WorkerOptions = { idleMs: 1_000 },
  ) {}

  /** One round over every task; true when any found work. A failing task is logged, not fatal; the database away ends the round. */
  async round(signal: AbortSignal = this.controller.signal): Promise<boolean> {
    try {
      const busy = await this.stepEach(signal);
      if (this.outage.rounds > 0) this.logger.warn({ down_ms: Date.now() - this.outage.since }, 'database is back; engines resumed');
      this.outage.rounds = 0;
      return busy;
    } catch (err) {
      if (!(err instanceof DatabaseAway)) throw err;
      if (this.outage.rounds++ === 0) {
        this.outage.since = Date.now();
        this.logger.warn({ err: err.message }, 'database unavailable; engines paused until it answers again');
      }
      return false;
    }
  }

  private async stepEach(signal: AbortSignal): Promise<boolean> {
    let busy = false;
    for (const task of this.tasks) {
      if (signal.aborted) break;
      const started = performance.now();
      let outcome: StepOutcome;
      try {
        const found = await task.step(signal);
        outcome = found === 'failed' ? 'failed' : found ? 'work' : 'idle';
        busy = (found === true && !task.paced) || busy;
      } catch (err) {
        outcome = 'failed';
        if (isDatabaseUnavailable(err)) {
          this.options.onStep?.(task.name, outcome, (performance.now() - started) / 1000);
          throw new DatabaseAway((err as Error).message);
        }
        this.logger.error({ err, task: task.name }, 'worker task failed; it runs again next round');
      }
      this.options.onStep?.(task.name, outcome, (performance.now() - started) / 1000);
    }
    return busy;
  }

  /** The pause before the next round: none after work, the idle pause, or the outage's back-off. */
  private pauseMs(busy: boolean): number {
    if (this.outage.rounds > 0) return backoffMs(OUTAGE_PAUSE.firstMs, OUTAGE_PAUSE.maxMs, this.outage.rounds);
    return busy ? 0 : this.options.idleMs;
  }

  /** Runs rounds until a round finds no work (tests, `--once` runs). Returns the rounds run. */
  async drain(maxRounds = 10_000): Promise<number> {
    let rounds = 0;
    while (rounds < maxRounds && (await this.round())) rounds++;
    return rounds;
  }

  start(): void {
    if (this.running) return;
    const signal = this.controller.signal;
    this.running = (async () => {
      while (!signal.aborted) {
        const pause = this.pauseMs(await this.round(signal));
        if (pause > 0) await sleep(pause, signal);
      }
    })();
    this.logger.info({ tasks: this.tasks.map((t) => t.name) }, 'worker started');
  }

  /** Finishes the step in hand, then returns. */
  async stop(): Promise<void> {
    this.controller.abort();
    await this.running;
    this.running = null;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
