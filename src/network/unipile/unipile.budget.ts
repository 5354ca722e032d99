// One budget per real account, kept in the database: every process (serve, each worker) spends
// the same one and a restart forgets nothing. A careful human views perhaps 80 profiles a day,
// sends a handful of invitations and a few dozen messages, and pauses between acts: Unipile's
// published LinkedIn guidance asks for 80-100 profile look-ups a day and a random pause of about a
// minute between two acting calls. Profile views are one of the signals that get an account
// restricted, so look-ups have a reserve ingestion cannot touch: the API's checks and sends and the
// outreach engine come first, a sync spends only what they leave (docs/unipile.md, "Budgets").
// Each claim is one conditional statement (count below the ceiling, spacing passed), so two
// processes racing for the last unit cannot both win it.
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { Clock } from '../../shared/clock.js';
import { DAY_MS } from '../../shared/time.js';
import { budgetDayOf as dayOf } from '../member-accounts.repository.js';
import { NetworkError, type NetworkLimit } from '../provider.js';

export interface BudgetOptions {
  /** Pause between two acting calls of one account: a uniform draw in [min, max] ms. */
  actSpacingMinMs: number;
  actSpacingMaxMs: number;
  /** Profile look-ups per account per UTC day. */
  dailyProfileLookups: number;
  /** Of those, how many only the API and outreach may spend (a sync stops short of them). */
  ingestionReserve: number;
  /** Acting calls per account per UTC day, by kind. */
  dailyInvitations: number;
  dailyMessages: number;
  dailyWithdrawals: number;
  /** A known person's profile is looked up again by a sync at most this often. */
  profileRefreshDays: number;
}

export const DEFAULT_BUDGET: BudgetOptions = {
  actSpacingMinMs: 45_000,
  actSpacingMaxMs: 90_000,
  dailyProfileLookups: 80,
  ingestionReserve: 20,
  dailyInvitations: 20,
  dailyMessages: 80,
  dailyWithdrawals: 20,
  profileRefreshDays: 30,
};

export type BudgetKind = 'lookup' | 'invitation' | 'message' | 'withdrawal';
export type Purpose = 'ingestion' | 'priority';

const LIMIT_OF: Record<BudgetKind, NetworkLimit> = { lookup: 'profile_lookups', invitation: 'invitations', message: 'messages', withdrawal: 'withdrawals' };
const NOUN: Record<BudgetKind, string> = { lookup: 'profile look-ups', invitation: 'invitations', message: 'messages', withdrawal: 'invitation withdrawals' };

/** Told of every claim: spent, or refused and why (metrics). */
export type BudgetObserver = (kind: BudgetKind, result: 'spent' | 'refused') => void;


export class AccountBudget {
  readonly options: BudgetOptions;

  constructor(
    private readonly db: DbOrTx,
    private readonly workspaceId: string,
    private readonly clock: Clock,
    options: Partial<BudgetOptions> = {},
    /** A number in [0, 1): injected so tests choose the draw. */
    private readonly random: () => number = Math.random,
    private readonly observer: BudgetObserver = () => undefined,
  ) {
    this.options = { ...DEFAULT_BUDGET, ...options };
  }

  /** Spends one profile look-up of the account, or refuses (nothing was asked of the network). */
  async claimLookup(accountId: string, purpose: Purpose): Promise<void> {
    await this.checkNotBlocked(accountId, 'lookup');
    const ceiling = this.options.dailyProfileLookups - (purpose === 'ingestion' ? Math.min(this.options.ingestionReserve, this.options.dailyProfileLookups) : 0);
    await this.spend(accountId, 'lookup', ceiling, purpose === 'ingestion' ? ' (the rest is kept for the API and outreach)' : '');
  }

