// The Unipile provider as a NetworkWorld: the provider against the local fake Unipile, whose own
// state is the network's record. Pacing is off (the contract is about outcomes, not spacing).
import type { AccountRef } from '../../src/network/provider.js';
import { MemoryLedger } from '../../src/network/unipile/unipile.ledger.js';
import { providerIdOf, urnOf } from '../../src/network/unipile/unipile.mapping.js';
import { UnipileNetwork, type AccountDirectory } from '../../src/network/unipile/unipile.network.js';
import { unipileStores } from '../helpers/unipile-stores.js';
import { startFakeUnipile } from '../helpers/fake-unipile/fake-unipile.js';
import type { NetworkRecord, NetworkWorld } from './network-provider.contract.js';

const DAY = 86_400_000;

export async function unipileWorld(): Promise<NetworkWorld> {
  const fake = await startFakeUnipile();
  const workspaceId = 'ws_contract';
  const accountOf = new Map<string, string>(); // teamMemberId → Unipile account id
  const memberOf = new Map<string, string>();
  const accepting = new Set<string>(); // "accountId providerId" of contacts who accept
  const lookup = fake.addAccount('Lookup', 'Account');
  let members = 0;
  let people = 0;
  const clock = { now: () => fake.now };
  const directory: AccountDirectory = {
    accountIdOf: async (a) => (a.workspaceId === workspaceId ? accountOf.get(a.teamMemberId) ?? null : null),
    lookupAccountId: async () => lookup.id,
    memberOf: async (id) => memberOf.get(id) ?? null,
  };
  const stored = await unipileStores(workspaceId, clock, directory, new MemoryLedger(), { actSpacingMinMs: 0, actSpacingMaxMs: 0, dailyProfileLookups: 1_000_000 });
  const provider = new UnipileNetwork(stored.stores, clock, { dsn: fake.url, token: fake.token, ca: fake.ca, timeoutMs: 5_000 });
  const accountId = (a: AccountRef) => accountOf.get(a.teamMemberId)!;
  return {
    provider,
    async connectedAccount() {
      const account = fake.addAccount('Member', String(++members));
      const teamMemberId = `tm_contract_${members}`;
      accountOf.set(teamMemberId, account.id);
      memberOf.set(account.id, teamMemberId);
      return { workspaceId, teamMemberId };
    },
    async disconnect(account) {
      fake.accounts.get(accountId(account))!.status = 'DISCONNECTED';
    },
    async contact(account, { accepts }) {
      const person = fake.addPerson('Contact', String(++people));
      if (accepts) accepting.add(`${accountId(account)} ${person.providerId}`);
      return urnOf(person.providerId);
    },
    unknownUrn: () => urnOf('ACoNOBODY'),
    async connectOutside(account, contactUrn) {
      fake.connect(accountId(account), providerIdOf(contactUrn));
    },
    async answerInvitations() {
      fake.now += DAY;
      for (const i of fake.pending()) if (accepting.has(`${i.accountId} ${i.to}`)) fake.accept(i.accountId, i.to);
    },
    failNextSend(kind) {
      const send = /^POST \/api\/v1\/(users\/invite|chats)/;
      if (kind === 'transient') fake.fail(send, { status: 500, type: 'errors/provider_error' });
      else if (kind === 'limit_reached') fake.fail(send, { status: 422, type: 'errors/limit_exceeded' });
      else fake.fail(send, { status: 401, type: 'errors/disconnected_account' });
    },
    async publishPostsWithEngagement(account) {
      const owner = fake.accounts.get(accountId(account))!.owner;
      const fan = fake.addPerson('Fan', String(++people));
      for (const daysAgo of [20, 10, 2]) {
        const post = fake.addPost(owner, `post from ${daysAgo} days ago`, fake.now - daysAgo * DAY);
        fake.comment(post, fan, 'Nice one');
        fake.react(post, fan);
      }
    },
    now: () => fake.now,
    async received(workspace): Promise<NetworkRecord> {
      if (workspace !== workspaceId) return { invitations: [], messages: [] };
      return {
        invitations: fake.invitations
          .filter((i) => memberOf.has(i.accountId))
          .map((i) => ({ ref: i.id, teamMemberId: memberOf.get(i.accountId)!, contactUrn: urnOf(i.to), note: i.note, sentAt: i.at, acceptedAt: i.acceptedAt, withdrawnAt: i.withdrawnAt })),
        messages: fake.messages
          .filter((m) => m.fromAccount)
          .map((m) => ({ m, chat: fake.chats.find((c) => c.id === m.chatId)! }))
          .filter(({ chat }) => memberOf.has(chat.accountId))
          .map(({ m, chat }) => ({ ref: m.id, teamMemberId: memberOf.get(chat.accountId)!, contactUrn: urnOf(chat.attendee), text: m.text, sentAt: m.at })),
      };
    },
    async close() {
      await stored.close();
      await fake.close();
      // an answer the SDK's validators refused would have been a bug in the fake
      if (fake.drift.length > 0) throw new Error(`the fake Unipile sent answers the SDK refuses: ${fake.drift.join('; ')}`);
    },
  };
}
