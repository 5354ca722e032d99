// Who engaged, at the least cost to the member's network account. A profile look-up is a profile
// view, which the network counts and which can get an account restricted, so a sync asks for one
// only when it must: a person already known in the workspace is taken as stored (refreshed at most
// every `profileRefreshMs`), a new person is made from what the engagement carries (name, headline,
// public identifier), and the full profile is looked up only when the workspace's rules read what
// only a profile has (job, country, company), later and within the budget the API and outreach
// leave (docs/unipile.md, "Budgets"). People waiting for a look-up are kept in profile_lookups
// and served oldest first; a deleted profile (404) is remembered and not asked again before the
// refresh period.
import type { Db } from '../db/database.js';
import { NetworkError, type AccountRef, type NetworkProfile, type NetworkProvider, type PostEngagement } from '../network/provider.js';
import { DAY_MS } from '../shared/time.js';
import { applyProfiles } from './fold.js';
import { findLookups, findWaiting, markWaiting, settleLookup, storedProfiles } from './people.repository.js';

export { rulesNeedProfiles } from './people.repository.js';

/** Profiles a provider that does not say how often it may be asked are refreshed this often. */
const DEFAULT_REFRESH_MS = 30 * DAY_MS;
/** Look-ups one sync drains from the waiting list at most (the budget stops it sooner). */
const DRAIN_MAX = 500;

export interface PeopleDeps {
  db: Db;
  network: NetworkProvider;
  now: () => number;
}

/** The people a page of engagement names, each as the fold needs them, with as few look-ups as the rules allow. */
export class PeopleOfSync {
  private readonly known = new Map<string, NetworkProfile>();
  private readonly refreshMs: number;

  constructor(
    private readonly deps: PeopleDeps,
    private readonly account: AccountRef,
    private readonly needProfiles: boolean,
  ) {
    this.refreshMs = deps.network.profileRefreshMs ?? DEFAULT_REFRESH_MS;
  }

  /** The person of each engagement (same order), from the store, the engagement, or a look-up. */
  async resolve(events: readonly PostEngagement[]): Promise<NetworkProfile[]> {
    const { db } = this.deps;
    const ws = this.account.workspaceId;
    const waits: string[] = [];
    const missing = [...new Set(events.map((e) => e.contactUrn).filter((urn) => !this.known.has(urn)))];
    for (let i = 0; i < missing.length; i += 500) {
      const urns = missing.slice(i, i + 500);
      const [stored, lookups] = await Promise.all([storedProfiles(db, ws, urns), findLookups(db, ws, urns)]);
      const lookupOf = new Map(lookups.map((l) => [l.contact_urn, l]));
      for (const [urn, { profile, writtenAt }] of stored) {
        this.known.set(urn, profile);
        const lookup = lookupOf.get(urn);
        // A contact stored before look-ups were recorded was made from a profile: counted from its last write.
        const last = lookup ? lookup.looked_up_at : writtenAt;
        if (this.needProfiles && !lookup?.waiting_since && (last === null || Number(last) < this.deps.now() - this.refreshMs)) waits.push(urn);
      }
    }
    const out: NetworkProfile[] = [];
    for (const e of events) {
      let person = this.known.get(e.contactUrn);
      if (!person) {
        person = e.person ? { ...e.person } : await this.lookUpNow(e.contactUrn);
        this.known.set(e.contactUrn, person);
        if (e.person && this.needProfiles) waits.push(e.contactUrn);
      }
      out.push(person);
    }
    await markWaiting(db, this.account, waits, this.deps.now());
    return out;
  }

  /**
   * Looks up the people waiting, oldest first, as far as the ingestion's share of the budget goes,
   * and applies each profile to its lead. Stops quietly at the budget (the rest wait for the next
   * day) or at a network failure (the next sync goes on); returns the look-ups made.
   */
  async drainWaiting(): Promise<number> {
    const { db, network } = this.deps;
    const ws = this.account.workspaceId;
    let made = 0;
    for (const contact_urn of await findWaiting(db, this.account, DRAIN_MAX)) {
      let profile: NetworkProfile;
      try {
        profile = await network.findProfile({ urn: contact_urn }, { account: this.account, purpose: 'ingestion' });
      } catch (err) {
        if (err instanceof NetworkError && err.kind === 'not_found') {
          await this.settle(contact_urn, 'NOT_FOUND');
          made++;
          continue;
        }
        if (err instanceof NetworkError) break;
        throw err;
      }
      made++;
      await applyProfiles(db, ws, this.deps.now(), [profile]);
      await this.settle(contact_urn, 'FOUND');
    }
    return made;
  }

  /** A person the engagement does not describe (a provider that gives only urns): looked up now. */
  private async lookUpNow(urn: string): Promise<NetworkProfile> {
    try {
      const profile = await this.deps.network.findProfile({ urn }, { account: this.account, purpose: 'ingestion' });
      await this.settle(urn, 'FOUND');
      return profile;
    } catch (err) {
      // The engagement is never lost: the lead is made from the urn alone and its profile waits.
      if (!(err instanceof NetworkError) || err.kind === 'account_disconnected' || err.kind === 'account_restricted') throw err;
      if (err.kind === 'not_found') await this.settle(urn, 'NOT_FOUND');
      else await this.wait(urn);
      return { urn, username: urn, first_name: null, last_name: null, headline: null };
    }
  }

  private async wait(urn: string): Promise<void> {
    await markWaiting(this.deps.db, this.account, [urn], this.deps.now());
  }

  private async settle(urn: string, outcome: 'FOUND' | 'NOT_FOUND'): Promise<void> {
    await settleLookup(this.deps.db, this.account, urn, outcome, this.deps.now());
  }
}
