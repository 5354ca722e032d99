// Two workers over two separate connection pools to the same database run the same campaigns:
// no invitation is sent twice, no cap is exceeded, and every contact still reaches a final state.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createContext, createLogger, type AppContext } from '../src/context.js';
import { buildWorkerTasks } from '../src/engine/worker-tasks.js';
import { Worker } from '../src/engine/worker.js';
import { setLimits } from '../src/outreach/limits.js';
import { nextDueAt } from '../src/outreach/outreach.repository.js';
import { startOfLocalDay } from '../src/outreach/working-hours.js';
import { ManualClock } from '../src/shared/clock.js';
import { describeEachDialect } from './helpers/dialects.js';
import { CAMPAIGN_ENGINES, MONDAY_0800_UTC, outreachWorld } from './helpers/outreach-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

const DAY = 86_400_000;

describeEachDialect('outreach with two workers', (dialect) => {
  let server: TestServer;
  let second: AppContext;
  const clock = new ManualClock(MONDAY_0800_UTC);
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
    second = await createContext(server.config, { clock, logger: createLogger('silent'), migrate: false });
  });
  afterAll(async () => {
    await second.close();
    await server.close();
  });

  it('sends each invitation once and holds the caps', { timeout: 180_000 }, async () => {
    const { ws, campaignId } = await outreachWorld(server, { senders: 3, contacts: 40 });
    await setLimits(server.ctx.database.db, clock, ws.id, { dailyInvitations: 5, weeklyInvitations: 12, minSpacingSeconds: 60, maxSpacingSeconds: 120 });
    const log = createLogger('silent');
    const a = new Worker(buildWorkerTasks(server.ctx, CAMPAIGN_ENGINES), log);
    const b = new Worker(buildWorkerTasks(second, CAMPAIGN_ENGINES), log);
    const db = server.ctx.database.db;
    while (clock.now() < MONDAY_0800_UTC + 40 * DAY) {
      await Promise.all([a.drain(), b.drain()]);
      const open = await db.selectFrom('campaign_contacts').select('id').where('campaign_id', '=', campaignId).where('status', 'in', ['QUEUED', 'INVITED']).execute();
      if (open.length === 0) break;
      const due = await nextDueAt(db);
      if (due === null) break;
      clock.set(Math.max(due, clock.now() + 1000));
    }
    const invitations = await db.selectFrom('sandbox_invitations').selectAll().where('workspace_id', '=', ws.id).orderBy('sent_at').execute();
    expect(new Set(invitations.map((i) => i.contact_urn)).size).toBe(invitations.length);
    expect(invitations.length).toBe(40);
    for (const inv of invitations) {
      const mine = invitations.filter((i) => i.team_member_id === inv.team_member_id);
      expect(mine.filter((i) => startOfLocalDay(i.sent_at, 'UTC') === startOfLocalDay(inv.sent_at, 'UTC')).length).toBeLessThanOrEqual(5);
      expect(mine.filter((i) => i.sent_at > inv.sent_at - 7 * DAY && i.sent_at <= inv.sent_at).length).toBeLessThanOrEqual(12);
    }
    const actions = await db.selectFrom('network_actions').select(['status', 'attempts']).where('workspace_id', '=', ws.id).execute();
    expect(actions.every((x) => x.status === 'SENT' && x.attempts === 1)).toBe(true); // nobody delivered anything twice
    const campaign = await db.selectFrom('campaigns').select('status').where('id', '=', campaignId).executeTakeFirstOrThrow();
    expect(campaign.status).toBe('COMPLETED');
  });
});
