// The activity log (docs/operations.md "Activity log"): each administrative act writes one entry
// in its own transaction, so an act and its entry are kept or lost together. Who: a console
// member, an API key, or the operator's CLI; what: an action, its subject and details that
// never hold a secret (a key's id and name, never the key; a webhook's URL, never its secret).
import type { DbOrTx } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { DomainError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { toIso } from '../shared/time.js';
import * as repo from './activity.repository.js';

export type Actor = { kind: 'member'; id: string } | { kind: 'api_key'; id: string } | { kind: 'operator' };

/** The operator at the command line (`warmline key create`, `network bind`, …). */
export const OPERATOR: Actor = { kind: 'operator' };

export async function recordActivity(
  db: DbOrTx,
  clock: Clock,
  workspaceId: string,
  actor: Actor,
  act: { action: string; subject?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await repo.insertActivity(db, {
    id: newId('act'),
    workspace_id: workspaceId,
    at: clock.now(),
    actor_kind: actor.kind,
    actor_id: actor.kind === 'operator' ? null : actor.id,
    action: act.action,
    subject: act.subject ?? null,
    details: JSON.stringify(act.details ?? {}),
  });
}

export interface ActivityEntry {
  id: string;
  at: string;
  actor: { kind: string; id: string | null };
  action: string;
  subject: string | null;
  details: Record<string, unknown>;
}

/** A cursor is the last entry's position: `<at>.<id>`. */
const CURSOR = /^(\d{1,16})\.([A-Za-z0-9_-]{1,64})$/;

/** A page of the workspace's log, newest first, and the cursor of the next (null: the last page). */
export async function activityPage(db: DbOrTx, workspaceId: string, limit: number, cursor: string | null): Promise<{ items: ActivityEntry[]; next_cursor: string | null }> {
  let before: { at: number; id: string } | null = null;
  if (cursor !== null) {
    const m = CURSOR.exec(cursor);
    if (!m) throw new DomainError('invalid_cursor');
    before = { at: Number(m[1]), id: m[2]! };
  }
  const rows = await repo.listActivity(db, workspaceId, limit + 1, before);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({ id: r.id, at: toIso(Number(r.at)), actor: { kind: r.actor_kind, id: r.actor_id }, action: r.action, subject: r.subject, details: JSON.parse(r.details) as Record<string, unknown> })),
    next_cursor: rows.length > limit && last ? `${Number(last.at)}.${last.id}` : null,
  };
}
