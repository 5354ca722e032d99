import type { Db } from '../db/database.js';
import type { SortSpec } from '../db/keyset.js';
import { paginate } from '../db/paginate.js';
import { DomainError } from '../shared/errors.js';
import type { Clock } from '../shared/clock.js';
import { groupBy } from '../shared/group-by.js';
import { newId } from '../shared/ids.js';
import { toIso } from '../shared/time.js';
import { toWorkspaceUser } from '../workspace/workspace.service.js';
import type { TeamMembersTable } from '../db/schema/workspace.table.js';
import * as repo from './campaigns.repository.js';
import type { Campaign, CampaignStatus, ContactStatus, EnrolProfile } from './campaigns.schemas.js';
import type { CampaignsTable, NewCampaignContact } from '../db/schema/campaigns.table.js';

/** Who is asking and how pictures are linked: what every campaign view needs from the request. */
export interface CampaignView {
  workspaceId: string;
  placeholderPicture: string;
}

const iso = (ms: number | null | undefined) => (ms == null ? null : toIso(ms));

/**
 * A list page shows the first contacts of each campaign, in enrolment order: a page of 50
 * campaigns of 10,000 contacts each was 118 MB and 2.2 GB of server memory (docs/decisions.md).
 * `contacts_total` says how many there are; the campaign's own GET lists them all.
 */
export const LIST_CONTACTS_PER_CAMPAIGN = 100;

/** Builds full campaign objects for the given rows: every contact, or the first `contactLimit` of each. */
async function toCampaigns(db: Db, view: CampaignView, rows: CampaignsTable[], contactLimit: number | null): Promise<Campaign[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const creatorIds = [...new Set(rows.map((r) => r.creator_id))];
  const [participants, contacts, totals, creators] = await Promise.all([
    repo.listParticipants(db, view.workspaceId, ids),
    Promise.all(ids.map((id) => repo.listContacts(db, view.workspaceId, id, contactLimit))).then((lists) => lists.flat()),
    repo.countContacts(db, view.workspaceId, ids),
    repo.listMembersByIds(db, view.workspaceId, creatorIds),
  ]);
  const user = (m: TeamMembersTable) => toWorkspaceUser(m, view.placeholderPicture);
  const participantsOf = groupBy(participants, (p) => p.campaign_id);
  const contactsOf = groupBy(contacts, (c) => c.campaign_id);
  const creatorsById = new Map(creators.map((c) => [c.id, c]));
  return rows.map((row) => {
    const creator = creatorsById.get(row.creator_id);
    if (!creator) throw new Error(`campaign ${row.id} has no creator ${row.creator_id} in its workspace`);
    return {
      id: row.id,
      name: row.name,
      status: row.status as CampaignStatus,
      creator: user(creator),
      participants: (participantsOf.get(row.id) ?? []).map(({ campaign_id: _, ...m }) => user(m)),
      description: row.description,
      contacts: (contactsOf.get(row.id) ?? []).map((c) => ({
        id: c.id, first_name: c.first_name, last_name: c.last_name, network_urn: c.network_urn, network_handle: c.username,
        status: c.status as ContactStatus, status_reason: c.status_reason, sender_id: c.sender_id,
        invited_at: iso(c.invited_at), connected_at: iso(c.connected_at), finished_at: iso(c.finished_at),
      })),
      contacts_total: totals.get(row.id) ?? 0,
    };
  });
}

/** Newest first, the id breaking ties. */
const CAMPAIGN_ORDER: SortSpec = { nullableFirst: false, columns: [{ column: 'created_at', dir: 'desc' }, { column: 'id', dir: 'desc' }] };

export async function listCampaigns(db: Db, secret: Buffer, view: CampaignView, query: { limit?: number; cursor?: string }) {
  const page = await paginate<CampaignsTable>({
    secret,
    scope: { workspaceId: view.workspaceId, endpoint: 'campaigns', sort: 'newest_first', filters: {} },
    spec: CAMPAIGN_ORDER,
    limit: query.limit ?? 50, // the schema default fills it in; this only satisfies the type
    cursor: query.cursor,
    windowStart: () => null,
    source: async () => ({
      rows: (conditions, order, n) => repo.selectCampaignPage(db, view.workspaceId, conditions, order, n),
      total: () => repo.countCampaigns(db, view.workspaceId),
    }),
  });
  return { total: page.total, items: await toCampaigns(db, view, page.rows, LIST_CONTACTS_PER_CAMPAIGN), has_more: page.cursor !== null, cursor: page.cursor };
}

export async function getCampaign(db: Db, view: CampaignView, campaignId: string): Promise<Campaign> {
  const row = await repo.findCampaign(db, view.workspaceId, campaignId);
  if (!row) throw new DomainError('campaign_not_found');
  const [campaign] = await toCampaigns(db, view, [row], null);
  return campaign!;
}

const OPTIONAL_FIELDS = ['network_urn', 'first_name', 'last_name', 'email', 'crm_id'] as const;

/**
 * Idempotent by username (case-insensitive): a known username is not added again, but the
 * optional fields given (non-null) update it. Enrolling into a COMPLETED campaign reopens it.
 */
export async function enrolProfiles(db: Db, clock: Clock, workspaceId: string, campaignId: string, profiles: EnrolProfile[]) {
  // Within one request a repeated username merges, later values winning.
  const byKey = new Map<string, EnrolProfile>();
  for (const p of profiles) {
    const key = p.username.toLowerCase();
    const merged = { ...byKey.get(key) } as EnrolProfile;
    for (const [field, value] of Object.entries(p)) if (value !== null && value !== undefined) (merged as any)[field] = value;
    byKey.set(key, { ...merged, username: byKey.get(key)?.username ?? p.username });
  }
  await db.transaction().execute(async (tx) => {
    const campaign = await repo.findCampaign(tx, workspaceId, campaignId);
    if (!campaign) throw new DomainError('campaign_not_found');
    if (campaign.status === 'ARCHIVED') throw new DomainError('campaign_archived');
    const now = clock.now();
    const existing = await repo.findContactsByUsernameKey(tx, workspaceId, campaignId, [...byKey.keys()]);
    const known = new Map(existing.map((row) => [row.username_key, row]));
    const fresh: NewCampaignContact[] = [];
    for (const [key, p] of byKey) {
      const row = known.get(key);
      if (!row) {
        fresh.push({
          workspace_id: workspaceId, campaign_id: campaignId, id: newId('cc'), username: p.username, username_key: key,
          network_urn: p.network_urn ?? null, first_name: p.first_name ?? null, last_name: p.last_name ?? null,
          email: p.email ?? null, crm_id: p.crm_id ?? null, status: 'QUEUED', created_at: now, updated_at: now,
        });
        continue;
      }
      const changes = Object.fromEntries(OPTIONAL_FIELDS.filter((f) => p[f] != null && p[f] !== row[f]).map((f) => [f, p[f]]));
      if (Object.keys(changes).length > 0) await repo.updateContact(tx, workspaceId, row.id, { ...changes, updated_at: now });
    }
    for (let i = 0; i < fresh.length; i += 100) await repo.insertContacts(tx, fresh.slice(i, i + 100));
    if (campaign.status === 'COMPLETED') await repo.updateCampaignStatus(tx, workspaceId, campaignId, 'ACTIVE', now);
  });
  return {};
}
