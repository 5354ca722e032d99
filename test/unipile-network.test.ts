// The Unipile provider against the local fake Unipile (HTTPS on 127.0.0.1): every operation,
// the error table, pacing, and exactly-once sends checked in the fake's own state.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NetworkError } from '../src/network/provider.js';
import { MemoryLedger } from '../src/network/unipile/unipile.ledger.js';
import { urnOf } from '../src/network/unipile/unipile.mapping.js';
import type { BudgetOptions } from '../src/network/unipile/unipile.budget.js';
import { UnipileNetwork, type AccountDirectory, type UnipileOptions } from '../src/network/unipile/unipile.network.js';
import type { Clock } from '../src/shared/clock.js';
import { unipileStores } from './helpers/unipile-stores.js';
import { FakeUnipile, startFakeUnipile, type FakeAccount, type FakePerson } from './helpers/fake-unipile/fake-unipile.js';

class TestClock implements Clock {
  constructor(public t: number) {}
  now() {
    return this.t;
  }
}

let fake: FakeUnipile;
let account: FakeAccount;
let ada: FakePerson;
let clock: TestClock;
let ledger: MemoryLedger;
const member = { workspaceId: 'ws_1', teamMemberId: 'tm_1' };
const links = new Map<string, string>();

const directory: AccountDirectory = {
  accountIdOf: async (a) => links.get(a.teamMemberId) ?? null,
  lookupAccountId: async () => links.get('tm_1') ?? null,
  memberOf: async (id) => [...links].find(([, acc]) => acc === id)?.[0] ?? null,
};
const opened: (() => Promise<void>)[] = [];

/** The provider over a fresh database of its own (budgets, relations); `budget`: its account budget. */
async function network(options: Partial<UnipileOptions> = {}, budget: Partial<BudgetOptions> = { actSpacingMinMs: 0, actSpacingMaxMs: 0 }, random?: () => number) {
  const stored = await unipileStores('ws_1', clock, directory, ledger, budget, random);
  opened.push(stored.close);
  return new UnipileNetwork(stored.stores, clock, { dsn: fake.url, token: fake.token, ca: fake.ca, timeoutMs: 2_000, ...options });
}

async function kindOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof NetworkError) return err.kind;
    throw err;
  }
}

beforeAll(async () => {
  fake = await startFakeUnipile();
});
afterAll(async () => {
  await fake.close();
});
afterEach(async () => {
  expect(fake.drift).toEqual([]);
  for (const close of opened.splice(0)) await close();
});
beforeEach(() => {
  account = fake.addAccount('Sam', 'Seller');
  ada = fake.addPerson('Ada', 'Lovelace');
  links.set('tm_1', account.id);
  clock = new TestClock(fake.now);
  ledger = new MemoryLedger();
});

