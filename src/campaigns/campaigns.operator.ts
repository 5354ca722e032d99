// Operator actions (the command line and the console): campaigns are not created through the v2 API.
import type { Transaction } from 'kysely';
import type { Database, Db, DbOrTx } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { InvalidSetting, UsageError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import * as repo from './campaigns.repository.js';
import { CAMPAIGN_STATUSES, type CampaignStatus } from './campaigns.schemas.js';

export interface NewCampaign {
  id?: string;
  name: string;
  creatorId: string;
  participantIds?: string[];
  description?: string | null;
  status?: string;
}

function requireStatus(status: string): CampaignStatus {
  if (!(CAMPAIGN_STATUSES as readonly string[]).includes(status)) throw new UsageError(`status must be one of ${CAMPAIGN_STATUSES.join(', ')} (got "${status}")`);
  return status as CampaignStatus;
}

async function requireMembers(db: DbOrTx, workspaceId: string, ids: string[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const found = new Set((await repo.listMembersByIds(db, workspaceId, wanted)).map((m) => m.id));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) throw new InvalidSetting('participant_ids', `not team members of workspace ${workspaceId}: ${missing.join(', ')}`);
}

export async function createCampaign(db: Db, clock: Clock, workspaceId: string, campaign: NewCampaign) {
  const status = requireStatus(campaign.status ?? 'DRAFT');
  if (campaign.name.trim() === '') throw new InvalidSetting('name', 'the campaign needs a name');
  const participantIds = [...new Set(campaign.participantIds ?? [])];
  await requireMembers(db, workspaceId, [campaign.creatorId, ...participantIds]);
  const id = campaign.id ?? newId('cmp');
  if (await repo.findCampaign(db, workspaceId, id)) throw new UsageError(`campaign ${id} exists already`);
  const now = clock.now();
  await db.transaction().execute(async (tx) => {
    await repo.insertCampaign(tx, {
      workspace_id: workspaceId, id, name: campaign.name, status, description: campaign.description ?? null,
      creator_id: campaign.creatorId, settings: '{}', created_at: now, updated_at: now,
    });
    await repo.insertParticipants(tx, workspaceId, id, participantIds);
  });
  return { id };
}

export async function setCampaignStatus(db: Db, clock: Clock, workspaceId: string, campaignId: string, status: string) {
  const next = requireStatus(status);
  const campaign = await repo.findCampaign(db, workspaceId, campaignId);
  if (!campaign) throw new UsageError(`no campaign ${campaignId} in workspace ${workspaceId}`);
  await repo.updateCampaignStatus(db, workspaceId, campaignId, next, clock.now());
  return { id: campaignId, status: next, previous_status: campaign.status };
}

/**
 * The campaign's senders become exactly these members (the engine picks up the change at its next
 * step). Given a transaction by its caller, which saves it together with the campaign's other settings.
 */
export async function setCampaignParticipants(tx: Transaction<Database>, clock: Clock, workspaceId: string, campaignId: string, memberIds: string[]) {
  const campaign = await repo.findCampaign(tx, workspaceId, campaignId);
  if (!campaign) throw new UsageError(`no campaign ${campaignId} in workspace ${workspaceId}`);
  const ids = [...new Set(memberIds)];
  await requireMembers(tx, workspaceId, ids);
  await repo.deleteParticipants(tx, workspaceId, campaignId);
  await repo.insertParticipants(tx, workspaceId, campaignId, ids);
  await repo.touchCampaign(tx, workspaceId, campaignId, clock.now());
  return { id: campaignId, participant_ids: ids };
}
