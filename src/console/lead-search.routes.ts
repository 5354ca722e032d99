// The leads page's search, its company picker and the drawer's history with post links: console
// endpoints beside the v2 list, whose query parameters the spec fixes (docs/console.md, "Search").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { assetUrl, PLACEHOLDER_PATH } from '../http/asset-url.js';
import type { RouteDeps } from '../http/route-deps.js';
import { leadHistoryWithPosts } from '../leads/lead-history.service.js';
import { companyChoices, searchLeads } from '../leads/lead-search.service.js';
import { LeadParamsSchema } from '../leads/leads.schemas.js';
import { CompanyChoicesQuerySchema, LeadSearchQuerySchema } from './console-leads.schemas.js';
import { documentValidationErrors } from './validation.docs.js';

const tags = ['console'];

export const consoleLeadSearchRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  documentValidationErrors(app);
  app.get('/app/api/leads/search', {
    schema: {
      tags, operationId: 'consoleSearchLeads',
      summary: "Leads whose name or headline words start with every word of q, or whose company's name holds q; up to limit in the sort (no cursor: has_more says there are more, narrow the search)",
      querystring: LeadSearchQuerySchema, response: { 200: Type.Ref('WorkspaceLeadsPageResponse') },
    },
  }, async (request) => searchLeads(deps.reads, request.consoleSession!.workspaceId, request.query, assetUrl(request, deps.config.publicUrl, PLACEHOLDER_PATH)));
  app.get('/app/api/companies', {
    schema: { tags, operationId: 'consoleCompanyChoices', summary: "Up to 20 of the workspace's companies whose name or slug holds q, by name (the leads page's company picker)", querystring: CompanyChoicesQuerySchema, response: { 200: Type.Array(Type.Ref('ConsoleCompanyChoice')) } },
  }, async (request) => (await companyChoices(deps.reads, request.consoleSession!.workspaceId, request.query.q)).map((c) => ({ id: Number(c.id), slug: c.slug, name: c.name })));
  app.get('/app/api/leads/:lead_id/history', {
    schema: { tags, operationId: 'consoleLeadHistory', summary: "A lead's history, oldest first, each engagement with the post it was on", params: LeadParamsSchema, response: { 200: Type.Array(Type.Ref('ConsoleLeadHistoryEntry')), 400: Type.Ref('ErrorDetail') } },
  }, async (request) => leadHistoryWithPosts(deps.db, request.consoleSession!.workspaceId, request.params.lead_id));
};
