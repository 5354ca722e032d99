// Scheduling of member syncs: one sync per member at a time across two workers (two pools),
// back-off on provider errors, clean stop mid-sync, and the set-based re-score.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createContext, createLogger } from '../src/context.js';
import { RESCORE_SLICE, rescoreLeads, syncNextDueMember, type IngestionDeps } from '../src/ingestion/ingestion.engine.js';
import { decayFactor, scoreOfMass, foldMass } from '../src/ingestion/scoring.js';
import { backoffAfter, DEFAULT_SYNC_SCHEDULE } from '../src/ingestion/sync-schedule.js';
import { Worker } from '../src/engine/worker.js';
import { NetworkError, type AccountRef, type NetworkProvider } from '../src/network/provider.js';
import { ManualClock } from '../src/shared/clock.js';
import { describeEachDialect } from './helpers/dialects.js';
import { countsKeptAndRebuilt, event, fold, person, postOf } from './helpers/ingestion-fixtures.js';
import { insertLeads } from './helpers/leads-fixture.js';
import { startServer, type TestServer } from './helpers/server.js';
import { bindingDeps } from '../src/cli/network.commands.js';
import { createWorker } from '../src/engine/worker-tasks.js';
import { unbind } from '../src/operator/bindings.operator.js';

const START = Date.parse('2025-06-01T09:00:00Z');
const log = createLogger('silent');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The sandbox, observed: counts syncs per member, can fail or stop a sync on demand. */
function observed(inner: NetworkProvider) {
  const syncs = new Map<string, number>();
  let active = 0;
  let maxActivePerMember = 0;
  const activeBy = new Map<string, number>();
  const control = { fail: null as NetworkError | null, onEngagement: null as null | (() => void) };
  const provider: NetworkProvider = Object.create(inner);
  provider.listMemberPosts = async (account: AccountRef, since: number) => {
    const key = account.teamMemberId;
    if (control.fail) throw control.fail;
    syncs.set(key, (syncs.get(key) ?? 0) + 1);
    activeBy.set(key, (activeBy.get(key) ?? 0) + 1);
    maxActivePerMember = Math.max(maxActivePerMember, activeBy.get(key)!);
    active++;
    try {
      await sleep(25);
      return await inner.listMemberPosts(account, since);
    } finally {
      active--;
      activeBy.set(key, activeBy.get(key)! - 1);
    }
  };
  provider.listPostEngagement = async (account: AccountRef, postId: string) => {
    control.onEngagement?.();
    return inner.listPostEngagement(account, postId);
  };
  return { provider, syncs, control, stats: () => ({ active, maxActivePerMember }) };
}

