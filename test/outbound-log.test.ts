// The exactly-once outbound log (src/connections/outbound.ts) in one process, where a crash is a
// call left out: an action recorded and never answered, received by the network or not, is
// settled from findReceived when a worker starts, or sent once its delivery lease lapses, and
// never through a provider it was not recorded for. outbound-crash.test.ts does the same with
// real processes killed; this file is what mutation testing can see.
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DELIVERY_LEASE_MS, performAction, performRecorded, recordAction, retryDueActions, settleReceivedActions, type OutboundAction } from '../src/connections/outbound.js';
import type { NetworkProvider } from '../src/network/provider.js';
import { ManualClock } from '../src/shared/clock.js';
import { newId } from '../src/shared/ids.js';
import { describeEachDialect } from './helpers/dialects.js';
import { addMember, networkWorldOf, sandboxOf } from './helpers/networking-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';
import { StatementCounter } from './helpers/statement-counter.js';

const START = Date.parse('2025-06-02T09:00:00Z');
const silent = pino({ level: 'silent' });

/** The same provider under another name, recording every call made to it (a workspace rebound elsewhere). */
function providerNamed(name: string, inner: NetworkProvider, calls: string[]): NetworkProvider {
  return new Proxy(inner, {
    get(target, property) {
      if (property === 'name') return name;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? (...args: unknown[]) => (calls.push(String(property)), value.apply(target, args)) : value;
    },
  });
}

