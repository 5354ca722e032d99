// Queries of the outbound webhooks: subscriptions (scoped by workspace), the head of each
// subscription's outbox, and the delivery log.
import type { DbOrTx } from '../db/database.js';
import type { Condition, SortColumn } from '../db/keyset.js';
import { isPostgres } from '../db/dialect.js';
import { sql } from 'kysely';
import type { WebhookDeliveriesTable, WebhookSubscriptionsTable } from '../db/schema/webhooks.table.js';

export function findSubscription(db: DbOrTx, workspaceId: string, id: string) {
  return db.selectFrom('webhook_subscriptions').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}

export function listSubscriptions(db: DbOrTx, workspaceId: string) {
  return db.selectFrom('webhook_subscriptions').selectAll().where('workspace_id', '=', workspaceId).orderBy('created_at').orderBy('id').execute();
}

export function insertSubscription(db: DbOrTx, row: WebhookSubscriptionsTable) {
  return db.insertInto('webhook_subscriptions').values(row).execute();
}

export function updateSubscription(db: DbOrTx, workspaceId: string, id: string, changes: Partial<Omit<WebhookSubscriptionsTable, 'id' | 'workspace_id'>>) {
  return db.updateTable('webhook_subscriptions').set(changes).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}

export async function deleteSubscription(db: DbOrTx, workspaceId: string, id: string): Promise<boolean> {
  // Its outbox and log go with it (on delete cascade; SQLite's foreign keys may be off, so explicitly too).
  await db.deleteFrom('webhook_outbox').where('subscription_id', '=', id).where('workspace_id', '=', workspaceId).execute();
  if (!(await findSubscription(db, workspaceId, id))) return false;
  await db.deleteFrom('webhook_deliveries').where('subscription_id', '=', id).execute();
  const result = await db.deleteFrom('webhook_subscriptions').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Enabled subscriptions with an undelivered event, due now and not held by another worker; held until `until`. */
export async function claimDueSubscriptions(db: DbOrTx, now: number, until: number, limit: number) {
  const waiting = db.selectFrom('webhook_outbox').select('subscription_id').where('delivered_at', 'is', null);
  const free = (eb: any) => eb.and([
    eb('enabled', '=', 1),
    eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]),
    eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]),
    eb('id', 'in', waiting),
  ]);
  const due = db.selectFrom('webhook_subscriptions').select('id').where(free).orderBy('created_at').limit(limit).$if(isPostgres(db), (qb) => qb.forUpdate().skipLocked());
  return db.updateTable('webhook_subscriptions').set({ claimed_until: until }).where('id', 'in', due).where(free).returningAll().execute();
}

/** The oldest undelivered event of a subscription: the only one it may be sent (order per subscription). */
export function headEvent(db: DbOrTx, subscriptionId: string) {
  return db.selectFrom('webhook_outbox').selectAll().where('subscription_id', '=', subscriptionId).where('delivered_at', 'is', null).orderBy('seq').limit(1).executeTakeFirst();
}

export function markDelivered(db: DbOrTx, seq: number, now: number) {
  return db.updateTable('webhook_outbox').set({ delivered_at: now }).where('seq', '=', seq).execute();
}

export function insertDelivery(db: DbOrTx, row: WebhookDeliveriesTable) {
  return db.insertInto('webhook_deliveries').values(row).execute();
}

export function selectDeliveryPage(db: DbOrTx, subscriptionId: string, conditions: Condition[], order: readonly SortColumn[], limit: number) {
  let q = db.selectFrom('webhook_deliveries').selectAll().where('subscription_id', '=', subscriptionId);
  for (const c of conditions) q = q.where(c);
  for (const o of order) q = q.orderBy(sql.ref(o.column), o.dir);
  return q.limit(limit).execute();
}

export async function countDeliveries(db: DbOrTx, subscriptionId: string): Promise<number> {
  const row = await db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('subscription_id', '=', subscriptionId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Undelivered events of enabled subscriptions (the outbox depth metric). */
export async function outboxDepth(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('webhook_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('delivered_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