describeEachDialect('ingestion worker', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(START);
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());
  const db = () => server.ctx.database.db;
  const deps = (network: NetworkProvider, database = db()): IngestionDeps => ({ db: database, clock, networks: async () => network, schedule: DEFAULT_SYNC_SCHEDULE });

  it('never syncs a member twice at once, even with two workers on two connection pools', async () => {
    const ws = await server.newWorkspace(undefined, { members: 6, connected: true });
    const { members } = ws;
    const second = await createContext(server.config, { clock, logger: log, migrate: false });
    try {
      const net = observed(server.ctx.sandbox);
      const task = (d: IngestionDeps) => ({ name: 'sync', step: async (s: AbortSignal) => (await syncNextDueMember(d, s, log, { workspaceId: ws.id })) !== null });
      const a = new Worker([task(deps(net.provider))], log);
      const b = new Worker([task(deps(net.provider, second.database.db))], log);
      await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
      expect(Object.fromEntries(members.map((m) => [m, net.syncs.get(m) ?? 0]))).toEqual(Object.fromEntries(members.map((m) => [m, 1])));
      expect(net.stats().maxActivePerMember).toBe(1);
      const rows = await db().selectFrom('member_syncs').selectAll().where('workspace_id', '=', ws.id).execute();
      expect(rows.every((r) => r.claimed_until === null && Number(r.next_sync_at) === START + DEFAULT_SYNC_SCHEDULE.intervalMs)).toBe(true);
      const { kept, rebuilt } = await countsKeptAndRebuilt(db(), ws.id);
      expect(kept).toEqual(rebuilt);
    } finally {
      await second.close();
    }
  });

  it('backs off exponentially on provider errors and resets after a success', async () => {
    const ws = await server.newWorkspace(undefined, { members: 1, connected: true });
    const member = ws.members[0];
    const net = observed(server.ctx.sandbox);
    const state = () => db().selectFrom('member_syncs').selectAll().where('team_member_id', '=', member).executeTakeFirstOrThrow();
    net.control.fail = new NetworkError('transient', 'network down');
    const t0 = clock.now();
    await syncNextDueMember(deps(net.provider), new AbortController().signal, log, { workspaceId: ws.id });
    expect(await state()).toMatchObject({ failures: 1, last_error: 'transient: network down', claimed_until: null });
    expect(Number((await state()).next_sync_at)).toBe(t0 + backoffAfter(DEFAULT_SYNC_SCHEDULE, 1));
    expect(await syncNextDueMember(deps(net.provider), new AbortController().signal, log, { workspaceId: ws.id })).toBeNull(); // not due yet
    clock.set(Number((await state()).next_sync_at));
    await syncNextDueMember(deps(net.provider), new AbortController().signal, log, { workspaceId: ws.id });
    expect((await state()).failures).toBe(2);
    expect(Number((await state()).next_sync_at)).toBe(clock.now() + 2 * DEFAULT_SYNC_SCHEDULE.backoffMs);
    net.control.fail = null;
    clock.set(Number((await state()).next_sync_at));
    await syncNextDueMember(deps(net.provider), new AbortController().signal, log, { workspaceId: ws.id });
    expect(await state()).toMatchObject({ failures: 0, last_error: null });
    clock.set(START);
  });

  it('stops mid-sync without half-written state, and the next sync completes the work', async () => {
    const ws = await server.newWorkspace(undefined, { members: 1, connected: true });
    const member = ws.members[0];
    const net = observed(server.ctx.sandbox);
    const stop = new AbortController();
    net.control.onEngagement = () => stop.abort();
    const result = await syncNextDueMember(deps(net.provider), stop.signal, log, { workspaceId: ws.id });
    expect(result?.aborted).toBe(true);
    // Released, not failed: due again at once; nothing folded but whole pages.
    expect(await db().selectFrom('member_syncs').selectAll().where('team_member_id', '=', member).executeTakeFirstOrThrow()).toMatchObject({ claimed_until: null, failures: 0 });
    const { kept, rebuilt } = await countsKeptAndRebuilt(db(), ws.id);
    expect(kept).toEqual(rebuilt);
    net.control.onEngagement = null;
    const done = await syncNextDueMember(deps(net.provider), new AbortController().signal, log, { workspaceId: ws.id });
    expect(done?.aborted).toBe(false);
    const leads = (await ws.client.get('/v2/leads')).body.total;
    const urns = await db().selectFrom('engagement_events').select('contact_urn').distinct().where('workspace_id', '=', ws.id).execute();
    expect(leads).toBe(urns.length);
  });

  it('stops syncing, enriching and re-scoring a workspace from the worker round after it is unbound', async () => {
    const ws = await server.newWorkspace(undefined, { members: 1, connected: true });
    const worker = createWorker(server.ctx, ['ingestion']);
    clock.advance(DEFAULT_SYNC_SCHEDULE.intervalMs);
    await worker.drain();
    const state = async () => ({
      posts: await db().selectFrom('posts').select(['id', 'likes_num', 'updated_at']).where('workspace_id', '=', ws.id).orderBy('id').execute(),
      leads: await db().selectFrom('leads').select(['id', 'engagement_score', 'engagement_events_count', 'enrichment_status', 'updated_at']).where('workspace_id', '=', ws.id).orderBy('id').execute(),
    });
    const bound = await state();
    expect(bound.leads.length).toBeGreaterThan(0);
    await unbind(bindingDeps(server.ctx), ws.id, 'network');
    await unbind(bindingDeps(server.ctx), ws.id, 'enrichment');
    for (let day = 0; day < 3; day++) {
      clock.advance(86_400_000);
      await worker.round();
    }
    expect(await state()).toEqual(bound);
  });

  it('re-scores aged leads with a set-based update that equals the scoring formula', async () => {
    const ws = await server.newWorkspace(undefined, { members: 1 });
    const member = ws.members[0];
    const post = postOf(member);
    const people = [person('ACoS1'), person('ACoS2'), person('ACoS3')];
    await fold(db(), ws.id, START, [
      event(post, people[0]!, 'COMMENT', START - 1000), event(post, people[0]!, 'SHARE', START - 5 * 86_400_000),
      event(post, people[1]!, 'LIKE', START - 2000), event(post, people[2]!, 'COMMENT', START - 3000),
    ]);
    const later = START + 20 * 86_400_000;
    expect(await rescoreLeads(db(), later, ws.id)).toBe(3);
    const rows = await db().selectFrom('leads').select(['contact_urn', 'engagement_score']).where('workspace_id', '=', ws.id).orderBy('contact_urn').execute();
    const expected = [
      scoreOfMass(foldMass(0, later, [{ kind: 'COMMENT', at: START - 1000 }, { kind: 'SHARE', at: START - 5 * 86_400_000 }], later)),
      scoreOfMass(foldMass(0, later, [{ kind: 'LIKE', at: START - 2000 }], later)),
      scoreOfMass(foldMass(0, later, [{ kind: 'COMMENT', at: START - 3000 }], later)),
    ];
    expect(rows.map((r) => Number(r.engagement_score))).toEqual(expected);
    expect(await rescoreLeads(db(), later + 1000, ws.id)).toBe(0); // unchanged scores are not rewritten
    // Folding later events ages the stored mass correctly from its own anchor.
    const last = later + 3 * 86_400_000;
    await fold(db(), ws.id, last, [event(post, people[1]!, 'COMMENT', last - 1000)]);
    const lead = await db().selectFrom('leads').select('engagement_score').where('workspace_id', '=', ws.id).where('contact_urn', '=', 'ACoS2').executeTakeFirstOrThrow();
    expect(Number(lead.engagement_score)).toBe(scoreOfMass(foldMass(0, last, [{ kind: 'LIKE', at: START - 2000 }, { kind: 'COMMENT', at: last - 1000 }], last)));
  });

  it('re-scores a large workspace a slice of leads per statement: every score of every slice as the formula says, no other workspace touched', async () => {
    const [ws, other] = [await server.newWorkspace(), await server.newWorkspace()];
    const n = 2 * RESCORE_SLICE + 7;
    const at = START - 86_400_000;
    // Masses and anchors that differ from lead to lead; stored scores that are all stale.
    const seeds = Array.from({ length: n }, (_, i) => ({
      id: `ld_slice_${i}`, created_at: at, engagement_events_count: 1, engagement_mass: 0.5 + (i % 13), mass_at: at - (i % 5) * 3_600_000, engagement_score: 99,
    }));
    for (const w of [ws, other]) await insertLeads(db(), w.id, seeds);
    const statements: number[] = [];
    const observed = db().withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async ({ result }) => {
        if (result.numAffectedRows !== undefined) statements.push(Number(result.numAffectedRows));
        return result;
      },
    });
    const later = START + 3 * 86_400_000;
    expect(await rescoreLeads(observed, later, ws.id)).toBe(n);
    expect(statements.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...statements)).toBeLessThanOrEqual(RESCORE_SLICE);
    const rows = await db().selectFrom('leads').select(['engagement_mass', 'mass_at', 'engagement_score']).where('workspace_id', '=', ws.id).execute();
    const formula = rows.map((r) => scoreOfMass(Number(r.engagement_mass) * decayFactor(later - Number(r.mass_at))));
    expect(rows.map((r) => Number(r.engagement_score))).toEqual(formula);
    const untouched = await db().selectFrom('leads').select('engagement_score').distinct().where('workspace_id', '=', other.id).execute();
    expect(untouched.map((r) => Number(r.engagement_score))).toEqual([99]);
  });
});
