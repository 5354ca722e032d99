// The one writer of the outbox. Callers name the event inside the transaction of the change that
// caused it; it is stored once per enabled subscription of the workspace that wants its type, so
// an event nobody subscribed to costs one indexed read and no write (docs/webhooks.md).
import type { DbOrTx } from '../db/database.js';
import { newId } from '../shared/ids.js';
import { toIso } from '../shared/time.js';

export const EVENT_TYPES = [
  'lead.created',
  'lead.updated',
  'lead.enriched',
  'connection.requested',
  'connection.accepted',
  'message.sent',
  'message.replied',
  'campaign.completed',
  'member.disconnected',
  'person.forgotten',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** Sent only by the test endpoint, to one subscription. */
export const TEST_EVENT = 'webhook.test';

export interface OutboxEvent {
  type: EventType;
  data: Record<string, unknown>;
}

/** The signed body of an event. */
export const eventBody = (type: string, at: number, data: Record<string, unknown>) => JSON.stringify({ type, timestamp: toIso(at), data });

/** Writes the events for every enabled subscription of the workspace wanting them, in the order given. */
export async function emitEvents(tx: DbOrTx, workspaceId: string, now: number, events: readonly OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  const subscriptions = await tx
    .selectFrom('webhook_subscriptions')
    .select(['id', 'event_types'])
    .where('workspace_id', '=', workspaceId)
    .where('enabled', '=', 1)
    .execute();
  if (subscriptions.length === 0) return;
  const rows = [];
  for (const event of events) {
    const payload = eventBody(event.type, now, event.data);
    for (const s of subscriptions) {
      if (!(JSON.parse(s.event_types) as string[]).includes(event.type)) continue;
      rows.push({ id: newId('evt'), subscription_id: s.id, workspace_id: workspaceId, event_type: event.type, payload, created_at: now, delivered_at: null });
    }
  }
  // One row at a time keeps `seq` in the order of the events (a multi-row insert gives no such promise on every dialect).
  for (const row of rows) await tx.insertInto('webhook_outbox').values(row).execute();
}

/**
 * Whether any enabled subscription of the workspace wants `type`. A writer asks first and opens a
 * transaction for its change and event only when one does: on SQLite, a transaction held open
 * across awaits makes another connection's write wait for the lock.
 */
export async function wantsEvent(db: DbOrTx, workspaceId: string, type: EventType): Promise<boolean> {
  return (await subscribedWorkspaces(db, type).where('workspace_id', '=', workspaceId).executeTakeFirst()) !== undefined;
}

/** The workspaces with an enabled subscription wanting `type`: a subquery for set-based writers. */
export function subscribedWorkspaces(db: DbOrTx, type: EventType) {
  return db.selectFrom('webhook_subscriptions').select('workspace_id').where('enabled', '=', 1).where('event_types', 'like', `%"${type}"%`);
}

export const emitEvent = (tx: DbOrTx, workspaceId: string, now: number, event: OutboxEvent) => emitEvents(tx, workspaceId, now, [event]);
