// A deterministic simulated network kept in its own tables of the service's database (the demo's
// and the tests' network). Everything it decides comes from the seed, the ids involved and the
// injected clock; nothing from Math.random or the wall clock. One instance is the world (its
// controls are for operators and tests); forWorkspace gives the provider a bound workspace uses.
import { createHash } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { AccountRef, ConnectionState, InboundMessage, NetworkProfile, NetworkProvider, PendingInvitation, SentAction, SimulatedAccounts } from '../provider.js';
import { NetworkError } from '../provider.js';
import { contactPosts, memberPosts, memberUrn, postEngagement, profileFor } from './sandbox.content.js';
import * as repo from './sandbox.repository.js';
import { adoptWorkspace, linkedAccounts } from './sandbox.adopt.js';
import { ensureSandboxSchema } from './sandbox.schema.js';
import { sandboxDb, type SandboxDb } from './sandbox.table.js';
import type { MemberToAdopt, SimulatedNetwork, StateToAdopt } from '../simulation.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { DAY_MS } from '../../shared/time.js';
import { seededRandom } from '../../shared/random.js';

export interface SandboxOptions {
  seed: string;
  /** Share of invitations the contact accepts, 0..1. */
  acceptProbability: number;
  /** How long after sending an accepted invitation becomes a connection. */
  acceptDelayMs: number;
  /** Invitations an account may send per rolling 24 hours. */
  dailyInvitationLimit: number;
  /**
   * Wall-clock delay between recording a send and answering it, as a slow network acts and
   * then answers late: crash tests use it to kill the service in exactly that gap.
   */
  latencyMs: number;
  /**
   * How many times faster than real time the network lives: people post, engage, accept and
   * reply that much sooner (a binding option; the demo's is DEMO_PACE). The clock stays real.
   */
  pace: number;
  /** Whether people post and engage (new posts, engagement, hence new leads, replies); off, the network only answers the team's own actions. */
  activity: boolean;
  /** With activity: share of accepted invitations whose contact replies, 0..1, and how long after accepting at most. */
  replyProbability: number;
  replyDelayMs: number;
}

export const DEFAULT_SANDBOX_OPTIONS: SandboxOptions = {
  seed: 'warmline-sandbox',
  acceptProbability: 0.6,
  acceptDelayMs: 6 * 3_600_000,
  dailyInvitationLimit: 100,
  latencyMs: 0,
  pace: 1,
  activity: true,
  replyProbability: 0.3,
  replyDelayMs: 48 * 3_600_000,
};

/** Failures a test can ask for: the next sends fail this way. */
export type InjectedFailure = 'transient' | 'limit_reached' | 'account_disconnected' | 'account_restricted';


export class SandboxNetwork implements NetworkProvider, SimulatedNetwork {
  readonly name = 'sandbox';
  readonly options: SandboxOptions;

  constructor(
    private readonly db: SandboxDb,
    private readonly clock: Clock,
    options: Partial<SandboxOptions> = {},
    /** Shared by every view of one world, so a test's injected failure reaches whichever view acts next. */
    private readonly faults: { sends: InjectedFailure[]; lookups: InjectedFailure[] } = { sends: [], lookups: [] },
  ) {
    this.options = { ...DEFAULT_SANDBOX_OPTIONS, ...options };
  }

  /** The network's pace, for the sync schedule (NetworkProvider). */
  get pace(): number {
    return this.options.pace;
  }

  /** The same world as a bound workspace sees it: with or without simulated activity, at its own pace. */
  forWorkspace(options: { activity: boolean; pace?: number }): SandboxNetwork {
    return new SandboxNetwork(this.db, this.clock, { ...this.options, ...options }, this.faults);
  }

  /** A number in [0, 1) fixed by the seed and the parts. */
  fraction(...parts: string[]): number {
    return seededRandom(this.options.seed).fraction(...parts);
  }

  ref(prefix: string, key: string): string {
    return `${prefix}_${createHash('sha256').update(`${this.options.seed}\u0000${key}`).digest('hex').slice(0, 20)}`;
  }

  // --- operator and test controls (SimulatedNetwork and NetworkProvider's simulatedAccounts; the rest are tests') ---

  /** NetworkProvider's capability: this world's accounts, connected and disconnected at will. */
  get simulatedAccounts(): SimulatedAccounts {
    return this;
  }

  /** `urn`: the account's own profile urn, when known (otherwise derived from the seed). */
  connectAccount(account: AccountRef, urn: string | null = null): Promise<unknown> {
    return repo.upsertAccount(this.db, account, 'CONNECTED', this.clock.now(), urn);
  }

