// The rate limit of a workspace's CRM, kept in the store so every process (serve, each worker,
// `crm sync`) spends one window: HubSpot's calls per 10 seconds, Pipedrive's burst per 2 seconds.
// A 429's Retry-After is a floor the sync writes into blocked_until, which the window honours too.
import type { Db } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { CrmError, type CrmGate } from './crm.provider.js';
import { callAnswered, findSyncState, syncState, takeCall } from './crm.repository.js';

export interface CallWindow {
  windowMs: number;
  calls: number;
}

/** The window is spent: not the CRM's refusal, so not counted as an error. */
export class WindowSpent extends CrmError {
  constructor(waitMs: number) {
    super('rate_limited', `the CRM's rate-limit window is spent for ${waitMs} ms`, waitMs);
  }
}

export class DbGate implements CrmGate {
  private ready = false;

  constructor(
    private readonly db: Db,
    private readonly workspaceId: string,
    private readonly clock: Clock,
    private readonly window: CallWindow,
  ) {}

  async before(): Promise<void> {
    if (!this.ready) {
      await syncState(this.db, this.workspaceId);
      this.ready = true;
    }
    const now = this.clock.now();
    if (await takeCall(this.db, this.workspaceId, now, this.window.windowMs, this.window.calls)) return;
    const state = await findSyncState(this.db, this.workspaceId);
    const until = Math.max(Number(state?.blocked_until ?? 0), Number(state?.window_start ?? 0) + this.window.windowMs);
    throw new WindowSpent(Math.max(1, until - now));
  }

  async answered(): Promise<void> {
    await callAnswered(this.db, this.workspaceId, this.clock.now());
  }
}
