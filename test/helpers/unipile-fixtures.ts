// A workspace bound to the local fake Unipile, as an operator sets one up (bind with the fake's
// token and certificate, members linked to the fake's accounts), and a campaign on it.
import { createApiKey } from '../../src/auth/api-keys.service.js';
import { createCampaign } from '../../src/campaigns/campaigns.operator.js';
import { enrolProfiles } from '../../src/campaigns/campaigns.service.js';
import type { AppContext } from '../../src/context.js';
import { configureCampaign, type CampaignSettings } from '../../src/outreach/campaign-settings.js';
import { DEFAULT_LIMITS, setLimits, type OutreachLimits } from '../../src/outreach/limits.js';
import { urnOf } from '../../src/network/unipile/unipile.mapping.js';
import type { BudgetOptions } from '../../src/network/unipile/unipile.budget.js';
import { unipileDeps } from '../../src/cli/network.commands.js';
import { bindUnipile, linkMember } from '../../src/operator/unipile.operator.js';
import { addTeamMember, createWorkspace } from '../../src/workspace/workspace.service.js';
import { makeClient } from './client.js';
import type { FakeAccount, FakePerson, FakeUnipile } from './fake-unipile/fake-unipile.js';

/** As the CLI gives them (the composition root's builder). */
export const unipileDepsOf = unipileDeps;

/** Permissive outreach limits: every hour is a working hour, senders space their actions by 2–3 minutes. */
export const OPEN_LIMITS: OutreachLimits = { ...DEFAULT_LIMITS, workStartHour: 0, workEndHour: 24, minSpacingSeconds: 120, maxSpacingSeconds: 180 };

export interface UnipileWorkspace {
  id: string;
  /** A client holding the workspace's API key (null unless a server URL was given). */
  client: ReturnType<typeof makeClient> | null;
  /** team member id → the fake account linked to it. */
  members: { id: string; account: FakeAccount }[];
}

export async function unipileWorkspace(ctx: AppContext, fake: FakeUnipile, options: { members: number; serverUrl?: string; pacing?: Partial<BudgetOptions> }): Promise<UnipileWorkspace> {
  const { db } = ctx.database;
  const { id } = await createWorkspace(db, ctx.clock, 'On Unipile');
  const deps = unipileDepsOf(ctx);
  await bindUnipile(deps, id, { dsn: fake.url, token: fake.token, ca: fake.ca, pacing: options.pacing });
  const members = [];
  for (let i = 0; i < options.members; i++) {
    const account = fake.addAccount(`Seller${i}`, `Of${id.slice(-6)}`);
    const { id: memberId } = await addTeamMember(db, ctx.clock, id, { email: `seller${i}@acme.test`, first_name: `Seller${i}` });
    await linkMember(deps, id, memberId, account.id);
    members.push({ id: memberId, account });
  }
  let client = null;
  if (options.serverUrl) client = makeClient(options.serverUrl, (await createApiKey(db, ctx.clock, id, 'test')).key);
  return { id, client, members };
}

/** An ACTIVE campaign of the workspace's members with `people` enrolled (their urns are the fake's). */
export async function unipileCampaign(ctx: AppContext, ws: UnipileWorkspace, people: FakePerson[], settings: Partial<CampaignSettings>, limits: Partial<OutreachLimits> = OPEN_LIMITS) {
  const { db } = ctx.database;
  const ids = ws.members.map((m) => m.id);
  const { id: campaignId } = await createCampaign(db, ctx.clock, ws.id, { name: 'Real outreach', creatorId: ids[0]!, participantIds: ids, status: 'ACTIVE' });
  await configureCampaign(db, ctx.clock, ws.id, campaignId, settings);
  await setLimits(db, ctx.clock, ws.id, limits);
  await enrolProfiles(db, ctx.clock, ws.id, campaignId, people.map((p) => ({ username: p.publicId, network_urn: urnOf(p.providerId), first_name: p.firstName })));
  return campaignId;
}
