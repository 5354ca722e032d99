// The team as the console's Team page shows it: each member, their network account (linked or
// not, through which provider), and their use of the outreach caps (sender-usage.ts, the
// engine's own count).
import type { Db } from '../db/database.js';
import { fromFlag } from '../db/rows.js';
import { loadLimits } from '../outreach/limits.js';
import { senderUsage } from '../outreach/sender-usage.js';
import { linkedAccounts } from '../network/member-accounts.repository.js';
import type { Clock } from '../shared/clock.js';
import { bindingOf } from './bindings.operator.js';
import { listTeamMembers } from '../workspace/workspace.repository.js';

export async function teamOverview(db: Db, clock: Clock, workspaceId: string) {
  const now = clock.now();
  const { provider } = await bindingOf(db, workspaceId, 'network');
  const limits = await loadLimits(db, workspaceId);
  const accounts = new Map((await linkedAccounts(db, workspaceId)).map((l) => [l.team_member_id, l.account_id]));
  const members = [];
  for (const m of await listTeamMembers(db, workspaceId)) {
    members.push({
      id: m.id,
      email: m.email,
      name: [m.first_name, m.last_name].filter(Boolean).join(' ') || null,
      is_active_seat: fromFlag(m.is_active_seat),
      time_zone: m.time_zone,
      integration_status: m.integration_status,
      linked: m.integration_status === 'CONNECTED',
      account_id: accounts.get(m.id) ?? null,
      usage: await senderUsage(db, workspaceId, m, limits, now),
    });
  }
  return { network_provider: provider, members };
}
