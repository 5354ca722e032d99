// Engines act only for bound workspaces, simulated activity only where it was asked for, and an
// unbind takes effect from the next worker round: outreach sends nothing more (what was recorded stays), and a workspace bound to no enrichment
// vendor keeps its waiting leads and its credits while it is unbound.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bindingDeps } from '../src/cli/network.commands.js';
import { createWorker } from '../src/engine/worker-tasks.js';
import { DEFAULT_SYNC_SCHEDULE } from '../src/ingestion/sync-schedule.js';
import { setLimits } from '../src/outreach/limits.js';
import { ManualClock } from '../src/shared/clock.js';
import { unbind } from '../src/operator/bindings.operator.js';
import { grantCredits } from '../src/workspace/workspace.service.js';
import { bindWorkspace } from './helpers/bindings.js';
import { describeEachDialect } from './helpers/dialects.js';
import { event, fold, person, postOf } from './helpers/ingestion-fixtures.js';
import { networkWorldOf } from './helpers/networking-fixtures.js';
import { CAMPAIGN_ENGINES, MONDAY_0800_UTC, outreachWorld, runUntil } from './helpers/outreach-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeEachDialect('engines and unbinding', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(MONDAY_0800_UTC);
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());
  const db = () => server.ctx.database.db;

  it('outreach sends nothing for a workspace from the round after its network is unbound; recorded actions stay', async () => {
    clock.set(MONDAY_0800_UTC);
    const { ws, campaignId } = await outreachWorld(server, { senders: 1, contacts: 8, urnPrefix: 'Unb' });
    const invitations = async () => (await networkWorldOf(server).received(ws.id)).invitations.length;
    const actions = () => db().selectFrom('network_actions').select(['id', 'status', 'attempts', 'provider']).where('workspace_id', '=', ws.id).orderBy('id').execute();
    const contacts = () => db().selectFrom('campaign_contacts').selectAll().where('workspace_id', '=', ws.id).where('campaign_id', '=', campaignId).orderBy('id').execute();
    const worker = createWorker(server.ctx, CAMPAIGN_ENGINES);
    // Bound: the sender invites up to its daily cap, so every working day leaves work for the next.
    await setLimits(db(), clock, ws.id, { dailyInvitations: 2 });
    await runUntil(server, clock, MONDAY_0800_UTC + 12 * HOUR);
    const sent = await invitations();
    expect(sent).toBe(2);

    const recorded = await actions();
    const before = await contacts();
    await unbind(bindingDeps(server.ctx), ws.id, 'network');
    for (let round = 0; round < 5; round++) {
      clock.advance(DAY);
      await worker.round();
    }
    expect(await invitations()).toBe(sent);
    expect(await actions()).toEqual(recorded);
    expect(await contacts()).toEqual(before);

    // Bound again: the same campaign goes on (the checks above were not vacuous).
    await bindWorkspace(server.ctx, ws.id, { activity: false, enrichment: 'none' });
    clock.set(Date.parse('2025-06-09T08:00:00Z'));
    await runUntil(server, clock, Date.parse('2025-06-09T12:00:00Z'));
    expect(await invitations()).toBeGreaterThan(sent);
  });

  it('simulated activity (posts, engagement, hence leads) reaches only a workspace bound with --activity', async () => {
    const quiet = await server.newWorkspace(undefined, { activity: false, members: 1, connected: true });
    const lively = await server.newWorkspace(undefined, { activity: true, members: 1, connected: true });
    const worker = createWorker(server.ctx, ['ingestion']);
    for (let round = 0; round < 3; round++) {
      clock.advance(DEFAULT_SYNC_SCHEDULE.intervalMs);
      await worker.drain();
    }
    const count = async (table: 'posts' | 'leads', ws: string) =>
      Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('workspace_id', '=', ws).executeTakeFirstOrThrow()).n);
    const synced = await db().selectFrom('member_syncs').select('team_member_id').where('last_synced_at', 'is not', null).where('team_member_id', 'in', [quiet.members[0], lively.members[0]]).execute();
    expect(synced).toHaveLength(2); // both were synced
    expect([await count('posts', quiet.id), await count('leads', quiet.id)]).toEqual([0, 0]);
    expect(await count('posts', lively.id)).toBeGreaterThan(0);
    expect(await count('leads', lively.id)).toBeGreaterThan(0);
  });

  it('a workspace bound to no enrichment vendor keeps its waiting leads and its credits; bound, they are enriched; unbound, no longer', async () => {
    const ws = await server.newWorkspace(undefined, { network: 'none', enrichment: 'none', members: 1 });
    const member = ws.members[0];
    await fold(db(), ws.id, clock.now(), Array.from({ length: 10 }, (_, i) => event(postOf(member), person(`ACoWait${i}`), 'LIKE', clock.now() - 1000)));
    await grantCredits(db(), clock, ws.id, 20, 'test');
    const state = async () => ({
      leads: await db().selectFrom('leads').select(['id', 'enrichment_status', 'contact_email', 'updated_at']).where('workspace_id', '=', ws.id).orderBy('id').execute(),
      balance: (await ws.client.get('/v2/workspace/credits')).body.current_balance,
    });
    const before = await state();
    expect(new Set(before.leads.map((l) => l.enrichment_status))).toEqual(new Set(['PENDING']));
    const worker = createWorker(server.ctx, ['ingestion']);
    for (let round = 0; round < 3; round++) {
      clock.advance(HOUR);
      await worker.round();
    }
    expect(await state()).toEqual(before);

    await bindWorkspace(server.ctx, ws.id, { network: 'none', enrichment: 'sandbox' });
    await worker.drain();
    const after = await state();
    expect(after.leads.some((l) => l.enrichment_status === 'PENDING')).toBe(false);
    expect(after.balance).toBe(20 - after.leads.filter((l) => l.contact_email !== null).length);

    // Unbound again: leads that arrive afterwards wait, and no credit is spent on them.
    await unbind(bindingDeps(server.ctx), ws.id, 'enrichment');
    await fold(db(), ws.id, clock.now(), Array.from({ length: 10 }, (_, i) => event(postOf(member), person(`ACoLate${i}`), 'LIKE', clock.now() - 1000)));
    const unbound = await state();
    for (let round = 0; round < 3; round++) {
      clock.advance(HOUR);
      await worker.round();
    }
    expect(await state()).toEqual(unbound);
    expect(unbound.leads.filter((l) => l.enrichment_status === 'PENDING')).toHaveLength(10);
  });
});