  /** Claims the account's next acting slot and one unit of that kind's daily budget, or refuses. */
  async claimAct(accountId: string, kind: Exclude<BudgetKind, 'lookup'>): Promise<void> {
    await this.checkNotBlocked(accountId, kind);
    const now = this.clock.now();
    await this.ensurePacingRow(accountId);
    const { actSpacingMinMs: min, actSpacingMaxMs: max } = this.options;
    const next = now + min + Math.floor(this.random() * (max - min + 1));
    const claimed = await this.db
      .updateTable('network_account_pacing')
      .set({ next_act_at: next })
      .where('workspace_id', '=', this.workspaceId)
      .where('account_id', '=', accountId)
      .where('next_act_at', '<=', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) {
      const row = await this.pacingRow(accountId);
      const wait = Math.max(1, Number(row?.next_act_at ?? now) - now);
      throw new NetworkError('transient', `pacing: account ${accountId} may act again in ${wait} ms`, wait);
    }
    const ceiling = { invitation: this.options.dailyInvitations, message: this.options.dailyMessages, withdrawal: this.options.dailyWithdrawals }[kind];
    await this.spend(accountId, kind, ceiling, '');
  }

  /** The network's own 429: nothing refills early, and the account is left alone until it said. */
  async honourRetryAfter(accountId: string, retryAfterMs: number): Promise<void> {
    await this.ensurePacingRow(accountId);
    const until = this.clock.now() + retryAfterMs;
    await this.db
      .updateTable('network_account_pacing')
      .set({ blocked_until: sql<number>`case when blocked_until > ${until} then blocked_until else ${until} end` })
      .where('workspace_id', '=', this.workspaceId)
      .where('account_id', '=', accountId)
      .execute();
  }

  /** Milliseconds until the UTC day's budgets refill. */
  untilRefill(): number {
    const now = this.clock.now();
    return (dayOf(now) + 1) * DAY_MS - now;
  }

  private async spend(accountId: string, kind: BudgetKind, ceiling: number, why: string): Promise<void> {
    const day = dayOf(this.clock.now());
    await this.db
      .insertInto('network_budget_use')
      .values({ workspace_id: this.workspaceId, account_id: accountId, day, kind, used: 0 })
      .onConflict((oc) => oc.columns(['workspace_id', 'account_id', 'day', 'kind']).doNothing())
      .execute();
    const spent = await this.db
      .updateTable('network_budget_use')
      .set({ used: sql<number>`used + 1` })
      .where('workspace_id', '=', this.workspaceId)
      .where('account_id', '=', accountId)
      .where('day', '=', day)
      .where('kind', '=', kind)
      .where('used', '<', ceiling)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) === 1) {
      this.observer(kind, 'spent');
      return;
    }
    await this.countRefusal(accountId, day, kind);
    throw new NetworkError('limit_reached', `account ${accountId} spent its ${ceiling} ${NOUN[kind]} for today${why}`, this.untilRefill(), LIMIT_OF[kind]);
  }

  private async countRefusal(accountId: string, day: number, kind: BudgetKind): Promise<void> {
    this.observer(kind, 'refused');
    await this.db
      .insertInto('network_budget_use')
      .values({ workspace_id: this.workspaceId, account_id: accountId, day, kind: `refused:${kind}`, used: 1 })
      .onConflict((oc) => oc.columns(['workspace_id', 'account_id', 'day', 'kind']).doUpdateSet({ used: sql<number>`network_budget_use.used + 1` }))
      .execute();
  }

  /** Refuses (transient, with the wait) while the network's own Retry-After holds; `kind`: count the refusal. */
  async checkNotBlocked(accountId: string, kind: BudgetKind | null = null): Promise<void> {
    const row = await this.pacingRow(accountId);
    const now = this.clock.now();
    if (row && Number(row.blocked_until) > now) {
      if (kind) await this.countRefusal(accountId, dayOf(now), kind);
      const wait = Number(row.blocked_until) - now;
      throw new NetworkError('transient', `the network asked to leave account ${accountId} alone for ${Math.ceil(wait / 1000)} s more`, wait);
    }
  }

  private pacingRow(accountId: string) {
    return this.db.selectFrom('network_account_pacing').selectAll().where('workspace_id', '=', this.workspaceId).where('account_id', '=', accountId).executeTakeFirst();
  }

  private async ensurePacingRow(accountId: string): Promise<void> {
    await this.db
      .insertInto('network_account_pacing')
      .values({ workspace_id: this.workspaceId, account_id: accountId, next_act_at: 0, blocked_until: 0, relations_synced_at: null })
      .onConflict((oc) => oc.columns(['workspace_id', 'account_id']).doNothing())
      .execute();
  }
}