describe('UnipileNetwork: reads', () => {
  it('looks a profile up by urn and by handle, and knows the account’s own urn', async () => {
    const net = await network();
    const byUrn = await net.findProfile({ urn: urnOf(ada.providerId) });
    expect(byUrn).toMatchObject({ urn: urnOf(ada.providerId), username: ada.publicId, first_name: 'Ada', last_name: 'Lovelace', headline: 'Head of Sales', job_title: 'Head of Sales' });
    expect((await net.findProfile({ username: ada.publicId })).urn).toBe(byUrn.urn);
    expect(await net.findAccountUrn(member)).toBe(urnOf(account.owner.providerId));
    expect(await kindOf(net.findProfile({ username: 'nobody-here' }))).toBe('not_found');
  });

  it('reads connection states from Unipile: NONE, PENDING after an invitation, CONNECTED after acceptance', async () => {
    const net = await network();
    const urn = urnOf(ada.providerId);
    expect(await net.connectionState(member, urn)).toBe('NONE');
    await net.sendInvitation(member, urn, 'Hello Ada', 'k-state');
    expect(await net.connectionState(member, urn)).toBe('PENDING');
    fake.accept(account.id, ada.providerId);
    expect(await net.connectionStates('ws_1', ['tm_1', 'tm_unlinked'], urn)).toEqual(['CONNECTED', null]);
  });

  it('lists the member’s posts since a time, and turns comments and reactions into engagement', async () => {
    const net = await network();
    const old = fake.addPost(account.owner, 'an old post', fake.now - 10 * 86_400_000);
    const post = fake.addPost(account.owner, 'a fresh post');
    const bob = fake.addPerson('Bob', 'Builder');
    fake.comment(post, ada, 'Great point');
    fake.react(post, bob);
    fake.comment(old, bob, 'late comment');
    const posts = await net.listMemberPosts(member, fake.now - 86_400_000);
    expect(posts.map((p) => p.content)).toEqual(['a fresh post']);
    expect(posts[0]).toMatchObject({ id: post.socialId, authorUrn: urnOf(account.owner.providerId), likes: 1, comments: 1, type: 'SHARE' });
    const engagement = await net.listPostEngagement(member, post.socialId);
    expect(engagement.map((e) => [e.kind, e.contactUrn])).toEqual(
      expect.arrayContaining([['COMMENT', urnOf(ada.providerId)], ['LIKE', urnOf(bob.providerId)]]),
    );
    expect(engagement).toHaveLength(2);
    // the same events keep their ids
    expect((await net.listPostEngagement(member, post.socialId)).map((e) => e.id).sort()).toEqual(engagement.map((e) => e.id).sort());
    fake.addPost(ada, 'what Ada wrote');
    expect((await net.listContactPosts(urnOf(ada.providerId), 0)).map((p) => p.content)).toEqual(['what Ada wrote']);
  });
});