describeEachDialect('the outbound log in one process', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(START);
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());
  const db = () => server.ctx.database.db;

  async function setup() {
    const ws = await server.newWorkspace();
    const member = await addMember(server, ws.id, { connected: true });
    const network = (await server.ctx.networks.resolve(ws.id))!;
    const invitation = (contactUrn: string): OutboundAction => ({ kind: 'INVITATION', workspaceId: ws.id, teamMemberId: member, contactUrn, key: newId('key'), note: 'Hello' });
    return { ws, member, invitation, deps: { db: db(), clock, network }, retry: { db: db(), clock, networks: server.ctx.networks.resolve } };
  }
  const actionsOf = (workspaceId: string) =>
    db()
      .selectFrom('network_actions')
      .select(['idempotency_key as key', 'status', 'provider_ref', 'attempts', 'sent_at', 'claimed_until', 'next_attempt_at'])
      .where('workspace_id', '=', workspaceId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const invitedUrns = async (workspaceId: string) => (await networkWorldOf(server).received(workspaceId)).invitations.map((i) => i.contactUrn);

  it('settles, when a worker starts, an action the network received whose answer was lost; later, one received meanwhile is settled unsent; one never received waits out its lease, then goes once', async () => {
    clock.set(START);
    const { ws, member, invitation, deps, retry } = await setup();
    const account = { workspaceId: ws.id, teamMemberId: member };
    const lost = invitation('ACoLostAnswer');
    const late = invitation('ACoLateAnswer');
    const unsent = invitation('ACoNeverSent');
    // Recorded in the same millisecond: listed in the order they were recorded.
    const actions = async () => (await actionsOf(ws.id)).sort((a, b) => [lost, late, unsent].findIndex((x) => x.key === a.key) - [lost, late, unsent].findIndex((x) => x.key === b.key));
    expect(await recordAction(db(), deps, lost)).toMatchObject({ id: expect.stringMatching(/^na_[0-9a-z]{20}$/), status: 'PENDING', attempts: 0, claimed_until: START + DELIVERY_LEASE_MS });
    await recordAction(db(), deps, late);
    await recordAction(db(), deps, unsent);
    // The recording request's send reached the network; its process died before the answer.
    const { ref } = await deps.network.sendInvitation(account, lost.contactUrn, 'Hello', lost.key);

    clock.advance(1_000);
    expect(await settleReceivedActions(retry)).toBe(1);
    expect(await actions()).toEqual([
      { key: lost.key, status: 'SENT', provider_ref: ref, attempts: 0, sent_at: START + 1_000, claimed_until: null, next_attempt_at: START },
      { key: late.key, status: 'PENDING', provider_ref: null, attempts: 0, sent_at: null, claimed_until: START + DELIVERY_LEASE_MS, next_attempt_at: START },
      { key: unsent.key, status: 'PENDING', provider_ref: null, attempts: 0, sent_at: null, claimed_until: START + DELIVERY_LEASE_MS, next_attempt_at: START },
    ]);
    // A slow send of the dead process lands after the worker's first look.
    const { ref: lateRef } = await deps.network.sendInvitation(account, late.contactUrn, 'Hello', late.key);
    // The recording process may still be sending: nobody else touches its actions before the lease ends.
    expect(await retryDueActions(retry, silent)).toBe(0);
    clock.advance(DELIVERY_LEASE_MS);
    expect(await retryDueActions(retry, silent)).toBe(2);
    // The one the network had received is settled from findReceived without a send (no attempt).
    expect((await actions()).map((a) => [a.status, a.provider_ref === lateRef, a.attempts, a.claimed_until])).toEqual([['SENT', false, 0, null], ['SENT', true, 0, null], ['SENT', false, 1, null]]);
    expect(await invitedUrns(ws.id)).toEqual(['ACoLostAnswer', 'ACoLateAnswer', 'ACoNeverSent']);
    expect(await settleReceivedActions(retry)).toBe(0);
  });

  it('leaves an action to reconciliation after an unexpected error (not the network\'s word): never FAILED', async () => {
    const { ws, invitation, deps, retry } = await setup();
    const broken: NetworkProvider = new Proxy(deps.network, {
      get: (target, property) => (property === 'sendInvitation' ? async () => { throw new Error('socket hang up'); } : Reflect.get(target, property, target)),
    });
    await expect(performAction({ ...deps, network: broken }, invitation('ACoUnexpected'))).rejects.toThrow('socket hang up');
    expect((await actionsOf(ws.id)).map((a) => [a.status, a.attempts, a.claimed_until])).toEqual([['PENDING', 1, clock.now() + DELIVERY_LEASE_MS]]);
    clock.advance(DELIVERY_LEASE_MS + 1);
    expect(await retryDueActions(retry, silent)).toBe(1);
    expect((await actionsOf(ws.id)).map((a) => [a.status, a.attempts])).toEqual([['SENT', 2]]);
    expect(await invitedUrns(ws.id)).toEqual(['ACoUnexpected']);
  });

  it('never asks a provider the action was not recorded for: rebound or unbound since the log was read, the action is given back untried', async () => {
    const { ws, invitation, deps } = await setup();
    await recordAction(db(), deps, invitation('ACoRebound'));
    clock.advance(DELIVERY_LEASE_MS + 1);
    const calls: string[] = [];
    const elsewhere = providerNamed('elsewhere', deps.network, calls);
    for (const networks of [async () => elsewhere, async () => null]) {
      expect(await settleReceivedActions({ db: db(), clock, networks })).toBe(0);
      expect(await retryDueActions({ db: db(), clock, networks }, silent)).toBe(1);
      expect((await actionsOf(ws.id)).map((a) => [a.status, a.attempts, a.claimed_until])).toEqual([['PENDING', 0, null]]);
    }
    expect(calls).toEqual([]);
    // Its own provider again: delivered.
    expect(await retryDueActions({ db: db(), clock, networks: server.ctx.networks.resolve }, silent)).toBe(1);
    expect(await invitedUrns(ws.id)).toEqual(['ACoRebound']);
  });

  it('performs an action once: repeating it later sends nothing and rewrites nothing', async () => {
    const { ws, invitation, deps } = await setup();
    const action = invitation('ACoTwice');
    await performAction(deps, action);
    const first = await actionsOf(ws.id);
    expect(first.map((a) => [a.status, a.attempts, a.sent_at])).toEqual([['SENT', 1, clock.now()]]);
    clock.advance(60_000);
    await performAction(deps, action);
    expect(await actionsOf(ws.id)).toEqual(first);
    expect(await invitedUrns(ws.id)).toEqual(['ACoTwice']);
  });

  it('delivers an action its caller recorded without reading it back; one recorded before is performed by its key', async () => {
    const { ws, invitation, deps } = await setup();
    const counter = new StatementCounter();
    const counted = { ...deps, db: db().withPlugin(counter) };
    const byKey = await counter.during(() => performAction(counted, invitation('ACoByKey')));
    const recordedHere = invitation('ACoRecordedHere');
    const recorded = await recordAction(counted.db, counted, recordedHere);
    expect(recorded).toBeDefined();
    // performAction records and reads the row back; given the record, only the delivery is left.
    expect(await counter.during(() => performRecorded(counted, recordedHere, recorded))).toBe(byKey - 2);
    // Recorded (and sent) by someone else before: nothing to deliver again.
    await performRecorded(counted, recordedHere, undefined);
    expect((await actionsOf(ws.id)).map((a) => [a.status, a.attempts])).toEqual([['SENT', 1], ['SENT', 1]]);
    expect((await invitedUrns(ws.id)).sort()).toEqual(['ACoByKey', 'ACoRecordedHere']);
  });

  it('logs a retry that fails again and keeps the action for the next one', async () => {
    const { ws, invitation, deps, retry } = await setup();
    await recordAction(db(), deps, invitation('ACoRetried'));
    clock.advance(DELIVERY_LEASE_MS + 1);
    const lines: Array<Record<string, any>> = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    sandboxOf(server).failNext('transient');
    expect(await retryDueActions(retry, logger)).toBe(1);
    const [action] = await db().selectFrom('network_actions').select(['id', 'status', 'attempts', 'next_attempt_at']).where('workspace_id', '=', ws.id).execute();
    expect(action).toEqual({ id: action!.id, status: 'PENDING', attempts: 1, next_attempt_at: clock.now() + 30_000 });
    expect(lines.map((l) => [l.level, l.msg, l.action, l.err?.message])).toEqual([[40, 'network action not delivered yet', action!.id, 'injected transient']]);
    clock.advance(30_000);
    expect(await retryDueActions(retry, logger)).toBe(1);
    expect(await invitedUrns(ws.id)).toEqual(['ACoRetried']);
    expect(lines).toHaveLength(1);
  });
});
