// The sandbox network on its own: deterministic for a seed, driven by the clock, failing on request.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureSandboxSchema } from '../src/network/sandbox/sandbox.schema.js';
import { sandboxDb } from '../src/network/sandbox/sandbox.table.js';
import { connectDb, type DbHandle } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { NetworkError } from '../src/network/provider.js';
import { SandboxNetwork, type SandboxOptions } from '../src/network/sandbox/sandbox.network.js';
import { ManualClock } from '../src/shared/clock.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import { sandboxWorldOf } from './contract/sandbox-world.js';

const START = Date.parse('2025-04-01T12:00:00Z');
const HOUR = 3_600_000;

describeEachDialect('sandbox network', (dialect) => {
  let database: TestDatabase;
  let handle: DbHandle;
  let run = 0;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = connectDb(database.target);
    await migrateToLatest(handle.db);
    await ensureSandboxSchema(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  /** A sandbox on its own account namespace (each test gets a fresh workspace id). */
  async function sandbox(options: Partial<SandboxOptions> = {}) {
    const clock = new ManualClock(START);
    const network = new SandboxNetwork(sandboxDb(handle.db), clock, { acceptDelayMs: 2 * HOUR, ...options });
    const account = { workspaceId: `ws_${run++}`, teamMemberId: 'tm_1' };
    await network.connectAccount(account);
    return { network, clock, account };
  }

  it('decides the same things for the same seed, and different things for another seed', async () => {
    const urns = Array.from({ length: 40 }, (_, i) => `ACoPerson${i}`);
    // Every run sends the same invitations from the same account; the network forgets the
    // previous run first, so each starts from an empty world.
    const account = { workspaceId: 'ws_seed', teamMemberId: 'tm_1' };
    async function outcome(seed: string) {
      for (const table of ['sandbox_invitations', 'sandbox_accounts'] as const) await sandboxDb(handle.db).deleteFrom(table).where('workspace_id', '=', account.workspaceId).execute();
      const clock = new ManualClock(START);
      const network = new SandboxNetwork(sandboxDb(handle.db), clock, { seed, acceptProbability: 0.5, acceptDelayMs: 2 * HOUR });
      await network.connectAccount(account);
      const refs: string[] = [];
      for (const urn of urns) refs.push((await network.sendInvitation(account, urn, null, `k:${urn}`)).ref);
      clock.advance(2 * HOUR);
      const states = [];
      for (const urn of urns) states.push(await network.connectionState(account, urn));
      const profile = await network.findProfile({ username: 'ada-ng' });
      const posts = await network.listContactPosts('ACoPerson1', START - 30 * 24 * HOUR);
      const memberPosts = await network.listMemberPosts(account, START - 30 * 24 * HOUR);
      const engagement = await Promise.all(memberPosts.map((p) => network.listPostEngagement(account, p.id)));
      return { refs, accepted: states.map((s) => s === 'CONNECTED'), profile, posts, memberPosts, engagement };
    }
    const a = await outcome('alpha');
    const b = await outcome('alpha');
    const c = await outcome('beta');
    expect(b).toEqual(a);
    expect(a.refs.every((r) => r.startsWith('sbx_inv_'))).toBe(true);
    expect(a.posts.length).toBeGreaterThan(0);
    expect(a.engagement.flat().length).toBeGreaterThan(0);
    // Another seed: other refs, other people accepting, another person behind the username.
    expect(c.refs.filter((r) => a.refs.includes(r))).toEqual([]);
    expect(c.accepted).not.toEqual(a.accepted);
    expect(c.profile.urn).not.toBe(a.profile.urn);
    const share = a.accepted.filter(Boolean).length / urns.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.8);
  });

  it('accepts exactly the invitations its seeded rule picks, once the clock passes the delay', async () => {
    const { network, clock, account } = await sandbox({ acceptProbability: 0.5 });
    const urns = Array.from({ length: 20 }, (_, i) => `ACoLead${i}`);
    for (const urn of urns) await network.sendInvitation(account, urn, 'hi', `inv:${account.workspaceId}:${urn}`);
    const picks = urns.map((urn) => network.fraction('accept', account.workspaceId, account.teamMemberId, urn) < 0.5);
    expect(picks.some(Boolean) && !picks.every(Boolean)).toBe(true);
    clock.advance(2 * HOUR - 1);
    for (const urn of urns) expect(await network.connectionState(account, urn)).toBe('PENDING');
    expect(await network.listPendingInvitations(account)).toHaveLength(20);
    clock.advance(1);
    for (const [i, urn] of urns.entries()) expect(await network.connectionState(account, urn)).toBe(picks[i] ? 'CONNECTED' : 'PENDING');
    expect((await network.listPendingInvitations(account)).map((p) => p.contactUrn).sort()).toEqual(urns.filter((_, i) => !picks[i]).sort());
    expect(await network.connectionState(account, 'ACoStranger')).toBe('NONE');
  });

  it('never receives the same key twice and tells reconciliation what it received', async () => {
    const { network, clock, account } = await sandbox();
    expect(await network.findReceived('msg-1')).toBeNull();
    const first = await network.sendMessage(account, 'ACoX', 'hello', 'msg-1');
    const second = await network.sendMessage(account, 'ACoX', 'hello', 'msg-1');
    expect(second).toEqual(first);
    expect(await network.findReceived('msg-1')).toEqual(first);
    const { messages } = await sandboxWorldOf(network, handle.db, clock).received(account.workspaceId);
    expect(messages).toEqual([{ ref: first.ref, teamMemberId: 'tm_1', contactUrn: 'ACoX', text: 'hello', sentAt: START }]);
  });

  it('withdraws invitations, enforces the daily limit and fails on request', async () => {
    const { network, clock, account } = await sandbox({ dailyInvitationLimit: 3, acceptProbability: 0 });
    const sent = [];
    for (let i = 0; i < 3; i++) sent.push(await network.sendInvitation(account, `ACoL${i}`, null, `lim:${account.workspaceId}:${i}`));
    await expect(network.sendInvitation(account, 'ACoL3', null, `lim:${account.workspaceId}:3`)).rejects.toMatchObject({ kind: 'limit_reached' });
    await network.withdrawInvitation(account, sent[0]!.ref);
    expect(await network.connectionState(account, 'ACoL0')).toBe('NONE');
    await expect(network.withdrawInvitation(account, sent[0]!.ref)).rejects.toMatchObject({ kind: 'not_found' });
    clock.advance(24 * HOUR);
    await network.sendInvitation(account, 'ACoL3', null, `lim:${account.workspaceId}:3`);

    network.failNext('transient');
    network.failNext('account_disconnected');
    const transient = await network.sendMessage(account, 'ACoL1', 'x', `f:${account.workspaceId}:1`).catch((e) => e);
    expect(transient).toBeInstanceOf(NetworkError);
    expect([transient.kind, transient.mayHaveActed]).toEqual(['transient', true]);
    await expect(network.sendMessage(account, 'ACoL1', 'x', `f:${account.workspaceId}:1`)).rejects.toMatchObject({ kind: 'account_disconnected' });
    expect(await network.findReceived(`f:${account.workspaceId}:1`)).toBeNull();
    await network.sendMessage(account, 'ACoL1', 'x', `f:${account.workspaceId}:1`);
    await network.disconnectAccount(account);
    await expect(network.connectionState(account, 'ACoL1')).rejects.toMatchObject({ kind: 'account_disconnected' });
    await expect(network.findProfile({ urn: 'not-an-urn' })).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('derives posts and engagement from the seed and the clock window', async () => {
    const { network } = await sandbox();
    // A fixed account (its posts and their engagement follow from its ids), whatever ran before.
    const account = { workspaceId: 'ws_posts', teamMemberId: 'tm_1' };
    const since = START - 60 * 24 * HOUR;
    const posts = await network.listMemberPosts(account, since);
    expect(posts.length).toBeGreaterThan(3);
    expect(posts.length).toBeLessThanOrEqual(20);
    for (const p of posts) expect(p.publishedAt >= since && p.publishedAt <= START).toBe(true);
    expect(posts.map((p) => p.publishedAt)).toEqual([...posts.map((p) => p.publishedAt)].sort((a, b) => b - a));
    let events = 0;
    for (const post of posts) {
      const engagement = await network.listPostEngagement(account, post.id);
      expect(await network.listPostEngagement(account, post.id)).toEqual(engagement);
      for (const e of engagement) expect(e.at).toBeGreaterThan(post.publishedAt);
      events += engagement.length;
    }
    expect(events).toBeGreaterThan(0);
  });
});
