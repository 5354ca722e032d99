import type { Db, DbOrTx } from '../db/database.js';
import { fromFlag, toFlag } from '../db/rows.js';
import type { Clock } from '../shared/clock.js';
import { InvalidSetting, UsageError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { toIso } from '../shared/time.js';
import { emitEvent } from '../webhooks/outbox.js';
import * as repo from './workspace.repository.js';
import type { WorkspaceBalance, WorkspaceUser } from './workspace.schemas.js';
import type { TeamMembersTable } from '../db/schema/workspace.table.js';

export async function createWorkspace(db: Db, clock: Clock, name: string, id: string = newId('ws')) {
  if (await repo.findWorkspace(db, id)) throw new UsageError(`workspace ${id} exists already`);
  await repo.insertWorkspace(db, { id, name, created_at: clock.now() });
  return { id };
}

/** The one change of a member's integration status; becoming DISCONNECTED is the member.disconnected event (the account needs attention). */
export async function updateIntegrationStatus(db: DbOrTx, workspaceId: string, id: string, status: string, at: number) {
  const before = await repo.findIntegrationStatus(db, workspaceId, id);
  const result = await repo.writeIntegrationStatus(db, workspaceId, id, status, at);
  if (before !== undefined && status === 'DISCONNECTED' && before !== 'DISCONNECTED') {
    await emitEvent(db, workspaceId, at, { type: 'member.disconnected', data: { team_member_id: id, previous_status: before } });
  }
  return result;
}

export async function requireWorkspace(db: Db, id: string) {
  const workspace = await repo.findWorkspace(db, id);
  if (!workspace) throw new UsageError(`no workspace with id ${id}`);
  return workspace;
}

/**
 * Removes a workspace, its API keys and every row of its data, in one transaction: nothing of it
 * is left in any table, or nothing is removed.
 */
export async function deleteWorkspace(db: Db, id: string): Promise<{ id: string }> {
  await requireWorkspace(db, id);
  await db.transaction().execute(async (trx) => {
    for (const table of await repo.tablesWithWorkspaceRows(trx)) await repo.deleteWorkspaceRows(trx, table, id);
    await repo.deleteWorkspaceRow(trx, id);
  });
  return { id };
}

export function toWorkspaceUser(row: TeamMembersTable, placeholderPicture: string): WorkspaceUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    is_active_seat: fromFlag(row.is_active_seat),
    integration_status: row.integration_status,
    network_username: row.network_username,
    profile_views_count: row.profile_views_count,
    followers_count: row.followers_count,
    last_network_update: toIso(row.last_network_update),
    profile_picture: row.profile_picture ?? placeholderPicture,
  };
}

export async function listWorkspaceUsers(db: Db, workspaceId: string, placeholderPicture: string): Promise<WorkspaceUser[]> {
  const rows = await repo.listTeamMembers(db, workspaceId);
  return rows.map((row) => toWorkspaceUser(row, placeholderPicture));
}

export async function getCreditBalance(db: Db, workspaceId: string): Promise<WorkspaceBalance> {
  const { balance, lastUpdated } = await repo.sumLedger(db, workspaceId);
  return { current_balance: balance, last_updated: toIso(lastUpdated) };
}

export interface NewTeamMember {
  id?: string;
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  is_active_seat?: boolean;
  integration_status?: string;
  network_username?: string | null;
  profile_views_count?: number | null;
  followers_count?: number | null;
  last_network_update?: number | null;
  profile_picture?: string | null;
  /** IANA time zone name; default UTC. */
  time_zone?: string;
}

/** The zone, if the runtime knows it (Intl rejects unknown names). */
export function requireTimeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    throw new InvalidSetting('time_zone', `unknown time zone "${zone}" (use an IANA name such as Europe/Berlin)`);
  }
}

/** A member's time zone (their working hours apply in it); an unknown zone changes nothing. */
export async function setMemberTimeZone(db: Db, workspaceId: string, memberId: string, zone: string): Promise<{ id: string; time_zone: string }> {
  const timeZone = requireTimeZone(zone);
  await repo.updateTimeZone(db, workspaceId, memberId, timeZone);
  return { id: memberId, time_zone: timeZone };
}

export async function addTeamMember(db: Db, clock: Clock, workspaceId: string, member: NewTeamMember) {
  await requireWorkspace(db, workspaceId);
  if (await repo.findTeamMemberByEmail(db, workspaceId, member.email)) {
    throw new UsageError(`a team member with email ${member.email} exists already in workspace ${workspaceId}`);
  }
  const row: TeamMembersTable = {
    workspace_id: workspaceId,
    id: member.id ?? newId('tm'),
    email: member.email,
    first_name: member.first_name ?? null,
    last_name: member.last_name ?? null,
    is_active_seat: toFlag(member.is_active_seat ?? true),
    integration_status: member.integration_status ?? 'NOT_CONNECTED',
    network_username: member.network_username ?? null,
    profile_views_count: member.profile_views_count ?? null,
    followers_count: member.followers_count ?? null,
    last_network_update: member.last_network_update ?? null,
    profile_picture: member.profile_picture ?? null,
    time_zone: requireTimeZone(member.time_zone ?? 'UTC'),
    created_at: clock.now(),
    network_urn: null,
  };
  await repo.insertTeamMember(db, row);
  return { id: row.id };
}

export async function grantCredits(db: Db, clock: Clock, workspaceId: string, amount: number, reason: string | null) {
  await requireWorkspace(db, workspaceId);
  if (!Number.isSafeInteger(amount) || amount < 1) throw new UsageError('amount must be a whole number of at least 1');
  await repo.insertLedgerEntry(db, { workspace_id: workspaceId, id: newId('cr'), delta: amount, reason: reason ?? 'grant', created_at: clock.now() });
  return getCreditBalance(db, workspaceId);
}
