// The loop that runs the engines' tasks, inside `serve` or as its own process (`warmline worker`).
// A task does one bounded step and says whether it found work; the loop repeats busy tasks at
// once and sleeps when all are idle. Stopping aborts the signal and waits for the step in hand,
// so a task never leaves half-written state (each step commits its own transactions).
import type { Logger } from 'pino';

export interface WorkerTask {
  readonly name: string;
  /** Does one bounded piece of work; true when it found some (the loop then comes back at once). */
  step(signal: AbortSignal): Promise<boolean>;
}

export interface WorkerOptions {
  /** Pause when no task found work. */
  idleMs: number;
}

export class Worker {
  private readonly controller = new AbortController();
  private running: Promise<void> | null = null;

  constructor(
    private readonly tasks: readonly WorkerTask[],
    private readonly logger: Logger,
    private readonly options: WorkerOptions = { idleMs: 1_000 },
  ) {}

  /** One round over every task; true when any found work. A failing task is logged, not fatal. */
  async round(signal: AbortSignal = this.controller.signal): Promise<boolean> {
    let busy = false;
    for (const task of this.tasks) {
      if (signal.aborted) break;
      try {
        busy = (await task.step(signal)) || busy;
      } catch (err) {
        this.logger.error({ err, task: task.name }, 'worker task failed; it runs again next round');
      }
    }
    return busy;
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
        const busy = await this.round(signal);
        if (!busy) await sleep(this.options.idleMs, signal);
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