  disconnectAccount(account: AccountRef): Promise<unknown> {
    return repo.upsertAccount(this.db, account, 'DISCONNECTED', this.clock.now(), null);
  }

  /** Refuses (naming the member) a workspace whose CONNECTED members could not be linked (sandbox.adopt.ts). */
  checkAdoptable(members: MemberToAdopt[]): void {
    linkedAccounts(this, members);
  }

  /** Creates the simulation's own tables on first use, brings them up to date after (sandbox.schema.ts). */
  ensureTables(db: Db): Promise<void> {
    return ensureSandboxSchema(db);
  }

  /** Takes in a workspace's own state (sandbox.adopt.ts), in the caller's transaction. */
  adopt(tx: DbOrTx, workspaceId: string, state: StateToAdopt): Promise<void> {
    return adoptWorkspace(sandboxDb(tx), this, workspaceId, state, this.clock.now());
  }

  /** The contact writes to the account now (a test's or an operator's reply), activity or not. */
  receiveReply(account: AccountRef, contactUrn: string, text: string): Promise<unknown> {
    const at = this.clock.now();
    return repo.insertReply(this.db, { ref: this.ref('sbx_reply', `${account.workspaceId}/${account.teamMemberId}/${contactUrn}/${at}/${text}`), workspace_id: account.workspaceId, team_member_id: account.teamMemberId, contact_urn: contactUrn, body: text, sent_at: at });
  }

  /** Makes the two connected already (as if they had met outside the service). */
  addConnection(account: AccountRef, contactUrn: string): Promise<unknown> {
    return repo.insertConnection(this.db, account, contactUrn, this.clock.now());
  }

  /** Whether the contact accepts an invitation from this account (decided by the seed, not by chance). */
  accepts(account: AccountRef, contactUrn: string): boolean {
    return this.fraction('accept', account.workspaceId, account.teamMemberId, contactUrn) < this.options.acceptProbability;
  }

  failNext(failure: InjectedFailure, times = 1): void {
    for (let i = 0; i < times; i++) this.faults.sends.push(failure);
  }

  /** The next look-up of connection states (connectionStates) fails with this kind. */
  failNextLookup(failure: InjectedFailure): void {
    this.faults.lookups.push(failure);
  }

  // --- NetworkProvider ---

  async findProfile(by: { urn: string } | { username: string }): Promise<NetworkProfile> {
    const profile = profileFor(this, by);
    if (!profile) throw new NetworkError('not_found', 'no such profile on the sandbox network');
    return profile;
  }

  async connectionState(account: AccountRef, contactUrn: string): Promise<ConnectionState> {
    const [relation] = await repo.findRelations(this.db, account.workspaceId, [account.teamMemberId], contactUrn, this.clock.now());
    requireConnected(relation);
    return stateOf(relation);
  }

  async connectionStates(workspaceId: string, teamMemberIds: string[], contactUrn: string): Promise<(ConnectionState | null)[]> {
    const failure = this.faults.lookups.shift();
    if (failure) throw new NetworkError(failure, `injected ${failure}`);
    const relations = await repo.findRelations(this.db, workspaceId, teamMemberIds, contactUrn, this.clock.now());
    return relations.map((relation) => (relation?.state === 'CONNECTED' ? stateOf(relation) : null));
  }

  async sendInvitation(account: AccountRef, contactUrn: string, note: string | null, idempotencyKey: string): Promise<SentAction> {
    const now = this.clock.now();
    const before = await repo.findInvitationContext(this.db, account, idempotencyKey, now - DAY_MS);
    if (before.received) return { ref: before.received };
    this.takeInjectedFailure();
    requireConnected(before.account);
    if (before.sentInDay >= this.options.dailyInvitationLimit) throw new NetworkError('limit_reached', 'daily invitation limit reached', null, 'invitations');
    const row = await repo.insertInvitationOnce(this.db, {
      ref: this.ref('sbx_inv', idempotencyKey),
      idempotency_key: idempotencyKey,
      workspace_id: account.workspaceId,
      team_member_id: account.teamMemberId,
      contact_urn: contactUrn,
      note,
      sent_at: now,
      accept_at: this.accepts(account, contactUrn) ? now + Math.round(this.options.acceptDelayMs / this.options.pace) : null,
      withdrawn_at: null,
    });
    await this.answerLatency();
    return { ref: row.ref };
  }

  async listPendingInvitations(account: AccountRef): Promise<PendingInvitation[]> {
    await this.requireAccount(account);
    const pending = await repo.listPendingInvitations(this.db, account, this.clock.now());
    return pending.map((inv) => ({ ref: inv.ref, contactUrn: inv.contact_urn, sentAt: inv.sent_at }));
  }

