// A campaign's invitations, acceptances and replies per UTC day (the console's charts). Counted
// from the contacts' own timestamps, as campaignStats counts its rates: an acceptance is a
// contact connected after being invited, so one already connected is not counted as accepted.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { DAY_MS, toIso } from '../shared/time.js';

export const STATS_DAYS = 14;

const COLUMNS = { invitations: 'invited_at', acceptances: 'connected_at', replies: 'replied_at' } as const;
type Series = keyof typeof COLUMNS;

export interface DayCounts {
  /** YYYY-MM-DD (UTC). */
  day: string;
  invitations: number;
  acceptances: number;
  replies: number;
}

/** The last STATS_DAYS UTC days up to and including today, oldest first; days without events count 0. */
export async function campaignDailyCounts(db: Db, now: number, workspaceId: string, campaignId: string): Promise<DayCounts[]> {
  const today = Math.floor(now / DAY_MS);
  const first = today - STATS_DAYS + 1;
  const days = Array.from({ length: STATS_DAYS }, (_, i) => ({ day: toIso((first + i) * DAY_MS).slice(0, 10), invitations: 0, acceptances: 0, replies: 0 }));
  for (const series of Object.keys(COLUMNS) as Series[]) {
    const column = sql.ref(COLUMNS[series]);
    // Integer division of epoch milliseconds: the same day number on SQLite and PostgreSQL.
    const day = sql<number>`${column} / ${sql.lit(DAY_MS)}`;
    let query = db
      .selectFrom('campaign_contacts')
      .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('workspace_id', '=', workspaceId)
      .where('campaign_id', '=', campaignId)
      .where(COLUMNS[series], '>=', first * DAY_MS);
    if (series === 'acceptances') query = query.where('invited_at', 'is not', null);
    for (const row of await query.groupBy(day).execute()) {
      const slot = days[Number(row.day) - first];
      if (slot) slot[series] = Number(row.n);
    }
  }
  return days;
}
