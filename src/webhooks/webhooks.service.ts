// Subscriptions of a workspace: created with a fresh signing secret (shown once), listed,
// changed, deleted, tested; and their delivery log, paged like every list.
import type { Db } from '../db/database.js';
import type { SortSpec } from '../db/keyset.js';
import { paginate } from '../db/paginate.js';
import type { Clock } from '../shared/clock.js';
import { DomainError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { toIso } from '../shared/time.js';
import { OPERATOR, recordActivity, type Actor } from '../workspace/activity.service.js';
import { eventBody, TEST_EVENT } from './outbox.js';
import * as repo from './webhooks.repository.js';
import { newWebhookSecret, webhookSecretBox } from './webhooks.secret.js';
import type { WebhookDeliveriesTable, WebhookSubscriptionsTable } from '../db/schema/webhooks.table.js';
import { checkUrlForm, RefusedUrl, resolveChecked } from './url-guard.js';

export interface WebhookDeps {
  db: Db;
  clock: Clock;
  /** The server secret: seals signing secrets, signs cursors. */
  secret: Buffer;
  allowPrivate: boolean;
}

export interface SubscriptionInput {
  url: string;
  event_types: string[];
  enabled?: boolean;
}

export const toSubscription = (row: WebhookSubscriptionsTable) => ({
  id: row.id,
  url: row.url,
  event_types: JSON.parse(row.event_types) as string[],
  enabled: Number(row.enabled) === 1,
  disabled_reason: row.disabled_reason,
  created_at: toIso(Number(row.created_at)),
  updated_at: toIso(Number(row.updated_at)),
});

/** The URL's form and every address its host resolves to now (delivery checks again). */
async function checkUrl(deps: WebhookDeps, url: string): Promise<void> {
  try {
    await resolveChecked(checkUrlForm(url, deps.allowPrivate).hostname, deps.allowPrivate);
  } catch (err) {
    if (err instanceof RefusedUrl) throw new DomainError(err.reason === 'unresolvable' ? 'webhook_url_unresolvable' : 'webhook_url_refused', err.message);
    throw err;
  }
}

export async function createSubscription(deps: WebhookDeps, workspaceId: string, input: SubscriptionInput, actor: Actor = OPERATOR) {
  await checkUrl(deps, input.url);
  const now = deps.clock.now();
  const secret = newWebhookSecret();
  const row: WebhookSubscriptionsTable = {
    id: newId('whk'), workspace_id: workspaceId, url: input.url, event_types: JSON.stringify([...new Set(input.event_types)]),
    secret: webhookSecretBox(deps.secret).seal(secret), enabled: input.enabled === false ? 0 : 1, disabled_reason: null,
    failing_since: null, attempts: 0, next_attempt_at: null, claimed_until: null, created_at: now, updated_at: now,
  };
  await deps.db.transaction().execute(async (tx) => {
    await repo.insertSubscription(tx, row);
    await recordActivity(tx, deps.clock, workspaceId, actor, { action: 'webhook.created', subject: row.id, details: { url: row.url, event_types: JSON.parse(row.event_types), enabled: row.enabled === 1 } });
  });
  return { ...toSubscription(row), secret };
}

export async function getSubscription(db: Db, workspaceId: string, id: string) {
  const row = await repo.findSubscription(db, workspaceId, id);
  if (!row) throw new DomainError('webhook_not_found');
  return toSubscription(row);
}

export async function listSubscriptions(db: Db, workspaceId: string) {
  return { items: (await repo.listSubscriptions(db, workspaceId)).map(toSubscription) };
}

/** Enabling again (after the service disabled it) starts its back-off afresh: the waiting events are sent from the oldest. */
export async function updateSubscription(deps: WebhookDeps, workspaceId: string, id: string, input: Partial<SubscriptionInput>, actor: Actor = OPERATOR) {
  const row = await repo.findSubscription(deps.db, workspaceId, id);
  if (!row) throw new DomainError('webhook_not_found');
  if (input.url !== undefined) await checkUrl(deps, input.url);
  const changes: Partial<WebhookSubscriptionsTable> = { updated_at: deps.clock.now() };
  if (input.url !== undefined) changes.url = input.url;
  if (input.event_types !== undefined) changes.event_types = JSON.stringify([...new Set(input.event_types)]);
  if (input.enabled !== undefined) {
    changes.enabled = input.enabled ? 1 : 0;
    if (input.enabled) Object.assign(changes, { disabled_reason: null, failing_since: null, attempts: 0, next_attempt_at: null });
  }
  await deps.db.transaction().execute(async (tx) => {
    await repo.updateSubscription(tx, workspaceId, id, changes);
    await recordActivity(tx, deps.clock, workspaceId, actor, { action: 'webhook.updated', subject: id, details: { ...input } });
  });
  return getSubscription(deps.db, workspaceId, id);
}

export async function deleteSubscription(deps: { db: Db; clock: Clock }, workspaceId: string, id: string, actor: Actor = OPERATOR): Promise<void> {
  await deps.db.transaction().execute(async (tx) => {
    if (!(await repo.deleteSubscription(tx, workspaceId, id))) throw new DomainError('webhook_not_found');
    await recordActivity(tx, deps.clock, workspaceId, actor, { action: 'webhook.deleted', subject: id });
  });
}

/** Queues a `webhook.test` event for this subscription alone, behind its waiting events. */
export async function sendTestEvent(deps: WebhookDeps, workspaceId: string, id: string) {
  const row = await repo.findSubscription(deps.db, workspaceId, id);
  if (!row) throw new DomainError('webhook_not_found');
  const now = deps.clock.now();
  const eventId = newId('evt');
  await deps.db
    .insertInto('webhook_outbox')
    .values({ id: eventId, subscription_id: id, workspace_id: workspaceId, event_type: TEST_EVENT, payload: eventBody(TEST_EVENT, now, { subscription_id: id }), created_at: now, delivered_at: null })
    .execute();
  return { event_id: eventId };
}

const DELIVERY_ORDER: SortSpec = { columns: [{ column: 'attempted_at', dir: 'desc' }, { column: 'id', dir: 'desc' }], nullableFirst: false };

const toDelivery = (row: WebhookDeliveriesTable) => ({
  id: row.id,
  event_id: row.event_id,
  event_type: row.event_type,
  attempt: Number(row.attempt),
  attempted_at: toIso(Number(row.attempted_at)),
  status_code: row.status_code === null ? null : Number(row.status_code),
  response_ms: Number(row.response_ms),
  error: row.error,
});

/** The subscription's delivery attempts, newest first. */
export async function listDeliveries(deps: WebhookDeps, workspaceId: string, id: string, query: { limit?: number; cursor?: string }) {
  if (!(await repo.findSubscription(deps.db, workspaceId, id))) throw new DomainError('webhook_not_found');
  const page = await paginate<WebhookDeliveriesTable>({
    secret: deps.secret,
    scope: { workspaceId, endpoint: 'webhook-deliveries', sort: 'newest_first', filters: { subscription: id } },
    spec: DELIVERY_ORDER,
    limit: query.limit ?? 50,
    cursor: query.cursor,
    windowStart: () => null,
    source: async () => ({
      rows: (conditions, order, n) => repo.selectDeliveryPage(deps.db, id, conditions, order, n),
      total: () => repo.countDeliveries(deps.db, id),
    }),
  });
  return { total: page.total, items: page.rows.map(toDelivery), has_more: page.cursor !== null, cursor: page.cursor };
}
