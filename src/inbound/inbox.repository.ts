// Queries of the inbound webhooks: a workspace's hook, and the inbox of deliveries. The inbox is
// claimed with a lease like network_actions (connections.repository.ts claimDueActions), so two
// workers never apply one event at the same time.
import type { DbOrTx } from '../db/database.js';
import { isPostgres } from '../db/dialect.js';
import { prepared } from '../db/prepared.js';
import { newId } from '../shared/ids.js';
import type { UnipileHooksTable, UnipileInboxTable } from '../db/schema/unipile-hooks.table.js';

export function findHookOfWorkspace(db: DbOrTx, workspaceId: string) {
  return db.selectFrom('unipile_hooks').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst();
}

export function findHookById(db: DbOrTx, hookId: string) {
  return db.selectFrom('unipile_hooks').selectAll().where('hook_id', '=', hookId).executeTakeFirst();
}

/** Creates the workspace's hook unless it has one; either way answers the stored row. */
export async function createHookOnce(db: DbOrTx, row: UnipileHooksTable): Promise<UnipileHooksTable> {
  await db.insertInto('unipile_hooks').values(row).onConflict((oc) => oc.column('workspace_id').doNothing()).execute();
  return (await findHookOfWorkspace(db, row.workspace_id))!;
}

export function updateHook(db: DbOrTx, workspaceId: string, changes: Partial<Omit<UnipileHooksTable, 'workspace_id' | 'hook_id'>>) {
  return db.updateTable('unipile_hooks').set(changes).where('workspace_id', '=', workspaceId).execute();
}

/** When the workspace's latest delivery kept in the inbox arrived (applied ones are forgotten after 30 days). */
export async function lastDeliveryAt(db: DbOrTx, workspaceId: string): Promise<number | null> {
  const row = await db.selectFrom('unipile_inbox').select((eb) => eb.fn.max('received_at').as('at')).where('workspace_id', '=', workspaceId).executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

export type InboxEntry = Pick<UnipileInboxTable, 'workspace_id' | 'hook_id' | 'event_key' | 'kind' | 'payload' | 'received_at'>;

/**
 * Stores a delivery once per event key; true when this call stored it. An account status is a
 * state, not a happening: its redelivery after it was applied asks the worker to look again
 * (the worker checks the account's status at Unipile, so the order of deliveries does not matter).
 */
export async function storeDelivery(db: DbOrTx, entry: InboxEntry): Promise<boolean> {
  const stored = await db
    .insertInto('unipile_inbox')
    .values({ id: newId('hk'), ...entry, attempts: 0 })
    .onConflict((oc) =>
      oc
        .columns(['workspace_id', 'event_key'])
        .doUpdateSet({ processed_at: null, outcome: null, attempts: 0, next_attempt_at: null, received_at: entry.received_at })
        .where('unipile_inbox.kind', '=', 'account_status')
        .where('unipile_inbox.processed_at', 'is not', null),
    )
    .returning('id')
    .executeTakeFirst();
  return stored !== undefined;
}

const unipileWorkspaces = (db: DbOrTx) =>
  db.selectFrom('workspace_bindings').select('workspace_id').where('service', '=', 'network').where('provider', '=', 'unipile');

// Prepared: it runs in every worker round, and building it costs more than running it.
const anyWaitingQuery = prepared((db) =>
  db.selectFrom('unipile_inbox').select('id').where('processed_at', 'is', null).where('workspace_id', 'in', unipileWorkspaces(db)).limit(1),
);

/** The oldest waiting deliveries of workspaces bound to Unipile, held until `until`. */
export async function claimWaiting(db: DbOrTx, now: number, until: number, limit: number): Promise<UnipileInboxTable[]> {
  // The worker asks every round and the inbox is nearly always empty: a read on the index of
  // waiting rows answers that far cheaper than the claiming UPDATE (as claimDueActions does).
  if ((await anyWaitingQuery(db, {})).rows.length === 0) return [];
  const free = (eb: any) => eb.and([
    eb('processed_at', 'is', null),
    eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]),
    eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]),
  ]);
  const due = db
    .selectFrom('unipile_inbox')
    .select('id')
    .where(free)
    .where('workspace_id', 'in', unipileWorkspaces(db))
    .orderBy('received_at')
    .orderBy('id')
    .limit(limit)
    .$if(isPostgres(db), (qb) => qb.forUpdate().skipLocked());
  const rows = await db.updateTable('unipile_inbox').set({ claimed_until: until }).where('id', 'in', due).where(free).returningAll().execute();
  return rows.sort((a, b) => Number(a.received_at) - Number(b.received_at) || (a.id < b.id ? -1 : 1));
}

export function finishEntry(db: DbOrTx, id: string, now: number, outcome: string) {
  return db.updateTable('unipile_inbox').set({ processed_at: now, outcome, claimed_until: null }).where('id', '=', id).execute();
}

export function retryEntryLater(db: DbOrTx, id: string, attempts: number, at: number, outcome: string) {
  return db.updateTable('unipile_inbox').set({ attempts, next_attempt_at: at, outcome, claimed_until: null }).where('id', '=', id).execute();
}

/** Forgets deliveries applied before `before`; returns how many. */
export async function pruneProcessed(db: DbOrTx, before: number): Promise<number> {
  const result = await db.deleteFrom('unipile_inbox').where('processed_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
