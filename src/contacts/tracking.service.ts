// Tracking a contact: a team member follows a known contact, whose posts then show in the
// tracked-contacts feed (ingestion syncs them). Until the console, only ingestion and snapshots
// wrote tracked_contacts; this is the one place that changes them by hand.
import type { Db } from '../db/database.js';
import { findTeamMember } from '../workspace/workspace.repository.js';
import * as repo from './tracking.repository.js';

export type TrackingFailure = 'member_not_found' | 'contact_not_found' | 'not_tracked';

export class TrackingError extends Error {
  constructor(readonly reason: TrackingFailure) {
    super(reason);
    this.name = 'TrackingError';
  }
}

export interface TrackedContact {
  team_member_id: string;
  contact_urn: string;
  name: string | null;
  headline: string | null;
  username: string | null;
}

const nameOf = (c: { first_name: string | null; last_name: string | null }) => [c.first_name, c.last_name].filter(Boolean).join(' ') || null;

async function requireMember(db: Db, workspaceId: string, memberId: string) {
  if (!(await findTeamMember(db, workspaceId, memberId))) throw new TrackingError('member_not_found');
}

export async function listTrackedContacts(db: Db, workspaceId: string, memberId: string | null): Promise<TrackedContact[]> {
  if (memberId !== null) await requireMember(db, workspaceId, memberId);
  const rows = await repo.listTracked(db, workspaceId, memberId);
  return rows.map((r) => ({ team_member_id: r.team_member_id, contact_urn: r.contact_urn, name: nameOf(r), headline: r.headline, username: r.username }));
}

export async function searchContacts(db: Db, workspaceId: string, text: string, limit: number) {
  const rows = await repo.searchContacts(db, workspaceId, text.trim(), limit);
  return rows.map((r) => ({ urn: r.urn, name: nameOf(r), headline: r.headline, username: r.username }));
}

/** Tracking twice is tracking once. Only contacts the workspace knows can be tracked. */
export async function trackContact(db: Db, workspaceId: string, memberId: string, urn: string): Promise<void> {
  await requireMember(db, workspaceId, memberId);
  if (!(await repo.findContact(db, workspaceId, urn))) throw new TrackingError('contact_not_found');
  await repo.insertTracked(db, workspaceId, memberId, urn);
}

export async function untrackContact(db: Db, workspaceId: string, memberId: string, urn: string): Promise<void> {
  await requireMember(db, workspaceId, memberId);
  if (!(await repo.deleteTracked(db, workspaceId, memberId, urn))) throw new TrackingError('not_tracked');
}
