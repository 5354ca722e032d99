// Bulk qualify/disqualify of a selection: one request, one transaction (src/leads/lead-bulk.service.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpError } from '../http/error-table.js';
import type { RouteDeps } from '../http/route-deps.js';
import { setLeadsStatus } from '../leads/lead-bulk.service.js';

export const consoleLeadsBulkRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.post('/app/api/leads/bulk-status', {
    schema: {
      tags: ['console'],
      operationId: 'consoleBulkLeadStatus',
      summary: 'Qualify or disqualify a selection of leads, all or none',
      description: 'Each lead changes as PATCH /v2/leads/{lead_id} would change it (history, lead.updated). When any id is not a lead of the workspace, nothing changes and the answer names them.',
      body: Type.Ref('ConsoleBulkStatus'),
      response: { 200: Type.Ref('ConsoleBulkStatusResult'), 400: Type.Ref('ErrorDetail') },
    },
  }, async (request) => {
    const { lead_ids, status } = request.body as { lead_ids: string[]; status: 'QUALIFIED' | 'DISQUALIFIED' };
    const result = await setLeadsStatus(deps.db, deps.clock, request.consoleSession!.workspaceId, lead_ids, status);
    if (result.missing.length > 0) throw new HttpError(400, `Lead records not found (nothing changed): ${result.missing.join(', ')}`);
    return result;
  });
};
