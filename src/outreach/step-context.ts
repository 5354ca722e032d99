// What one step for one sender knows: loaded once when the sender is claimed.
import type { Logger } from 'pino';
import type { OutboundDeps } from '../connections/outbound.js';
import { NetworkError, type NetworkProvider } from '../network/provider.js';
import type { ProviderFor } from '../network/registry.js';
import type { SeededRandom } from '../shared/random.js';
import type { TeamMembersTable } from '../db/schema/workspace.table.js';
import type { OutreachLimits } from './limits.js';
import type { OutreachSendersTable } from '../db/schema/outreach.table.js';
import { DAY_MS } from '../shared/time.js';

/** What the outreach task is built with: every workspace, each through its own provider. */
export interface OutreachEngineDeps extends Omit<OutboundDeps, 'network'> {
  networks: ProviderFor<NetworkProvider>;
  /** The engine's own randomness (action spacing). */
  random: SeededRandom;
  logger: Logger;
}

/** One sender's step: its workspace's provider resolved. */
export interface OutreachDeps extends OutboundDeps {
  random: SeededRandom;
  logger: Logger;
}

export interface StepContext {
  deps: OutreachDeps;
  sender: OutreachSendersTable;
  member: TeamMembersTable;
  limits: OutreachLimits;
  /** The sender's ACTIVE campaigns. */
  campaigns: { id: string; settings: string }[];
  now: number;
}


/** The sender must stop: the network limited, restricted or disconnected the account. */
export class SenderPause extends Error {
  constructor(readonly reason: string, readonly until: number | null) {
    super(reason);
  }
}

/** Account-level provider failures pause the sender; anything else is the caller's to handle. */
export function pauseFor(err: unknown, now: number): SenderPause | null {
  if (!(err instanceof NetworkError)) return null;
  // Until that limit refills (the budget says when), not a blanket day; a limit the network gave no
  // time for waits a day. A spent look-up budget pauses nobody: the contact needing one waits (invite.ts).
  if (err.kind === 'limit_reached') return new SenderPause(`the account reached a limit: ${err.message}`, now + (err.retryAfterMs ?? DAY_MS));
  if (err.kind === 'account_restricted' || err.kind === 'account_disconnected') return new SenderPause(`the network reported: ${err.message}`, null);
  // the network said how long to leave it alone (a 429's Retry-After, the account's pacing)
  if (err.kind === 'transient' && err.retryAfterMs !== null) return new SenderPause(`the network asked to wait: ${err.message}`, now + err.retryAfterMs);
  return null;
}
