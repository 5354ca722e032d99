// Queries of workspace_bindings: plain reads and writes; who may bind what is the operator's.
import type { DbOrTx } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import type { Binding, BindingService } from './bindings.js';

const findBindingQuery = prepared((db, p: { workspaceId: string; service: string }) =>
  db.selectFrom('workspace_bindings').selectAll().where('workspace_id', '=', p.workspaceId).where('service', '=', p.service),
);

export async function findBinding(db: DbOrTx, workspaceId: string, service: BindingService) {
  return (await findBindingQuery(db, { workspaceId, service })).rows[0];
}

/** `credentials`: already encrypted by the caller (a real provider's); the sandbox has none. */
export function saveBinding(db: DbOrTx, workspaceId: string, service: BindingService, binding: Binding, at: number, credentials: string | null = null) {
  const options = JSON.stringify(binding.options);
  return db
    .insertInto('workspace_bindings')
    .values({ workspace_id: workspaceId, service, provider: binding.provider, options, credentials, updated_at: at })
    .onConflict((oc) => oc.columns(['workspace_id', 'service']).doUpdateSet({ provider: binding.provider, options, credentials, updated_at: at }))
    .execute();
}

/**
 * Replaces a binding's options only (provider and credentials as they are), if the row is still the
 * one read (`provider`, `updatedAt`); how many rows changed: 0 when another process changed it
 * meanwhile. `at` is the new updated_at, which the provider registry reads as a change.
 */
export async function updateBindingOptions(db: DbOrTx, workspaceId: string, service: BindingService, read: { provider: string; updatedAt: number }, options: Binding['options'], at: number): Promise<number> {
  const result = await db
    .updateTable('workspace_bindings')
    .set({ options: JSON.stringify(options), updated_at: at })
    .where('workspace_id', '=', workspaceId)
    .where('service', '=', service)
    .where('provider', '=', read.provider)
    .where('updated_at', '=', read.updatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function deleteBinding(db: DbOrTx, workspaceId: string, service: BindingService) {
  return db.deleteFrom('workspace_bindings').where('workspace_id', '=', workspaceId).where('service', '=', service).execute();
}

export function listBindings(db: DbOrTx) {
  return db.selectFrom('workspace_bindings').select(['workspace_id', 'service', 'provider', 'options']).orderBy('workspace_id').execute();
}

/** The workspaces bound to a provider of `service` (a subquery: engines claim work only there). */
export function boundWorkspaces(db: DbOrTx, service: BindingService) {
  return db.selectFrom('workspace_bindings').select('workspace_id').where('service', '=', service);
}
