import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { assetUrl, PLACEHOLDER_PATH } from '../http/asset-url.js';
import { EmptyObjectSchema } from '../shared/schemas.js';
import type { RouteDeps } from '../http/route-deps.js';
import { CampaignListQuery, CampaignParams, EnrolBody } from './campaigns.schemas.js';
import { enrolProfiles, getCampaign, listCampaigns } from './campaigns.service.js';

export const campaignRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const view = (request: Parameters<typeof assetUrl>[0]) => ({
    workspaceId: request.workspaceId,
    placeholderPicture: assetUrl(request, deps.config.publicUrl, PLACEHOLDER_PATH),
  });

  app.get(
    '/v2/networking/campaigns',
    {
      schema: {
        tags: ['networking'],
        operationId: 'listCampaigns', summary: 'List campaigns',
        description: 'Campaigns of the workspace, newest first, paged with a signed cursor. `total` counts all campaigns.',
        querystring: CampaignListQuery,
        response: { 200: Type.Ref('NetworkingCampaignList'), 400: Type.Ref('ErrorDetail') },
      },
    },
    async (request) => listCampaigns(deps.reads, deps.secret, view(request), request.query),
  );

  app.get(
    '/v2/networking/campaigns/:campaign_id',
    {
      schema: {
        tags: ['networking'],
        operationId: 'getCampaign', summary: 'Get a campaign',
        description: 'One campaign with its creator, participants and enrolled contacts.',
        params: CampaignParams,
        response: { 200: Type.Ref('NetworkingCampaignRead'), 404: Type.Ref('ErrorDetail') },
      },
    },
    async (request) => getCampaign(deps.db, view(request), request.params.campaign_id),
  );

  app.put(
    '/v2/networking/campaigns/:campaign_id',
    {
      schema: {
        tags: ['networking'],
        operationId: 'enrollCampaignProfiles', summary: 'Enrol profiles into a campaign',
        description:
          'Idempotent by username (case-insensitive); optional fields given again update the contact. ' +
          'A COMPLETED campaign becomes ACTIVE again; an ARCHIVED one gives 400.',
        params: CampaignParams,
        body: EnrolBody,
        response: { 200: EmptyObjectSchema, 400: Type.Ref('ErrorDetail'), 404: Type.Ref('ErrorDetail') },
      },
    },
    async (request) => enrolProfiles(deps.db, deps.clock, request.workspaceId, request.params.campaign_id, request.body.profiles),
  );
};
