/** Time is injected so engines, the sandbox network and tests are deterministic. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * A process clock that showed `start` at the real instant `anchor` and runs `rate` times as fast
 * as real time since. Processes given the same three values agree on the time, and a restarted
 * one carries on where the clock is now rather than starting over (WARMLINE_CLOCK_*).
 */
export class ScaledClock implements Clock {
  constructor(
    private readonly start: number,
    private readonly anchor: number,
    private readonly rate: number,
    private readonly realNow: () => number = Date.now,
  ) {}
  now(): number {
    return this.start + Math.floor((this.realNow() - this.anchor) * this.rate);
  }
}

/** A clock that only moves when told to (tests, simulations). */
export class ManualClock implements Clock {
  constructor(private current: number) {}
  now(): number {
    return this.current;
  }
  set(ms: number): void {
    this.current = ms;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
