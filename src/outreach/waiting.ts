// Why a queued contact is not being invited right now, when the only reason is the clock: its
// senders are outside their working hours. Written on the contacts (status_reason, shown by the
// API) and in `campaign stats`, so a campaign that waits says until when instead of looking stuck.
import type { DbOrTx } from '../db/database.js';
import { localTime, nextWorkingTime } from './working-hours.js';

const PREFIX = 'waiting for working hours';
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** `waiting for working hours: Mon 09:00 Europe/Berlin` (the next start of working time, in the sender's zone). */
export function waitingReason(now: number, zone: string, startHour: number, endHour: number, workDays = 5): string {
  const t = localTime(nextWorkingTime(now, zone, startHour, endHour, workDays), zone);
  const hhmm = `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
  return `${PREFIX}: ${WEEKDAYS[t.weekday]} ${hhmm} ${zone}`;
}

/**
 * Sets (reason) or clears (null) the waiting reason of the queued contacts a sender may take in
 * its active campaigns: those assigned to it and those no sender has taken. Only a waiting reason
 * is ever replaced, never another (a retry allowed by an operator, a warm path).
 */
export async function noteWaiting(db: DbOrTx, workspaceId: string, memberId: string, campaignIds: string[], reason: string | null, now: number): Promise<void> {
  if (campaignIds.length === 0) return;
  await db
    .updateTable('campaign_contacts')
    .set({ status_reason: reason, updated_at: now })
    .where('workspace_id', '=', workspaceId)
    .where('campaign_id', 'in', campaignIds)
    .where('status', '=', 'QUEUED')
    .where((eb) => eb.or([eb('sender_id', '=', memberId), eb('sender_id', 'is', null)]))
    .where((eb) =>
      reason === null
        ? eb('status_reason', 'like', `${PREFIX}%`)
        : eb.or([eb('status_reason', 'is', null), eb.and([eb('status_reason', 'like', `${PREFIX}%`), eb('status_reason', '!=', reason)])]),
    )
    .execute();
}