  async withdrawInvitation(account: AccountRef, ref: string): Promise<void> {
    await this.requireAccount(account);
    if (!(await repo.withdrawInvitation(this.db, account, ref, this.clock.now()))) throw new NetworkError('not_found', 'no such pending invitation');
  }

  async sendMessage(account: AccountRef, contactUrn: string, text: string, idempotencyKey: string): Promise<SentAction> {
    const received = await repo.findReceivedRef(this.db, idempotencyKey);
    if (received) return { ref: received };
    this.takeInjectedFailure();
    await this.requireAccount(account);
    const row = await repo.insertMessageOnce(this.db, {
      ref: this.ref('sbx_msg', idempotencyKey),
      idempotency_key: idempotencyKey,
      workspace_id: account.workspaceId,
      team_member_id: account.teamMemberId,
      contact_urn: contactUrn,
      body: text,
      sent_at: this.clock.now(),
    });
    await this.answerLatency();
    return { ref: row.ref };
  }

  async findReceived(idempotencyKey: string): Promise<SentAction | null> {
    const ref = await repo.findReceivedRef(this.db, idempotencyKey);
    return ref === null ? null : { ref };
  }

  async findAccountUrn(account: AccountRef): Promise<string> {
    const row = await repo.findAccount(this.db, account);
    requireConnected(row);
    return row.urn ?? memberUrn(this, account);
  }

  async listMemberPosts(account: AccountRef, since: number) {
    if (!this.options.activity) return [];
    return memberPosts(this, account, since, this.clock.now(), this.options.pace);
  }

  /** The audience's engagement, and the author's colleagues' (the workspace's other connected accounts). */
  async listPostEngagement(account: AccountRef, postId: string) {
    if (!this.options.activity) return [];
    const colleagues = (await repo.listConnectedMembers(this.db, account.workspaceId))
      .filter((m) => m.team_member_id !== account.teamMemberId)
      .map((m) => m.urn ?? memberUrn(this, { workspaceId: account.workspaceId, teamMemberId: m.team_member_id }));
    return postEngagement(this, postId, this.clock.now(), { pace: this.options.pace, colleagues });
  }

  async listContactPosts(contactUrn: string, since: number) {
    if (!this.options.activity) return [];
    return contactPosts(this, contactUrn, since, this.clock.now(), this.options.pace);
  }

  /**
   * Replies put there by receiveReply, and, with activity, the seeded ones: a share of the
   * contacts who accepted an invitation write back within replyDelayMs of accepting.
   */
  async listReplies(account: AccountRef, since: number): Promise<InboundMessage[]> {
    await this.requireAccount(account);
    const now = this.clock.now();
    const stored = await repo.listReplies(this.db, account, since, now);
    const replies: InboundMessage[] = stored.map((r) => ({ id: r.ref, contactUrn: r.contact_urn, text: r.body, at: Number(r.sent_at) }));
    if (this.options.activity) {
      const delay = this.options.replyDelayMs / this.options.pace;
      for (const inv of await repo.listAcceptedInvitations(this.db, account, since - delay, now)) {
        if (this.fraction('reply', inv.ref) >= this.options.replyProbability) continue;
        const at = Number(inv.accept_at) + Math.floor(this.fraction('reply-at', inv.ref) * delay);
        if (at > since && at <= now) replies.push({ id: `sbx_reply_${inv.ref}`, contactUrn: inv.contact_urn, text: 'Thanks for connecting!', at });
      }
    }
    return replies.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  }

  private answerLatency(): Promise<void> {
    return this.options.latencyMs > 0 ? new Promise((resolve) => setTimeout(resolve, this.options.latencyMs)) : Promise.resolve();
  }

  private takeInjectedFailure(): void {
    const failure = this.faults.sends.shift();
    if (failure) throw new NetworkError(failure, `injected ${failure}`);
  }

  private async requireAccount(account: AccountRef): Promise<void> {
    requireConnected(await repo.findAccount(this.db, account));
  }
}

function stateOf(relation: { connected: boolean; invited: boolean; accepted: boolean }): ConnectionState {
  if (relation.connected || relation.accepted) return 'CONNECTED';
  return relation.invited ? 'PENDING' : 'NONE';
}

function requireConnected<T extends { state: string }>(account: T | undefined): asserts account is T {
  if (!account || account.state === 'DISCONNECTED') throw new NetworkError('account_disconnected', 'account is not connected to the sandbox network');
  if (account.state === 'RESTRICTED') throw new NetworkError('account_restricted', 'account is restricted');
}
