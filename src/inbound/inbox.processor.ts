// The worker's side of the inbox: each stored delivery, oldest first, applied once for a
// workspace bound to Unipile. Every effect is guarded by the state it changes (a reply recorded
// once by its id, a contact accepted only while INVITED, a status set only when it differs), so a
// delivery applied twice, or events in any order, change nothing more than once. An account
// status is checked at Unipile before it is applied: a late delivery cannot undo a newer one.
import type { Logger } from 'pino';
import { recordReply } from '../connections/replies.js';
import type { Db } from '../db/database.js';
import { NetworkError, type MemberAccounts, type NetworkProvider } from '../network/provider.js';
import type { ProviderFor } from '../network/registry.js';
import type { WebhookEvent, WebhookFormat } from '../network/webhooks.js';
import { accountStatusChanged, invitationAccepted } from '../outreach/network-events.js';
import type { Clock } from '../shared/clock.js';
import { findTeamMember } from '../workspace/workspace.repository.js';
import { backoffMs, DAY_MS } from '../shared/time.js';
import * as repo from './inbox.repository.js';
import type { UnipileInboxTable } from '../db/schema/unipile-hooks.table.js';

export interface InboxDeps {
  db: Db;
  clock: Clock;
  networks: ProviderFor<NetworkProvider>;
  logger: Logger;
  /** How the provider's deliveries read (Unipile's, from the composition root). */
  webhookFormat: WebhookFormat;
}

/** Deliveries taken per step. */
const BATCH = 20;
/** How long a worker holds the deliveries it took. */
const LEASE_MS = 5 * 60_000;
/** A delivery that failed this often is set aside (its outcome says why). */
const MAX_ATTEMPTS = 8;
/**
 * Applied deliveries are kept this long, then forgotten. Unipile redelivers within minutes, so a
 * key is remembered far longer than any redelivery; an event forgotten and delivered again would
 * change nothing anyway (every effect is guarded by the state it changes).
 */
export const INBOX_RETENTION_MS = 30 * DAY_MS;

/** Applies the waiting deliveries of one batch; returns how many were taken. */
export async function processInbox(deps: InboxDeps): Promise<number> {
  const now = deps.clock.now();
  const entries = await repo.claimWaiting(deps.db, now, now + LEASE_MS, BATCH);
  for (const entry of entries) {
    try {
      await repo.finishEntry(deps.db, entry.id, deps.clock.now(), await apply(deps, entry));
    } catch (err) {
      const attempts = entry.attempts + 1;
      const reason = err instanceof Error ? err.message : String(err);
      deps.logger.warn({ workspace: entry.workspace_id, event: entry.event_key, attempts, err: reason }, 'webhook event not applied');
      if (attempts >= MAX_ATTEMPTS) await repo.finishEntry(deps.db, entry.id, deps.clock.now(), `given up: ${reason}`);
      else await repo.retryEntryLater(deps.db, entry.id, attempts, now + backoffMs(60_000, 3_600_000, attempts), reason);
    }
  }
  return entries.length;
}

/** Forgets deliveries applied more than INBOX_RETENTION_MS ago; returns how many. */
export function pruneInbox(deps: Pick<InboxDeps, 'db' | 'clock'>): Promise<number> {
  return repo.pruneProcessed(deps.db, deps.clock.now() - INBOX_RETENTION_MS);
}

async function apply(deps: InboxDeps, entry: UnipileInboxTable): Promise<string> {
  // A provider whose members act through their own accounts (Unipile's): the workspace may have been bound to another since.
  const accounts = (await deps.networks(entry.workspace_id))?.memberAccounts;
  if (!accounts) return 'ignored: the workspace is no longer bound to unipile';
  const event = deps.webhookFormat.parse(JSON.parse(entry.payload));
  if (!event) return 'ignored: not an event the service acts on';
  const memberId = await accounts.memberOf(event.accountId);
  if (!memberId) return `ignored: Unipile account ${event.accountId} is linked to no team member`;
  const account = { workspaceId: entry.workspace_id, teamMemberId: memberId };
  const now = deps.clock.now();
  switch (event.kind) {
    case 'new_relation':
      return `connected; ${await invitationAccepted(deps.db, account, event.contactUrn, now)} campaign contact(s) accepted`;
    case 'message_received': {
      if (event.fromAccount) return "ignored: the account's own message";
      const recorded = await recordReply(deps.db, now, account, { id: event.messageId, contactUrn: event.contactUrn, text: event.text, at: event.at || now });
      return recorded ? 'reply recorded' : 'reply recorded before';
    }
    case 'account_status': {
      // Read first: asking Unipile may itself record a disconnection (the provider reports a 401).
      const before = (await findTeamMember(deps.db, account.workspaceId, account.teamMemberId))?.integration_status;
      const connected = await confirmedStatus(accounts, event);
      await accountStatusChanged(deps.db, account, connected, now);
      const status = connected ? 'CONNECTED' : 'DISCONNECTED';
      return `${status}${before === status ? ' (unchanged)' : ''}`;
    }
  }
}

/**
 * Whether the account can act, as Unipile answers now (its own profile, one call); the delivery's
 * word when Unipile cannot tell (unreachable, or a restriction that is not a disconnection).
 */
async function confirmedStatus(accounts: MemberAccounts, event: Extract<WebhookEvent, { kind: 'account_status' }>): Promise<boolean> {
  try {
    await accounts.check(event.accountId);
    return true;
  } catch (err) {
    if (err instanceof NetworkError && err.kind === 'account_disconnected') return false;
    return event.connected;
  }
}
