// The worker loop and its first task: outbound actions left unconfirmed by a transient failure
// (or a crash) are retried when due, exactly once, by exactly one worker.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWorker } from '../src/engine/worker-tasks.js';
import { Worker } from '../src/engine/worker.js';
import { createLogger } from '../src/context.js';
import { ManualClock } from '../src/shared/clock.js';
import { dbArgOf, describeEachDialect } from './helpers/dialects.js';
import { addContact, receivedFrom, sandboxOf } from './helpers/networking-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';
import { bindWorkspace } from './helpers/bindings.js';
import { unbind } from '../src/operator/bindings.operator.js';
import { bindingDeps } from '../src/cli/network.commands.js';

const SEND = '/v2/networking/connections/send';

describeEachDialect('worker: retries of unconfirmed outbound actions', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(Date.parse('2025-06-01T09:00:00Z'));
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());

  const db = () => server.ctx.database.db;

  async function failedSends(count: number) {
    const ws = await server.newWorkspace(undefined, { members: 1, connected: true });
    const member = ws.members[0];
    const urns: string[] = [];
    for (let i = 0; i < count; i++) {
      const urn = await addContact(server, ws.id);
      urns.push(urn);
      sandboxOf(server).failNext('transient');
      const res = await ws.client.post(SEND, { json: { team_member_id: member, contact_urn: urn } });
      expect(res.status).toBe(503);
    }
    return { ws, member, urns };
  }

  const invitationsOf = async (member: string) => (await receivedFrom(server, member)).invitations;
  const actionsOf = (workspaceId: string) => db().selectFrom('network_actions').selectAll().where('workspace_id', '=', workspaceId).execute();

  it('after an unbind, an unconfirmed action stays in the log untried; it is never delivered through another provider', async () => {
    const { ws, member } = await failedSends(1);
    const worker = createWorker(server.ctx);
    await bindWorkspace(server.ctx, ws.id, { network: 'none', enrichment: 'none' });
    await unbind(bindingDeps(server.ctx), ws.id, 'network');
    clock.advance(31_000);
    await worker.drain();
    const untried = await actionsOf(ws.id);
    expect(untried.map((a) => [a.status, a.attempts, a.provider])).toEqual([['PENDING', 1, 'sandbox']]);
    // Recorded for another provider than the one the workspace is bound to now: still untried.
    await db().updateTable('network_actions').set({ provider: 'elsewhere' }).where('workspace_id', '=', ws.id).execute();
    await bindWorkspace(server.ctx, ws.id, { enrichment: 'none' });
    clock.advance(31_000);
    await worker.drain();
    expect((await actionsOf(ws.id)).map((a) => [a.status, a.attempts])).toEqual([['PENDING', 1]]);
    expect(await invitationsOf(member)).toHaveLength(0);
    // Its own provider bound again: delivered.
    await db().updateTable('network_actions').set({ provider: 'sandbox' }).where('workspace_id', '=', ws.id).execute();
    clock.advance(31_000);
    await worker.drain();
    expect((await actionsOf(ws.id)).map((a) => a.status)).toEqual(['SENT']);
    expect(await invitationsOf(member)).toHaveLength(1);
  });

  it('delivers a transiently failed invitation once it is due, and only once', async () => {
    const { ws, member, urns } = await failedSends(1);
    const worker = createWorker(server.ctx);
    await worker.drain();
    expect(await invitationsOf(member)).toHaveLength(0); // not due yet: it backs off 30 s
    clock.advance(31_000);
    expect(await worker.drain()).toBeGreaterThan(0);
    expect((await invitationsOf(member)).map((i) => i.contactUrn)).toEqual(urns);
    const [action] = await actionsOf(ws.id);
    expect([action.status, action.attempts, action.claimed_until]).toEqual(['SENT', 2, null]);
    // Only once: an hour of rounds later the action is still SENT after two attempts and the
    // network holds one invitation. (Other engines may have work meanwhile: the workspaces are
    // bound to the sandbox with activity, so an hour's member syncs can bring new engagement, hence
    // new leads to enrich, depending on the random ids the simulation is seeded with.)
    clock.advance(3_600_000);
    await worker.drain();
    expect((await actionsOf(ws.id)).map((a) => [a.status, a.attempts])).toEqual([['SENT', 2]]);
    expect(await invitationsOf(member)).toHaveLength(1);
  });

  it('backs off again when the retry fails transiently too', async () => {
    const { ws, member } = await failedSends(1);
    const worker = createWorker(server.ctx);
    clock.advance(31_000);
    sandboxOf(server).failNext('transient');
    await worker.drain();
    expect(await invitationsOf(member)).toHaveLength(0);
    const [action] = await actionsOf(ws.id);
    expect(action.status).toBe('PENDING');
    expect(action.next_attempt_at).toBe(clock.now() + 60_000); // second retry waits twice as long
    clock.advance(61_000);
    await worker.drain();
    expect(await invitationsOf(member)).toHaveLength(1);
  });

  it('lets two workers, each in its own process, drain the same actions with no action attempted twice', async () => {
    const { ws, member, urns } = await failedSends(12);
    clock.advance(31_000);
    const { dataDir, db: target } = server.config;
    const flags = { dataDir, db: dbArgOf(target) };
    const other = fork(fileURLToPath(new URL('./helpers/drain-process.ts', import.meta.url)), [JSON.stringify(flags), String(clock.now())], { execArgv: ['--import', 'tsx'] });
    const said = (word: string) => new Promise<void>((resolve) => other.on('message', (m) => m === word && resolve()));
    await said('ready');
    const drained = said('drained');
    other.send('drain');
    await Promise.all([createWorker(server.ctx).drain(), drained]);
    const actions = await actionsOf(ws.id);
    expect(actions.map((x) => [x.status, x.attempts])).toEqual(urns.map(() => ['SENT', 2]));
    expect((await invitationsOf(member)).map((i) => i.contactUrn).sort()).toEqual([...urns].sort());
  });

  it('stops after the step in hand', async () => {
    let steps = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const worker = new Worker([{ name: 'slow', step: async () => { steps++; await gate; return true; } }], createLogger('silent'), { idleMs: 10 });
    worker.start();
    await new Promise((r) => setTimeout(r, 20));
    const stopped = worker.stop();
    release();
    await stopped;
    expect(steps).toBe(1);
  });
});
