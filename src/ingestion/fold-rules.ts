// What decides, for one workspace, whether an engager becomes a lead and how it is flagged:
// loaded once per folded page (a handful of small queries).
import type { DbOrTx } from '../db/database.js';
import { loadForgotten, loadSuppressionMatcher, type PersonFacts } from '../suppression/suppression.service.js';
import { parseIcpRules, type IcpRules } from './icp.js';

export type EnrichmentPolicy = 'all' | 'icp' | 'none';
export const ENRICHMENT_POLICIES: readonly EnrichmentPolicy[] = ['all', 'icp', 'none'];

export interface FoldRules {
  icp: IcpRules | null;
  enrichmentPolicy: EnrichmentPolicy;
  isTargetAccount(company: { id: number; slug: string } | null): boolean;
  isSuppressed(person: PersonFacts): boolean;
  /** Erased on request (`person forget`): nothing of theirs is stored again, not even their engagement. */
  isForgotten(urn: string): boolean;
  isTeamMember(person: { urn: string; username: string | null }): boolean;
}

export async function loadFoldRules(db: DbOrTx, workspaceId: string): Promise<FoldRules> {
  const [settings, accounts, members, isSuppressed, forgotten] = await Promise.all([
    db.selectFrom('ingestion_settings').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst(),
    db.selectFrom('target_accounts').select('value').where('workspace_id', '=', workspaceId).execute(),
    db.selectFrom('team_members').select(['network_urn', 'network_username']).where('workspace_id', '=', workspaceId).execute(),
    loadSuppressionMatcher(db, workspaceId),
    loadForgotten(db, workspaceId),
  ]);
  const targets = new Set(accounts.map((a) => a.value));
  const urns = new Set(members.flatMap((m) => (m.network_urn ? [m.network_urn] : [])));
  const usernames = new Set(members.flatMap((m) => (m.network_username ? [m.network_username.toLowerCase()] : [])));
  return {
    icp: settings?.icp_rules ? parseIcpRules(JSON.parse(settings.icp_rules)) : null,
    enrichmentPolicy: (settings?.enrichment_policy as EnrichmentPolicy | undefined) ?? 'all',
    isTargetAccount: (c) => c !== null && (targets.has(c.slug.toLowerCase()) || targets.has(String(c.id))),
    isSuppressed,
    isForgotten: (urn) => forgotten({ urn }),
    isTeamMember: (p) => urns.has(p.urn) || (p.username !== null && usernames.has(p.username.toLowerCase())),
  };
}
