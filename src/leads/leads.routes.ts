import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PageCache } from '../http/page-cache.js';
import { assetUrl, PLACEHOLDER_PATH } from '../http/asset-url.js';
import type { RouteDeps } from '../http/route-deps.js';
import { updateLead } from './lead-update.service.js';
import { LeadParamsSchema, LeadsQuerySchema, type LeadUpdate } from './leads.schemas.js';
import { getLead, listLeads } from './leads.service.js';

export const leadsRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const placeholder = (request: Parameters<typeof assetUrl>[0]) => assetUrl(request, deps.config.publicUrl, PLACEHOLDER_PATH);
  const pages = new PageCache(deps.clock, deps.metrics);

  app.get(
    '/v2/leads',
    {
      schema: {
        tags: ['leads'],
        operationId: 'listLeads', summary: 'List leads',
        description: 'Workspace leads with filters, sorting and keyset cursor pagination. Discarded leads never appear.',
        querystring: LeadsQuerySchema,
        response: { 200: Type.Ref('WorkspaceLeadsPageResponse'), 400: Type.Ref('ErrorDetail') },
      },
    },
    async (request, reply) => pages.send(request, reply, () => listLeads(deps, request.workspaceId, request.query, placeholder(request))),
  );

  app.get(
    '/v2/leads/:lead_id',
    {
      schema: {
        tags: ['leads'],
        operationId: 'getLead', summary: 'Get one lead',
        params: LeadParamsSchema,
        response: { 200: Type.Ref('LinkedinLeadExport'), 400: Type.Ref('ErrorDetail') },
      },
    },
    async (request) => getLead(deps.db, request.workspaceId, request.params.lead_id, placeholder(request)),
  );

  app.patch(
    '/v2/leads/:lead_id',
    {
      schema: {
        tags: ['leads'],
        operationId: 'updateLead', summary: 'Update a lead',
        description: 'Absent or null fields leave the lead unchanged; tags replace the list; note creates or updates a note.',
        params: LeadParamsSchema,
        body: Type.Ref('LeadUpdatePayload'),
        response: { 200: Type.Ref('LinkedinLeadExport'), 400: Type.Ref('ErrorDetail') },
      },
    },
    async (request) => updateLead(deps.db, deps.clock, request.workspaceId, request.params.lead_id, request.body as LeadUpdate, placeholder(request)),
  );
};