describe('UnipileNetwork: sends', () => {
  it('sends an invitation with its note, lists it as pending, and withdraws it', async () => {
    const net = await network();
    const sent = await net.sendInvitation(member, urnOf(ada.providerId), 'Hello Ada', 'k-inv');
    expect(fake.invitations.filter((i) => i.to === ada.providerId)).toEqual([expect.objectContaining({ id: sent.ref, note: 'Hello Ada' })]);
    const pending = await net.listPendingInvitations(member);
    expect(pending).toEqual([expect.objectContaining({ ref: sent.ref, contactUrn: urnOf(ada.providerId) })]);
    await net.withdrawInvitation(member, sent.ref);
    expect(fake.pending().filter((i) => i.accountId === account.id)).toEqual([]);
    expect(await kindOf(net.withdrawInvitation(member, sent.ref))).toBe('not_found');
  });

  it('the same key never sends a second invitation or message', async () => {
    const net = await network();
    const urn = urnOf(ada.providerId);
    const a = await net.sendInvitation(member, urn, null, 'k-1');
    expect(await net.sendInvitation(member, urn, null, 'k-1')).toEqual(a);
    expect(await net.findReceived('k-1')).toEqual(a);
    fake.accept(account.id, ada.providerId);
    const m = await net.sendMessage(member, urn, 'Thanks for connecting', 'k-2');
    expect(await net.sendMessage(member, urn, 'Thanks for connecting', 'k-2')).toEqual(m);
    expect(fake.messagesTo(account.id, ada.providerId).map((x) => x.text)).toEqual(['Thanks for connecting']);
    expect(await net.findReceived('never-used')).toBeNull();
  });

  it('starts a chat the first time and writes into the same chat afterwards', async () => {
    const net = await network();
    const urn = urnOf(ada.providerId);
    fake.connect(account.id, ada.providerId);
    await net.sendMessage(member, urn, 'first', 'm-1');
    fake.reply(account.id, ada.providerId, 'hi back');
    await net.sendMessage(member, urn, 'second', 'm-2');
    expect(fake.chats.filter((c) => c.accountId === account.id)).toHaveLength(1);
    expect(fake.messagesTo(account.id, ada.providerId).map((x) => x.text)).toEqual(['first', 'second']);
  });

  it('an invitation whose answer was lost is found at Unipile, not sent again', async () => {
    const net = await network();
    const urn = urnOf(ada.providerId);
    fake.fail(/^POST \/api\/v1\/users\/invite$/, { actThenReset: true });
    const err = await net.sendInvitation(member, urn, 'Hello', 'k-lost').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).mayHaveActed).toBe(true);
    const found = await net.findReceived('k-lost');
    expect(found?.ref).toBe(fake.invitations.find((i) => i.to === ada.providerId)?.id);
    expect(await net.sendInvitation(member, urn, 'Hello', 'k-lost')).toEqual(found);
    expect(fake.invitations.filter((i) => i.to === ada.providerId)).toHaveLength(1);
    // the retry itself looks first, without a findReceived before it
    const bob = fake.addPerson('Bob', 'Builder');
    fake.fail(/^POST \/api\/v1\/users\/invite$/, { actThenReset: true });
    expect(await kindOf(net.sendInvitation(member, urnOf(bob.providerId), null, 'k-lost-2'))).toBe('transient');
    const retried = await net.sendInvitation(member, urnOf(bob.providerId), null, 'k-lost-2');
    expect(fake.invitations.filter((i) => i.to === bob.providerId).map((i) => i.id)).toEqual([retried.ref]);
  });

  it('a message whose answer was lost is found in the chat, and a retry sends nothing more', async () => {
    const net = await network({ timeoutMs: 300 });
    const urn = urnOf(ada.providerId);
    fake.connect(account.id, ada.providerId);
    await net.sendMessage(member, urn, 'hello', 'm-a');
    fake.fail(/^POST \/api\/v1\/chats\/[^/]+\/messages$/, { actThenReset: true });
    expect(await kindOf(net.sendMessage(member, urn, 'a follow-up', 'm-b'))).toBe('transient');
    const retried = await net.sendMessage(member, urn, 'a follow-up', 'm-b');
    expect(retried.ref).toBe(fake.messages.find((m) => m.text === 'a follow-up')?.id);
    expect(fake.messagesTo(account.id, ada.providerId).map((x) => x.text)).toEqual(['hello', 'a follow-up']);
  });

  it('a send that never reached Unipile is sent on retry, once', async () => {
    const net = await network();
    const urn = urnOf(ada.providerId);
    fake.fail(/^POST \/api\/v1\/users\/invite$/, { status: 500, type: 'errors/provider_error' });
    expect(await kindOf(net.sendInvitation(member, urn, null, 'k-500'))).toBe('transient');
    expect(await net.findReceived('k-500')).toBeNull();
    await net.sendInvitation(member, urn, null, 'k-500');
    expect(fake.invitations.filter((i) => i.to === ada.providerId)).toHaveLength(1);
  });
});

describe('UnipileNetwork: replies by polling', () => {
  it('lists what contacts wrote after a time, oldest first, never the account’s own messages', async () => {
    const net = await network();
    const bob = fake.addPerson('Bob', 'Builder');
    fake.connect(account.id, ada.providerId);
    await net.sendMessage(member, urnOf(ada.providerId), 'hello Ada', 'r-1');
    fake.reply(account.id, ada.providerId, 'an old answer');
    const since = fake.now;
    fake.reply(account.id, bob.providerId, 'Bob here');
    fake.reply(account.id, ada.providerId, 'Ada again');
    const replies = await net.listReplies(member, since);
    expect(replies.map((r) => [r.contactUrn, r.text])).toEqual([[urnOf(bob.providerId), 'Bob here'], [urnOf(ada.providerId), 'Ada again']]);
  });
});

