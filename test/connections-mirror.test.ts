// The connections table mirrors the provider: written when outreach sees an invitation accepted
// or withdraws one, and by the member syncs (invitations pending on the network, and what became
// of those the mirror holds as pending). Sends and the answers of a workspace at none are in
// network-adoption.test.ts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWorker } from '../src/engine/worker-tasks.js';
import { DEFAULT_SYNC_SCHEDULE } from '../src/ingestion/sync-schedule.js';
import { setLimits } from '../src/outreach/limits.js';
import { ManualClock } from '../src/shared/clock.js';
import { describeEachDialect } from './helpers/dialects.js';
import { addContact, sandboxOf } from './helpers/networking-fixtures.js';
import { MONDAY_0800_UTC, outreachWorld, runUntil } from './helpers/outreach-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeEachDialect('the connections mirror', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(MONDAY_0800_UTC);
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());
  const db = () => server.ctx.database.db;
  const mirror = async (ws: string) =>
    (await db().selectFrom('connections').select(['contact_urn', 'state', 'since']).where('workspace_id', '=', ws).orderBy('contact_urn').execute()).map((r) => ({ ...r, since: r.since === null ? null : Number(r.since) }));
  const pick = (account: { workspaceId: string; teamMemberId: string }, prefix: string, accepting: boolean) =>
    Array.from({ length: 200 }, (_, i) => `ACo${prefix}${i}`).find((urn) => sandboxOf(server).accepts(account, urn) === accepting)!;

  it('outreach mirrors an acceptance as CONNECTED and removes a withdrawn invitation', async () => {
    clock.set(MONDAY_0800_UTC);
    const { ws, senders, campaignId } = await outreachWorld(server, { senders: 1, contacts: 0 });
    const account = { workspaceId: ws.id, teamMemberId: senders[0] };
    const [yes, no] = [pick(account, 'MirYes', true), pick(account, 'MirNo', false)];
    await setLimits(db(), clock, ws.id, { withdrawAfterDays: 1 });
    const profiles = [yes, no].map((urn) => ({ username: `p-${urn}`, network_urn: urn }));
    expect((await ws.client.put(`/v2/networking/campaigns/${campaignId}`, { json: { profiles } })).status).toBe(200);

    await runUntil(server, clock, MONDAY_0800_UTC + 12 * HOUR);
    const seen = await mirror(ws.id);
    expect(seen.map((r) => [r.contact_urn, r.state]).sort()).toEqual([[no, 'PENDING'], [yes, 'CONNECTED']].sort());

    await runUntil(server, clock, MONDAY_0800_UTC + 3 * DAY);
    expect((await mirror(ws.id)).map((r) => [r.contact_urn, r.state])).toEqual([[yes, 'CONNECTED']]);
    const withdrawn = await db().selectFrom('campaign_contacts').select('status').where('workspace_id', '=', ws.id).where('network_urn', '=', no).executeTakeFirstOrThrow();
    expect(withdrawn.status).toBe('WITHDRAWN');
  });

  it('a member sync mirrors invitations pending on the network, their acceptance and their withdrawal', async () => {
    clock.set(MONDAY_0800_UTC);
    const ws = await server.newWorkspace(undefined, { activity: false, enrichment: 'none', members: 1, connected: true });
    const account = { workspaceId: ws.id, teamMemberId: ws.members[0] };
    const [accepting, declining] = [pick(account, 'SyncYes', true), pick(account, 'SyncNo', false)];
    for (const urn of [accepting, declining]) await addContact(server, ws.id, urn);
    // Sent on the network itself (another tool, the provider's own app): the service learns of them by syncing.
    const sentAt = clock.now();
    const sent = [];
    for (const urn of [accepting, declining]) sent.push(await sandboxOf(server).sendInvitation(account, urn, null, `elsewhere:${urn}`));
    expect(await mirror(ws.id)).toEqual([]);

    const worker = createWorker(server.ctx, ['ingestion']);
    clock.advance(DEFAULT_SYNC_SCHEDULE.intervalMs);
    await worker.drain();
    expect(await mirror(ws.id)).toEqual([accepting, declining].map((urn) => ({ contact_urn: urn, state: 'PENDING', since: sentAt })).sort((a, b) => (a.contact_urn < b.contact_urn ? -1 : 1)));

    // Accepted on the network (after the sandbox's delay), and the other withdrawn there.
    clock.advance(6 * HOUR);
    await sandboxOf(server).withdrawInvitation(account, sent[1]!.ref);
    clock.advance(DEFAULT_SYNC_SCHEDULE.intervalMs);
    await worker.drain();
    expect((await mirror(ws.id)).map((r) => [r.contact_urn, r.state])).toEqual([[accepting, 'CONNECTED']]);
  });
});
