// What a sync knows of the people it meets: their stored contacts, the workspace rules that decide
// whether a full profile is needed, and each person's profile look-up (waiting, made, its outcome).
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { ProfileLookupsTable } from '../db/schema/network-budgets.table.js';
import type { AccountRef, NetworkCompany, NetworkProfile } from '../network/provider.js';

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

/** The recorded look-ups of these people. */
export async function findLookups(db: Db, workspaceId: string, urns: string[]): Promise<ProfileLookupsTable[]> {
  return db.selectFrom('profile_lookups').selectAll().where('workspace_id', '=', workspaceId).where('contact_urn', 'in', urns).execute();
}

/** The people waiting for a look-up by this member's account, oldest first. */
export async function findWaiting(db: Db, account: AccountRef, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('profile_lookups')
    .select('contact_urn')
    .where('workspace_id', '=', account.workspaceId)
    .where('team_member_id', '=', account.teamMemberId)
    .where('waiting_since', 'is not', null)
    .orderBy('waiting_since')
    .orderBy('contact_urn')
    .limit(limit)
    .execute();
  return rows.map((r) => r.contact_urn);
}

/** These people wait for a look-up by this member's account (since `now`, unless they already wait). */
export async function markWaiting(db: Db, account: AccountRef, urns: string[], now: number): Promise<void> {
  // One statement per few hundred people: a sync meets hundreds of new people at once.
  for (let i = 0; i < urns.length; i += 500) {
    await db
      .insertInto('profile_lookups')
      .values(urns.slice(i, i + 500).map((urn) => ({ workspace_id: account.workspaceId, contact_urn: urn, team_member_id: account.teamMemberId, waiting_since: now, looked_up_at: null, outcome: null })))
      .onConflict((oc) => oc.columns(['workspace_id', 'contact_urn']).doUpdateSet({ waiting_since: sql`coalesce(profile_lookups.waiting_since, ${now})` }))
      .execute();
  }
}

/** A look-up made: the person waits no more. */
export async function settleLookup(db: Db, account: AccountRef, urn: string, outcome: 'FOUND' | 'NOT_FOUND', now: number): Promise<void> {
  await db
    .insertInto('profile_lookups')
    .values({ workspace_id: account.workspaceId, contact_urn: urn, team_member_id: account.teamMemberId, waiting_since: null, looked_up_at: now, outcome })
    .onConflict((oc) => oc.columns(['workspace_id', 'contact_urn']).doUpdateSet({ waiting_since: null, looked_up_at: now, outcome }))
    .execute();
}

/** Contacts of the workspace as profiles (their company with them), and when each was last written. */
export async function storedProfiles(db: Db, workspaceId: string, urns: string[]): Promise<Map<string, { profile: NetworkProfile; writtenAt: number }>> {
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
