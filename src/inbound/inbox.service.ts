// Receiving a delivery: authenticate it by the hook's secret (constant time), read it, and store
// its event once in the inbox. Nothing else happens here, so the answer goes back at once; the
// worker applies the event later (inbox.processor.ts).
import type { Db } from '../db/database.js';
import type { WebhookFormat } from '../network/webhooks.js';
import type { Clock } from '../shared/clock.js';
import { DomainError } from '../shared/errors.js';
import * as repo from './inbox.repository.js';
import { hookSecretBox } from './hooks.secret.js';

export interface ReceiveDeps {
  db: Db;
  clock: Clock;
  secret: Buffer;
  /** How the provider's deliveries read (Unipile's, from the composition root). */
  webhookFormat: WebhookFormat;
}

/** stored: new in the inbox; duplicate: that event was stored before; ignored: an event the service has no use for. */
export type DeliveryOutcome = 'stored' | 'duplicate' | 'ignored';

// Compared against when the hook id is unknown, so that case costs what a wrong secret costs.
const NO_SECRET = 'no hook has this secret';

export async function receiveDelivery(deps: ReceiveDeps, hookId: string, givenSecret: string | string[] | undefined, raw: Buffer | string | undefined): Promise<DeliveryOutcome> {
  const hook = await repo.findHookById(deps.db, hookId);
  const expected = hook ? hookSecretBox(deps.secret).open(hook.secret) : NO_SECRET;
  if (!deps.webhookFormat.secretMatches(expected, givenSecret) || !hook) throw new DomainError('hook_unauthorized');
  let body: unknown;
  try {
    body = JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : (raw ?? ''));
  } catch {
    throw new DomainError('hook_body_invalid');
  }
  const event = deps.webhookFormat.parse(body);
  if (!event) return 'ignored';
  const stored = await repo.storeDelivery(deps.db, {
    workspace_id: hook.workspace_id, hook_id: hook.hook_id, event_key: event.key, kind: event.kind, payload: JSON.stringify(body), received_at: deps.clock.now(),
  });
  return stored ? 'stored' : 'duplicate';
}
