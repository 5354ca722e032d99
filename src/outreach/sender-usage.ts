// A sender's use of its caps, counted the way the engine counts them (network_actions of the
// sender, all sources): invitations today and over the rolling 7 days the weekly cap covers,
// messages today; "today" is the sender's own calendar day.
import type { DbOrTx } from '../db/database.js';
import { DAY_MS } from '../shared/time.js';
import { countSenderActions } from './action-counts.repository.js';
import type { OutreachLimits } from './limits.js';
import { startOfLocalDay } from './working-hours.js';

export interface SenderUsage {
  invitations_today: { used: number; limit: number };
  invitations_7_days: { used: number; limit: number };
  messages_today: { used: number; limit: number };
}

export async function senderUsage(db: DbOrTx, workspaceId: string, member: { id: string; time_zone: string }, limits: OutreachLimits, now: number): Promise<SenderUsage> {
  const today = startOfLocalDay(now, member.time_zone);
  const [invitationsToday, invitations7Days] = await countSenderActions(db, workspaceId, member.id, 'INVITATION', [today, now - 7 * DAY_MS + 1]);
  const [messagesToday] = await countSenderActions(db, workspaceId, member.id, 'MESSAGE', [today]);
  return {
    invitations_today: { used: invitationsToday!, limit: limits.dailyInvitations },
    invitations_7_days: { used: invitations7Days!, limit: limits.weeklyInvitations },
    messages_today: { used: messagesToday!, limit: limits.dailyMessages },
  };
}
