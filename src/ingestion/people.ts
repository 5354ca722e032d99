// Who engaged, at the least cost to the member's network account. A profile look-up is a profile
// view, which the network counts and which can get an account restricted, so a sync asks for one
// only when it must: a person already known in the workspace is taken as stored (refreshed at most
// every `profileRefreshMs`), a new person is made from what the engagement carries (name, headline,
// public identifier), and the full profile is looked up only when the workspace's rules read what
// only a profile has (job, country, company), later and within the budget the API and outreach
// leave (docs/unipile.md, "Budgets"). People waiting for a look-up are kept in profile_lookups
// and served oldest first; a deleted profile (404) is remembered and not asked again before the
// refresh period.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { NetworkError, type AccountRef, type NetworkCompany, type NetworkProfile, type NetworkProvider, type PostEngagement } from '../network/provider.js';
import { DAY_MS } from '../shared/time.js';
import { applyProfiles } from './fold.js';

/** Profiles a provider that does not say how often it may be asked are refreshed this often. */
const DEFAULT_REFRESH_MS = 30 * DAY_MS;
/** Look-ups one sync drains from the waiting list at most (the budget stops it sooner). */
const DRAIN_MAX = 500;

export interface PeopleDeps {
  db: Db;
  network: NetworkProvider;
  now: () => number;
}

/** Whether the workspace's rules read what only a full profile has: ICP criteria, target accounts, company suppressions. */
export async function rulesNeedProfiles(db: Db, workspaceId: string): Promise<boolean> {
  const [settings, target, suppressed] = await Promise.all([
    db.selectFrom('ingestion_settings').select('icp_rules').where('workspace_id', '=', workspaceId).executeTakeFirst(),
    db.selectFrom('target_accounts').select('value').where('workspace_id', '=', workspaceId).limit(1).executeTakeFirst(),
    db.selectFrom('suppressions').select('value').where('workspace_id', '=', workspaceId).where('kind', '=', 'company').limit(1).executeTakeFirst(),
  ]);
  const icp = settings?.icp_rules ? (JSON.parse(settings.icp_rules) as Record<string, unknown>) : {};
  const criteria = Object.values(icp).some((v) => (Array.isArray(v) ? v.length > 0 : v !== null && v !== undefined));
  return criteria || target !== undefined || suppressed !== undefined;
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
    const missing = [...new Set(events.map((e) => e.contactUrn).filter((urn) => !this.known.has(urn)))];
    for (let i = 0; i < missing.length; i += 500) {
      const urns = missing.slice(i, i + 500);
      const [stored, lookups] = await Promise.all([storedProfiles(db, ws, urns), db.selectFrom('profile_lookups').selectAll().where('workspace_id', '=', ws).where('contact_urn', 'in', urns).execute()]);
      const lookupOf = new Map(lookups.map((l) => [l.contact_urn, l]));
      for (const [urn, { profile, writtenAt }] of stored) {
        this.known.set(urn, profile);
        const lookup = lookupOf.get(urn);
        // A contact stored before look-ups were recorded was made from a profile: counted from its last write.
        const last = lookup ? lookup.looked_up_at : writtenAt;
        if (this.needProfiles && !lookup?.waiting_since && (last === null || Number(last) < this.deps.now() - this.refreshMs)) await this.wait(urn);
      }
    }
    const out: NetworkProfile[] = [];
    for (const e of events) {
      let person = this.known.get(e.contactUrn);
      if (!person) {
        person = e.person ? { ...e.person } : await this.lookUpNow(e.contactUrn);
        this.known.set(e.contactUrn, person);
        if (e.person && this.needProfiles) await this.wait(e.contactUrn);
      }
      out.push(person);
    }
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
    const waiting = await db
      .selectFrom('profile_lookups')
      .select('contact_urn')
      .where('workspace_id', '=', ws)
      .where('team_member_id', '=', this.account.teamMemberId)
      .where('waiting_since', 'is not', null)
      .orderBy('waiting_since')
      .orderBy('contact_urn')
      .limit(DRAIN_MAX)
      .execute();
    let made = 0;
    for (const { contact_urn } of waiting) {
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
    const now = this.deps.now();
    await this.deps.db
      .insertInto('profile_lookups')
      .values({ workspace_id: this.account.workspaceId, contact_urn: urn, team_member_id: this.account.teamMemberId, waiting_since: now, looked_up_at: null, outcome: null })
      .onConflict((oc) => oc.columns(['workspace_id', 'contact_urn']).doUpdateSet({ waiting_since: sql`coalesce(profile_lookups.waiting_since, ${now})` }))
      .execute();
  }

  private async settle(urn: string, outcome: 'FOUND' | 'NOT_FOUND'): Promise<void> {
    const now = this.deps.now();
    await this.deps.db
      .insertInto('profile_lookups')
      .values({ workspace_id: this.account.workspaceId, contact_urn: urn, team_member_id: this.account.teamMemberId, waiting_since: null, looked_up_at: now, outcome })
      .onConflict((oc) => oc.columns(['workspace_id', 'contact_urn']).doUpdateSet({ waiting_since: null, looked_up_at: now, outcome }))
      .execute();
  }
}

/** Contacts of the workspace as profiles (their company with them), and when each was last written. */
async function storedProfiles(db: Db, workspaceId: string, urns: string[]): Promise<Map<string, { profile: NetworkProfile; writtenAt: number }>> {
  const rows = await db
    .selectFrom('contacts as c')
    .leftJoin('companies as co', (j) => j.onRef('co.workspace_id', '=', 'c.workspace_id').onRef('co.id', '=', 'c.company_id'))
    .select([
      'c.urn', 'c.username', 'c.first_name', 'c.last_name', 'c.headline', 'c.job_title', 'c.picture', 'c.followers_count', 'c.connections_count',
      'c.country', 'c.network_url', 'c.updated_at', 'co.id as company_id', 'co.name as company_name', 'co.slug as company_slug',
      'co.employees_num_min', 'co.employees_num_max', 'co.industries', 'co.country as company_country', 'co.website_url',
    ])
    .where('c.workspace_id', '=', workspaceId)
    .where('c.urn', 'in', urns)
    .execute();
  return new Map(
    rows.map((r) => {
      const company: NetworkCompany | null =
        r.company_id === null
          ? null
          : {
              id: Number(r.company_id), name: r.company_name ?? '', slug: r.company_slug ?? '', employees_num_min: r.employees_num_min, employees_num_max: r.employees_num_max,
              industries: r.industries ? (JSON.parse(r.industries) as string[]) : [], country: r.company_country, website_url: r.website_url,
            };
      const profile: NetworkProfile = {
        urn: r.urn, username: r.username ?? r.urn, first_name: r.first_name, last_name: r.last_name, headline: r.headline, job_title: r.job_title, picture: r.picture,
        followers_count: r.followers_count, connections_count: r.connections_count, country: r.country, network_url: r.network_url, company,
      };
      return [r.urn, { profile, writtenAt: Number(r.updated_at) }];
    }),
  );
}