describe('UnipileNetwork: failures map to the provider’s error kinds', () => {
  it('401, 403, 422 (already invited), 429 with Retry-After, 500 and a hanging call', async () => {
    const urn = urnOf(ada.providerId);
    const net = await network({ timeoutMs: 300 });
    fake.fail(/users\/me/, { status: 401, type: 'errors/invalid_credentials' });
    expect(await kindOf(net.findAccountUrn(member))).toBe('account_disconnected');
    fake.fail(/^GET \/api\/v1\/users\//, { status: 403, type: 'errors/insufficient_privileges' });
    expect(await kindOf(net.findProfile({ urn }))).toBe('account_restricted');
    await net.sendInvitation(member, urn, null, 'first');
    expect(await kindOf(net.sendInvitation(member, urn, null, 'second'))).toBe('limit_reached');
    fake.fail(/^GET \/api\/v1\/users\/invite\/sent/, { status: 429, retryAfterSeconds: 120 });
    const limited = await net.listPendingInvitations(member).catch((e: unknown) => e as NetworkError);
    expect(limited).toMatchObject({ kind: 'transient', retryAfterMs: 120_000 });
    // Unipile's Retry-After is honoured: until it has passed, nothing of this account reaches Unipile.
    const calls = fake.calls.length;
    clock.t += 60_000;
    expect(await net.listPendingInvitations(member).catch((e: unknown) => e as NetworkError)).toMatchObject({ kind: 'transient', retryAfterMs: 60_000 });
    expect(fake.calls.length).toBe(calls);
    clock.t += 60_000;
    fake.fail(/^GET \/api\/v1\/chats$/, { status: 500, type: 'errors/provider_error' });
    expect(await kindOf(net.sendMessage(member, urn, 'x', 'm-x'))).toBe('transient');
    fake.fail(/^GET \/api\/v1\/users\//, { hang: true });
    expect(await kindOf(net.findProfile({ urn }))).toBe('transient');
  });

  it('a disconnected account, an unlinked member and a wrong token', async () => {
    const urn = urnOf(ada.providerId);
    account.status = 'DISCONNECTED';
    expect(await kindOf((await network()).connectionState(member, urn))).toBe('account_disconnected');
    expect(await kindOf((await network()).sendMessage({ workspaceId: 'ws_1', teamMemberId: 'tm_nobody' }, urn, 'x', 'k'))).toBe('account_disconnected');
    account.status = 'OK';
    expect(await kindOf((await network({ token: 'wrong' })).checkAccount(account.id))).toBe('account_disconnected');
    expect(await (await network()).checkAccount(account.id)).toBe(urnOf(account.owner.providerId));
  });
});

describe('UnipileNetwork: pacing per account', () => {
  it('spaces acting calls by a random pause drawn from the injected source, and caps daily profile look-ups', async () => {
    const net = await network({}, { actSpacingMinMs: 40_000, actSpacingMaxMs: 80_000, dailyProfileLookups: 2 }, () => 0.5);
    const bob = fake.addPerson('Bob', 'Builder');
    await net.sendInvitation(member, urnOf(ada.providerId), null, 'p-1');
    const early = await net.sendInvitation(member, urnOf(bob.providerId), null, 'p-2').catch((e: unknown) => e as NetworkError);
    expect(early).toMatchObject({ kind: 'transient', retryAfterMs: 60_000 });
    expect(fake.invitations.filter((i) => i.to === bob.providerId)).toHaveLength(0);
    clock.t += 60_000;
    await net.sendInvitation(member, urnOf(bob.providerId), null, 'p-2');
    expect(fake.invitations.filter((i) => i.to === bob.providerId)).toHaveLength(1);

    await net.findProfile({ urn: urnOf(ada.providerId) });
    await net.findProfile({ urn: urnOf(bob.providerId) });
    expect(await kindOf(net.findProfile({ urn: urnOf(ada.providerId) }))).toBe('limit_reached');
    clock.t += 86_400_000;
    await net.findProfile({ urn: urnOf(ada.providerId) });
  });
});
