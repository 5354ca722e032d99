// Queries of enrichment's cache (enrichment_results) and of the vendors' faults.
import type { DbOrTx } from '../db/database.js';
import type { EnrichmentResultsTable } from '../db/schema/enrichment.table.js';

/** FOUND: email kept, its credit taken; HELD: found while out of credits, not yet charged; NOT_FOUND: no vendor had one. */
export type Outcome = 'FOUND' | 'HELD' | 'NOT_FOUND';

export function findResult(db: DbOrTx, workspaceId: string, person: string) {
  return db.selectFrom('enrichment_results').selectAll().where('workspace_id', '=', workspaceId).where('person', '=', person).executeTakeFirst();
}

export function saveResult(db: DbOrTx, row: EnrichmentResultsTable) {
  const { workspace_id: _w, person: _p, ...rest } = row;
  return db
    .insertInto('enrichment_results')
    .values(row)
    .onConflict((oc) => oc.columns(['workspace_id', 'person']).doUpdateSet(rest))
    .execute();
}

/** People whose re-ask time has come, oldest first. */
export function dueReasks(db: DbOrTx, now: number, limit: number) {
  return db.selectFrom('enrichment_results').select(['workspace_id', 'person']).where('reask_at', '<=', now).orderBy('reask_at').limit(limit).execute();
}

export function deleteResult(db: DbOrTx, workspaceId: string, person: string) {
  return db.deleteFrom('enrichment_results').where('workspace_id', '=', workspaceId).where('person', '=', person).execute();
}

/** Leads of a person settled without an email go back to the queue. */
export function requeuePerson(db: DbOrTx, workspaceId: string, person: string, now: number) {
  return db
    .updateTable('leads')
    .set({ enrichment_status: 'PENDING', updated_at: now })
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or([eb('contact_urn', '=', person), eb('id', '=', person)]))
    .where('enrichment_status', '=', 'NOT_FOUND')
    .execute();
}

export function saveVendorFault(db: DbOrTx, workspaceId: string, vendor: string, fault: string, at: number) {
  return db
    .insertInto('enrichment_vendor_faults')
    .values({ workspace_id: workspaceId, vendor, fault, at })
    .onConflict((oc) => oc.columns(['workspace_id', 'vendor']).doUpdateSet({ fault, at }))
    .execute();
}

export function clearVendorFaults(db: DbOrTx, workspaceId: string) {
  return db.deleteFrom('enrichment_vendor_faults').where('workspace_id', '=', workspaceId).execute();
}

export function listVendorFaults(db: DbOrTx, workspaceId: string) {
  return db.selectFrom('enrichment_vendor_faults').select(['vendor', 'fault', 'at']).where('workspace_id', '=', workspaceId).orderBy('vendor').execute();
}
