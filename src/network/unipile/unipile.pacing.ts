// Safe pacing per real account, as Unipile's published LinkedIn guidance asks: a random pause of
// about a minute between any two calls that act (invite, message, withdraw), and a daily ceiling
// on profile look-ups (80 to 100 a day for free and premium accounts). Kept in memory per
// process: a restart can at worst act once early, which the outreach limits still bound.
import type { Clock } from '../../shared/clock.js';
import { DAY_MS } from '../../shared/time.js';
import { NetworkError } from '../provider.js';

export interface PacingOptions {
  /** Pause between two acting calls of one account: a uniform draw in [min, max] ms. */
  actSpacingMinMs: number;
  actSpacingMaxMs: number;
  /** Profile look-ups per account per UTC day. */
  dailyProfileLookups: number;
}

export const DEFAULT_PACING: PacingOptions = {
  actSpacingMinMs: 45_000,
  actSpacingMaxMs: 90_000,
  dailyProfileLookups: 80,
};

export class AccountPacing {
  /** accountId → earliest time of its next acting call. */
  private readonly nextActAt = new Map<string, number>();
  /** accountId → [UTC day, look-ups that day]. */
  private readonly lookups = new Map<string, [number, number]>();

  constructor(
    private readonly clock: Clock,
    private readonly options: PacingOptions,
    /** A number in [0, 1): injected so tests choose the draw. */
    private readonly random: () => number = Math.random,
  ) {}

  /** Claims the account's next acting slot, or refuses with how long to wait (nothing was sent). */
  beforeAct(accountId: string): void {
    const now = this.clock.now();
    const at = this.nextActAt.get(accountId) ?? 0;
    if (now < at) throw new NetworkError('transient', `pacing: account ${accountId} may act again in ${at - now} ms`, at - now);
    const { actSpacingMinMs: min, actSpacingMaxMs: max } = this.options;
    this.nextActAt.set(accountId, now + min + Math.floor(this.random() * (max - min + 1)));
  }

  /** Counts a profile look-up, or refuses once the day's ceiling is reached. */
  beforeLookup(accountId: string): void {
    const now = this.clock.now();
    const day = Math.floor(now / DAY_MS);
    const [d, n] = this.lookups.get(accountId) ?? [day, 0];
    const count = d === day ? n : 0;
    if (count >= this.options.dailyProfileLookups) throw new NetworkError('limit_reached', `account ${accountId} reached its ${this.options.dailyProfileLookups} profile look-ups for today`, (day + 1) * DAY_MS - now);
    this.lookups.set(accountId, [day, count + 1]);
  }
}
