// What every NetworkProvider promises, written against the interface alone. An implementation
// runs it by supplying a factory for a NetworkWorld: the provider plus the few levers a test
// needs on the world behind it (the sandbox's tables, a vendor's local fake server). Nothing
// here knows how a provider stores anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError, type AccountRef, type NetworkErrorKind, type NetworkProvider } from '../../src/network/provider.js';

/**
 * The world behind a provider, as far as a test may steer it. Keep it small: each lever is
 * something the real network does on its own (people accept, accounts get disconnected, calls
 * fail) and a fake must be able to do on request.
 */
export interface NetworkWorld {
  readonly provider: NetworkProvider;
  /** A new account, connected to the network, that has never acted (unique per call). */
  connectedAccount(): Promise<AccountRef>;
  /** The network stops acting for this account (the member logged out, the token expired). */
  disconnect(account: AccountRef): Promise<void>;
  /** A person on the network the account has never met, who accepts (or ignores) its invitations. */
  contact(account: AccountRef, options: { accepts: boolean }): Promise<string>;
  /** An urn that names nobody on the network. */
  unknownUrn(): string;
  /** The two are connected without an invitation through the service (they met elsewhere). */
  connectOutside(account: AccountRef, contactUrn: string): Promise<void>;
  /** Time passes until every contact who accepts has answered the invitations sent so far. */
  answerInvitations(): Promise<void>;
  /** The next invitation or message sent fails with this kind, before the network acts. */
  failNextSend(kind: Extract<NetworkErrorKind, 'transient' | 'limit_reached' | 'account_disconnected'>): void;
  /** Makes sure the account published, in the last 30 days, posts some of which drew engagement. */
  publishPostsWithEngagement(account: AccountRef): Promise<void>;
  /** The provider's clock: posts and engagement are bounded by it. */
  now(): number;
  /**
   * What the network received from the workspace's accounts, oldest first: the far side's own
   * record, which engine tests check the service against (at most once, within the caps).
   */
  received(workspaceId: string): Promise<NetworkRecord>;
  close(): Promise<void>;
}

export interface ReceivedInvitation {
  ref: string;
  teamMemberId: string;
  contactUrn: string;
  note: string | null;
  sentAt: number;
  /** When the contact accepted (a world that decides ahead may name a later time); null: not (yet). */
  acceptedAt: number | null;
  withdrawnAt: number | null;
}

export interface ReceivedMessage {
  ref: string;
  teamMemberId: string;
  contactUrn: string;
  text: string;
  sentAt: number;
}

export interface NetworkRecord {
  invitations: ReceivedInvitation[];
  messages: ReceivedMessage[];
}

const DAY = 86_400_000;
let keys = 0;
/** Idempotency keys unique across the run (a provider may keep keys across accounts). */
const newKey = (what: string) => `contract-${what}-${process.pid}-${Date.now().toString(36)}-${++keys}`;

async function rejection(promise: Promise<unknown>): Promise<NetworkError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail with a NetworkError');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NetworkError);
  return error as NetworkError;
}

