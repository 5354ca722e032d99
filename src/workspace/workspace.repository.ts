import { sql, type Kysely } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import type { Insertable } from 'kysely';
import type { CreditLedgerTable, TeamMembersTable, WorkspacesTable } from '../db/schema/workspace.table.js';

export function insertWorkspace(db: DbOrTx, row: Insertable<WorkspacesTable>) {
  return db.insertInto('workspaces').values(row).execute();
}

export function findWorkspace(db: DbOrTx, id: string) {
  return db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Every table that holds rows of a workspace, found in the schema rather than listed, so a table
 * added later cannot be forgotten when a workspace is deleted.
 */
export async function tablesWithWorkspaceRows(db: DbOrTx): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.filter((t) => !t.isView && t.columns.some((c) => c.name === 'workspace_id')).map((t) => t.name);
}

/** Deletes a workspace's rows from one table of `tablesWithWorkspaceRows`. */
export function deleteWorkspaceRows(db: DbOrTx, table: string, workspaceId: string) {
  // The name comes from the schema itself, not from input; the typed Database cannot name it.
  return (db as Kysely<any>).deleteFrom(table).where('workspace_id', '=', workspaceId).execute();
}

export function deleteWorkspaceRow(db: DbOrTx, id: string) {
  return db.deleteFrom('workspaces').where('id', '=', id).execute();
}

export function listWorkspaces(db: DbOrTx) {
  return db.selectFrom('workspaces').selectAll().orderBy('created_at').orderBy('id').execute();
}

export function insertTeamMember(db: DbOrTx, row: TeamMembersTable) {
  return db.insertInto('team_members').values(row).execute();
}

/** Active seats first, then by email (decisions.md). */
const listTeamMembersQuery = prepared((db, p: { workspaceId: string }) =>
  db.selectFrom('team_members').selectAll().where('workspace_id', '=', p.workspaceId).orderBy('is_active_seat', 'desc').orderBy('email').orderBy('id'),
);

export async function listTeamMembers(db: DbOrTx, workspaceId: string) {
  return (await listTeamMembersQuery(db, { workspaceId })).rows;
}

const findTeamMemberQuery = prepared((db, p: { workspaceId: string; id: string }) =>
  db.selectFrom('team_members').selectAll().where('workspace_id', '=', p.workspaceId).where('id', '=', p.id),
);

export async function findTeamMember(db: DbOrTx, workspaceId: string, id: string) {
  return (await findTeamMemberQuery(db, { workspaceId, id })).rows[0];
}

export function findTeamMemberByEmail(db: DbOrTx, workspaceId: string, email: string) {
  return db
    .selectFrom('team_members')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('email', '=', email)
    .executeTakeFirst();
}

export function insertLedgerEntry(db: DbOrTx, row: CreditLedgerTable) {
  return db.insertInto('credit_ledger').values(row).execute();
}

export async function sumLedger(db: DbOrTx, workspaceId: string): Promise<{ balance: number; lastUpdated: number | null }> {
  const row = await db
    .selectFrom('credit_ledger')
    .select([sql<number>`coalesce(sum(delta), 0)`.as('balance'), sql<number | null>`max(created_at)`.as('last_updated')])
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return { balance: Number(row.balance), lastUpdated: row.last_updated === null ? null : Number(row.last_updated) };
}

/** A member's integration status as stored (undefined: no such member). */
export async function findIntegrationStatus(db: DbOrTx, workspaceId: string, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('team_members').select('integration_status').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  return row?.integration_status;
}

export function writeIntegrationStatus(db: DbOrTx, workspaceId: string, id: string, status: string, at: number) {
  return db.updateTable('team_members').set({ integration_status: status, last_network_update: at }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}

export function updateTimeZone(db: DbOrTx, workspaceId: string, id: string, timeZone: string) {
  return db.updateTable('team_members').set({ time_zone: timeZone }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}

/** The newest `limit` ledger entries (newest first). */
export function listLedgerEntries(db: DbOrTx, workspaceId: string, limit: number) {
  return db.selectFrom('credit_ledger').selectAll().where('workspace_id', '=', workspaceId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
