// The worker through a database restart: `warmline worker` runs an outreach campaign on the
// accelerated clock against a PostgreSQL of the test's own, which is stopped for a while in the
// middle of the run. The worker must survive, pause its engines (one log line per outage, not
// one per round), resume by itself within seconds, and the network's own record must show no
// duplicate invitation or follow-up and every cap held (docs/faults.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type OutreachLimits } from '../src/outreach/limits.js';
import { sandboxWorldOf } from './contract/sandbox-world.js';
import { expectNetworkRecordWithin } from './helpers/network-record.js';
import { campaignDatabase, type CampaignDatabase } from './helpers/outreach-fixtures.js';
import { postgresBin, startOwnPostgres, type OwnPostgres } from './helpers/own-postgres.js';
import { sleep } from './helpers/serve-process.js';
import { acceleratedClock, ended, spawnWorker } from './helpers/worker-process.js';

const RATE = 3_600;
const MONDAY = Date.parse('2025-06-02T00:00:00Z');
const LIMITS: OutreachLimits = { ...DEFAULT_LIMITS, dailyInvitations: 12, weeklyInvitations: 200, dailyMessages: 40, workStartHour: 0, workEndHour: 24, minSpacingSeconds: 60, maxSpacingSeconds: 120, withdrawAfterDays: 1 };
const OUTAGE_MS = 3_000;

if (postgresBin === null) console.warn('faults-worker.test: initdb/pg_ctl not found under /usr/lib/postgresql: the worker-through-a-restart test is skipped');

describe.runIf(postgresBin !== null)('the worker through a PostgreSQL restart during an outreach run', () => {
  let pg: OwnPostgres;
  let world: CampaignDatabase;

  beforeAll(async () => {
    pg = await startOwnPostgres();
    world = await campaignDatabase({ target: { dialect: 'postgres', url: pg.url }, drop: async () => {} }, MONDAY, {
      senders: 2, accepting: 20, limits: LIMITS, settings: { follow_up_template: 'Thanks {{first_name}}!', follow_up_delay_hours: 0 },
    });
  }, 60_000);
  afterAll(async () => {
    await world?.ctx.close();
    pg?.destroy();
  });

  const db = () => world.ctx.database.db;
  const campaignStatus = async () => (await db().selectFrom('campaigns').select('status').where('id', '=', world.campaignId).executeTakeFirstOrThrow()).status;
  const sentCount = async () => (await db().selectFrom('network_actions').select('id').where('workspace_id', '=', world.workspaceId).execute()).length;

  it('survives, pauses and resumes by itself, and sends nothing twice, within the caps', { timeout: 120_000 }, async () => {
    const worker = spawnWorker(world.dbUrl, { ...acceleratedClock(MONDAY, RATE), WARMLINE_SANDBOX_LATENCY_MS: '40' });
    await worker.started;
    while ((await sentCount()) < 3) await sleep(50);
    expect(await campaignStatus()).toBe('ACTIVE'); // the outage lands in a running campaign

    pg.stop();
    await sleep(OUTAGE_MS);
    expect(worker.child.exitCode).toBeNull();
    pg.start();
    const back = Date.now();
    const before = await sentCount();
    while ((await sentCount()) === before && Date.now() - back < 30_000) await sleep(50);
    const resumedMs = Date.now() - back;
    console.info(`faults-worker.test: PostgreSQL back → the worker's next network action after ${resumedMs} ms`);
    expect(resumedMs).toBeLessThan(5_000);

    for (let waited = 0; (await campaignStatus()) !== 'COMPLETED' && waited < 60_000; waited += 250) await sleep(250);
    expect(await campaignStatus()).toBe('COMPLETED');
    expect(await ended(worker.child, 'SIGTERM'), worker.stderr()).toBe(0);

    // One line when the outage began and one when it ended, however many rounds it lasted.
    const lines = worker.stderr().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { msg: string });
    expect(lines.filter((l) => l.msg.startsWith('database unavailable')), worker.stderr()).toHaveLength(1);
    expect(lines.filter((l) => l.msg.startsWith('database is back'))).toHaveLength(1);
    expect(lines.filter((l) => l.msg.startsWith('worker task failed'))).toEqual([]);

    const record = await expectNetworkRecordWithin(sandboxWorldOf(world.ctx.sandbox, db(), world.ctx.clock), world.workspaceId, LIMITS);
    expect(record.invitations.map((i) => i.contactUrn).sort()).toEqual([...world.urns].sort());
    expect(record.messages.map((m) => m.contactUrn).sort()).toEqual([...world.urns].sort()); // one follow-up each
    const actions = await db().selectFrom('network_actions').select('status').where('workspace_id', '=', world.workspaceId).execute();
    expect(actions.map((a) => a.status)).toEqual(actions.map(() => 'SENT'));
    expect(actions).toHaveLength(record.invitations.length + record.messages.length);
  });
});
