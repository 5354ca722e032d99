// Two `warmline worker` processes on one PostgreSQL database share the members' syncs: each
// member is synced by one process at a time. Observed from outside, through the workers' own
// "member synced" log lines: a member's next sync can only start a sync interval after the
// previous one finished, whereas two syncs at once would end close together. The clock is real,
// the interval the shortest allowed (1 s) and the workers look for work every 20 ms, so both
// race for every due member; the leases (10 min) never lapse. The test waits for events (each
// member synced three times), never for a fixed time.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createContext, createLogger, type AppContext } from '../src/context.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import { ended, spawnWorker, type WorkerProcess } from './helpers/worker-process.js';
import { makeWorkspace } from './helpers/workspaces.js';

const INTERVAL_MS = 1_000;
const MEMBERS = 6;

/** Waits for what the workers report, however long a loaded machine takes (the test's timeout bounds it). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 50));
}

describeEachDialect('member syncs with two worker processes', (dialect) => {
  if (dialect !== 'postgres') {
    it.skip('runs on PostgreSQL only: several processes on one SQLite file is not a supported deployment', () => {});
    return;
  }
  let database: TestDatabase;
  let ctx: AppContext;
  let dbUrl = '';
  const members: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dbUrl = database.target.dialect === 'postgres' ? database.target.url : '';
    ctx = await createContext(loadConfig({ db: dbUrl, demo: false }, {}), { logger: createLogger('silent') });
    const made = await makeWorkspace(ctx, { name: 'Syncs', enrichment: 'none', connected: true, members: Array.from({ length: MEMBERS }, (_, i) => ({ email: `m${i}@acme.test` })) });
    members.push(...made.members);
  });
  afterAll(async () => {
    await ctx?.close();
    await database?.drop();
  });

  it('never syncs a member in two processes at once, and both take part', { timeout: 60_000 }, async () => {
    const env = { WARMLINE_SYNC_INTERVAL_MS: String(INTERVAL_MS), WARMLINE_WORKER_IDLE_MS: '20', WARMLINE_LOG_LEVEL: 'info' };
    const syncsOf = (w: WorkerProcess) =>
      w.stderr().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)).filter((l) => l.msg === 'member synced' && !l.aborted);
    // Both take part by construction, not by luck: each process first syncs alone (the other
    // not running; freezing one instead could leave it holding row locks the other waits on),
    // then a new first process and the second race for every due member.
    const alone = spawnWorker(dbUrl, env, 'ingestion');
    await alone.started;
    await until(() => syncsOf(alone).length > 0);
    expect(await ended(alone.child, 'SIGTERM'), alone.stderr()).toBe(0);
    const second = spawnWorker(dbUrl, env, 'ingestion');
    await second.started;
    await until(() => syncsOf(second).length > 0);
    const first = spawnWorker(dbUrl, env, 'ingestion');
    await first.started;
    const workers = [alone, first, second];
    const racedEnough = () => members.every((m) => [first, second].flatMap(syncsOf).filter((l) => l.teamMemberId === m).length >= 3);
    await until(racedEnough);
    for (const w of [first, second]) expect(await ended(w.child, 'SIGTERM'), w.stderr()).toBe(0);

    const synced = workers.map(syncsOf);
    for (const lines of [synced[0]!, synced[2]!]) expect(lines.length).toBeGreaterThan(0); // both processes synced members
    for (const member of members) {
      const ends = synced.flat().filter((l) => l.teamMemberId === member).map((l) => l.time as number).sort((a, b) => a - b);
      expect(ends.length).toBeGreaterThan(2); // synced again and again, by either process
      const gaps = ends.slice(1).map((t, i) => t - ends[i]!);
      // Half the interval leaves room for the time between a sync's recorded end and its log line.
      expect(Math.min(...gaps), `ends of ${member}'s syncs: ${ends.join(', ')}`).toBeGreaterThanOrEqual(INTERVAL_MS / 2);
    }
  });
});