export function runNetworkProviderContract(name: string, setup: () => Promise<NetworkWorld>): void {
  describe(`NetworkProvider contract: ${name}`, () => {
    let world: NetworkWorld;
    let provider: NetworkProvider;
    beforeAll(async () => {
      world = await setup();
      provider = world.provider;
    });
    afterAll(() => world?.close());

    describe('profiles', () => {
      it('finds a person by urn and by the username it reports', async () => {
        const account = await world.connectedAccount();
        const urn = await world.contact(account, { accepts: false });
        const byUrn = await provider.findProfile({ urn });
        expect(byUrn.urn).toBe(urn);
        expect(byUrn.username).toMatch(/\S/);
        const byUsername = await provider.findProfile({ username: byUrn.username });
        expect(byUsername.username).toBe(byUrn.username);
      });

      it('answers not_found for nobody', async () => {
        const error = await rejection(provider.findProfile({ urn: world.unknownUrn() }));
        expect(error.kind).toBe('not_found');
        expect(error.mayHaveActed).toBe(false);
      });

      it("names the account's own profile, the same on every call", async () => {
        const account = await world.connectedAccount();
        const urn = await provider.findAccountUrn(account);
        expect(urn).toMatch(/\S/);
        expect(await provider.findAccountUrn(account)).toBe(urn);
        expect(await provider.findAccountUrn(await world.connectedAccount())).not.toBe(urn);
      });
    });

    describe('connection states and invitations', () => {
      it('goes NONE → PENDING → CONNECTED for a contact who accepts, and the invitation leaves the pending list', async () => {
        const account = await world.connectedAccount();
        const urn = await world.contact(account, { accepts: true });
        expect(await provider.connectionState(account, urn)).toBe('NONE');
        const sent = await provider.sendInvitation(account, urn, 'Hello', newKey('inv'));
        expect(sent.ref).toMatch(/\S/);
        expect(await provider.connectionState(account, urn)).toBe('PENDING');
        expect((await provider.listPendingInvitations(account)).map((p) => [p.ref, p.contactUrn])).toEqual([[sent.ref, urn]]);
        await world.answerInvitations();
        expect(await provider.connectionState(account, urn)).toBe('CONNECTED');
        expect(await provider.listPendingInvitations(account)).toEqual([]);
      });

      it('stays PENDING for a contact who does not answer', async () => {
        const account = await world.connectedAccount();
        const urn = await world.contact(account, { accepts: false });
        await provider.sendInvitation(account, urn, null, newKey('inv'));
        await world.answerInvitations();
        expect(await provider.connectionState(account, urn)).toBe('PENDING');
        expect((await provider.listPendingInvitations(account)).map((p) => p.contactUrn)).toEqual([urn]);
      });

      it('is CONNECTED for people met elsewhere, with nothing pending', async () => {
        const account = await world.connectedAccount();
        const urn = await world.contact(account, { accepts: false });
        await world.connectOutside(account, urn);
        expect(await provider.connectionState(account, urn)).toBe('CONNECTED');
        expect(await provider.listPendingInvitations(account)).toEqual([]);
      });

      it('never sends a second invitation under the same key', async () => {
        const account = await world.connectedAccount();
        const urn = await world.contact(account, { accepts: false });
        const key = newKey('inv');
        const first = await provider.sendInvitation(account, urn, 'Hello', key);
        const again = await provider.sendInvitation(account, urn, 'Hello', key);
        expect(again.ref).toBe(first.ref);
        expect(await provider.listPendingInvitations(account)).toHaveLength(1);
        const received = (await world.received(account.workspaceId)).invitations.filter((i) => i.teamMemberId === account.teamMemberId);
        expect(received.map((i) => [i.ref, i.contactUrn, i.note, i.withdrawnAt])).toEqual([[first.ref, urn, 'Hello', null]]);
      });

      it('lists pending invitations with the time they were sent', async () => {
        const account = await world.connectedAccount();
        const urns = [await world.contact(account, { accepts: false }), await world.contact(account, { accepts: false })];
        const before = world.now();
        const refs = [];
        for (const urn of urns) refs.push((await provider.sendInvitation(account, urn, null, newKey('inv'))).ref);
        const pending = await provider.listPendingInvitations(account);
        expect(pending.map((p) => p.ref).sort()).toEqual([...refs].sort());
        expect(pending.map((p) => p.contactUrn).sort()).toEqual([...urns].sort());
        for (const p of pending) expect(p.sentAt).toBeGreaterThanOrEqual(before);
        // Another account's invitations are not in the list.
        expect(await provider.listPendingInvitations(await world.connectedAccount())).toEqual([]);
      });

      it('withdraws a pending invitation once: NONE again, and a second withdrawal is not_found', async () => {
        const account = await world.connectedAccount();
        const urn = await world.contact(account, { accepts: true });
        const { ref } = await provider.sendInvitation(account, urn, null, newKey('inv'));
        await provider.withdrawInvitation(account, ref);
        expect(await provider.listPendingInvitations(account)).toEqual([]);
        expect(await provider.connectionState(account, urn)).toBe('NONE');
        await world.answerInvitations();
        expect(await provider.connectionState(account, urn), 'a withdrawn invitation cannot be accepted').toBe('NONE');
        expect((await rejection(provider.withdrawInvitation(account, ref))).kind).toBe('not_found');
      });

      it("cannot withdraw another account's invitation", async () => {
        const account = await world.connectedAccount();
        const other = await world.connectedAccount();
        const urn = await world.contact(account, { accepts: false });
        const { ref } = await provider.sendInvitation(account, urn, null, newKey('inv'));
        expect((await rejection(provider.withdrawInvitation(other, ref))).kind).toBe('not_found');
        expect((await provider.listPendingInvitations(account)).map((p) => p.ref)).toEqual([ref]);
      });

      it('answers for several accounts at once, null where an account is not connected', async () => {
        const a = await world.connectedAccount();
        const b = await world.connectedAccount();
        expect(b.workspaceId, 'the world gives accounts of one workspace').toBe(a.workspaceId);
        const gone = await world.connectedAccount();
        await world.disconnect(gone);
        const urn = await world.contact(a, { accepts: false });
        await world.connectOutside(b, urn);
        await provider.sendInvitation(a, urn, null, newKey('inv'));
        expect(await provider.connectionStates(a.workspaceId, [b.teamMemberId, gone.teamMemberId, a.teamMemberId], urn)).toEqual(['CONNECTED', null, 'PENDING']);
        expect(await provider.connectionStates(a.workspaceId, [], urn)).toEqual([]);
      });
    });

    describe('messages', () => {
      it('sends a message once per key and reports it as received', async () => {
        const account = await world.connectedAccount();
        const urn = await world.contact(account, { accepts: false });
        await world.connectOutside(account, urn);
        const key = newKey('msg');
        expect(await provider.findReceived(key)).toBeNull();
        const sent = await provider.sendMessage(account, urn, 'Thanks for connecting', key);
        expect(sent.ref).toMatch(/\S/);
        expect(await provider.sendMessage(account, urn, 'Thanks for connecting', key)).toEqual(sent);
        expect(await provider.findReceived(key)).toEqual(sent);
        const received = (await world.received(account.workspaceId)).messages.filter((m) => m.teamMemberId === account.teamMemberId);
        expect(received.map((m) => [m.ref, m.contactUrn, m.text])).toEqual([[sent.ref, urn, 'Thanks for connecting']]);
      });
    });

    describe('reconciliation after an unknown outcome', () => {
      it('finds what it received when the answer was lost, and a retry under the key returns it', async () => {
        const account = await world.connectedAccount();
        const urn = await world.contact(account, { accepts: false });
        const key = newKey('inv');
        const lost = await provider.sendInvitation(account, urn, null, key); // the answer never reached the service
        expect(await provider.findReceived(key)).toEqual(lost);
        expect(await provider.sendInvitation(account, urn, null, key)).toEqual(lost);
        expect(await provider.listPendingInvitations(account)).toHaveLength(1);
      });

      it('after a transient failure, findReceived and a retry agree, and there is still one invitation', async () => {
        const account = await world.connectedAccount();
        const urn = await world.contact(account, { accepts: false });
        const key = newKey('inv');
        world.failNextSend('transient');
        const error = await rejection(provider.sendInvitation(account, urn, null, key));
        expect(error.kind).toBe('transient');
        expect(error.mayHaveActed).toBe(true);
        const received = await provider.findReceived(key);
        const retried = await provider.sendInvitation(account, urn, null, key);
        if (received) expect(retried).toEqual(received);
        expect(await provider.findReceived(key)).toEqual(retried);
        expect(await provider.listPendingInvitations(account)).toHaveLength(1);
      });

      it('a message key and an invitation key are told apart', async () => {
        const account = await world.connectedAccount();
        const urn = await world.contact(account, { accepts: false });
        await world.connectOutside(account, urn);
        const invitation = await provider.sendInvitation(account, await world.contact(account, { accepts: false }), null, newKey('inv'));
        const message = await provider.sendMessage(account, urn, 'Hi', newKey('msg'));
        expect(message.ref).not.toBe(invitation.ref);
      });

      it('finds nothing for a key it never received', async () => {
        expect(await provider.findReceived(newKey('never'))).toBeNull();
      });
    });

    describe('typed errors', () => {
      for (const kind of ['limit_reached', 'account_disconnected'] as const) {
        it(`${kind}: the invitation was not sent, and a later send under the same key goes through`, async () => {
          const account = await world.connectedAccount();
          const urn = await world.contact(account, { accepts: false });
          const key = newKey('inv');
          world.failNextSend(kind);
          const error = await rejection(provider.sendInvitation(account, urn, null, key));
          expect(error.kind).toBe(kind);
          expect(error.mayHaveActed).toBe(false);
          expect(await provider.findReceived(key)).toBeNull();
          expect(await provider.connectionState(account, urn)).toBe('NONE');
          const sent = await provider.sendInvitation(account, urn, null, key);
          expect(await provider.findReceived(key)).toEqual(sent);
        });
      }

      it('a message that fails with limit_reached was not sent', async () => {
        const account = await world.connectedAccount();
        const urn = await world.contact(account, { accepts: false });
        await world.connectOutside(account, urn);
        const key = newKey('msg');
        world.failNextSend('limit_reached');
        expect((await rejection(provider.sendMessage(account, urn, 'Hi', key))).kind).toBe('limit_reached');
        expect(await provider.findReceived(key)).toBeNull();
      });

      it('a disconnected account is refused with account_disconnected wherever it would act or read its own state', async () => {
        const account = await world.connectedAccount();
        const urn = await world.contact(account, { accepts: false });
        const { ref } = await provider.sendInvitation(account, urn, null, newKey('inv'));
        await world.disconnect(account);
        const calls: [string, () => Promise<unknown>][] = [
          ['sendInvitation', () => provider.sendInvitation(account, urn, null, newKey('inv'))],
          ['sendMessage', () => provider.sendMessage(account, urn, 'Hi', newKey('msg'))],
          ['listPendingInvitations', () => provider.listPendingInvitations(account)],
          ['withdrawInvitation', () => provider.withdrawInvitation(account, ref)],
          ['connectionState', () => provider.connectionState(account, urn)],
          ['findAccountUrn', () => provider.findAccountUrn(account)],
        ];
        for (const [call, run] of calls) expect((await rejection(run())).kind, call).toBe('account_disconnected');
      });

      it('only transient failures may have acted', () => {
        const kinds: NetworkErrorKind[] = ['not_found', 'limit_reached', 'account_disconnected', 'account_restricted', 'transient'];
        expect(kinds.filter((k) => new NetworkError(k).mayHaveActed)).toEqual(['transient']);
      });
    });

    describe('posts and engagement', () => {
      it("lists the member's posts since a time, authored by the account's own profile", async () => {
        const account = await world.connectedAccount();
        await world.publishPostsWithEngagement(account);
        const since = world.now() - 30 * DAY;
        const posts = await provider.listMemberPosts(account, since);
        expect(posts.length).toBeGreaterThan(0);
        const own = await provider.findAccountUrn(account);
        for (const post of posts) {
          expect(post.authorUrn).toBe(own);
          expect(post.publishedAt).toBeGreaterThanOrEqual(since);
          expect(post.publishedAt).toBeLessThanOrEqual(world.now());
        }
        expect(new Set(posts.map((p) => p.id)).size, 'post ids are unique').toBe(posts.length);
        const later = since + 15 * DAY;
        expect((await provider.listMemberPosts(account, later)).map((p) => p.id).sort()).toEqual(posts.filter((p) => p.publishedAt >= later).map((p) => p.id).sort());
      });

      it('reports engagement oldest first, after the post, up to now, with ids that stay the same', async () => {
        const account = await world.connectedAccount();
        await world.publishPostsWithEngagement(account);
        const posts = await provider.listMemberPosts(account, world.now() - 30 * DAY);
        let events = 0;
        for (const post of posts) {
          const engagement = await provider.listPostEngagement(account, post.id);
          events += engagement.length;
          for (const e of engagement) {
            expect(['LIKE', 'COMMENT', 'SHARE']).toContain(e.kind);
            expect(e.at).toBeGreaterThanOrEqual(post.publishedAt);
            expect(e.at).toBeLessThanOrEqual(world.now());
          }
          expect(engagement.map((e) => e.at)).toEqual([...engagement.map((e) => e.at)].sort((a, b) => a - b));
          expect(await provider.listPostEngagement(account, post.id), 'the same events, with the same ids').toEqual(engagement);
        }
        expect(events, 'some post drew engagement').toBeGreaterThan(0);
      });

      it("lists a contact's posts since a time, authored by the contact", async () => {
        const account = await world.connectedAccount();
        const urn = await world.contact(account, { accepts: false });
        const since = world.now() - 30 * DAY;
        const posts = await provider.listContactPosts(urn, since);
        for (const post of posts) {
          expect(post.authorUrn).toBe(urn);
          expect(post.publishedAt).toBeGreaterThanOrEqual(since);
        }
        expect(await provider.listContactPosts(urn, since)).toEqual(posts);
      });
    });
  });
}
