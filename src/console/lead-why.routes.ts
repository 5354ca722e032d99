// Why a lead has its score and ICP flag (src/leads/lead-why.service.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RouteDeps } from '../http/route-deps.js';
import { explainLead } from '../leads/lead-why.service.js';
import { LeadParamsSchema } from '../leads/leads.schemas.js';

export const consoleLeadWhyRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.get('/app/api/leads/:lead_id/why', {
    schema: {
      tags: ['console'],
      operationId: 'consoleLeadWhy',
      summary: "Why a lead has its engagement score and ICP flag: its events and the workspace's ICP rules",
      params: LeadParamsSchema,
      response: { 200: Type.Ref('ConsoleLeadWhy'), 400: Type.Ref('ErrorDetail') },
    },
  }, async (request) => explainLead(deps.db, deps.clock, request.consoleSession!.workspaceId, request.params.lead_id));
};
