// Operator actions (command line now, a console later): campaigns are not created through the API.
import type { Db } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { UsageError } from '../shared/errors.js';
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

export async function createCampaign(db: Db, clock: Clock, workspaceId: string, campaign: NewCampaign) {
  const status = requireStatus(campaign.status ?? 'DRAFT');
  if (campaign.name.trim() === '') throw new UsageError('the campaign needs a name');
  const participantIds = [...new Set(campaign.participantIds ?? [])];
  const wanted = [...new Set([campaign.creatorId, ...participantIds])];
  const found = new Set((await repo.listMembersByIds(db, workspaceId, wanted)).map((m) => m.id));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) throw new UsageError(`not team members of workspace ${workspaceId}: ${missing.join(', ')}`);
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
