// The CSV export of the leads list's current filter and sort, streamed (src/leads/leads-export.service.ts).
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { assetUrl, PLACEHOLDER_PATH } from '../http/asset-url.js';
import type { RouteDeps } from '../http/route-deps.js';
import { exportLeadsCsv } from '../leads/leads-export.service.js';
import { LeadsExportQuerySchema } from './console-leads.schemas.js';

export const consoleLeadsExportRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.get('/app/api/leads/export.csv', {
    schema: {
      tags: ['console'],
      operationId: 'consoleExportLeads',
      summary: 'Every lead of a GET /v2/leads filter and sort as CSV, streamed',
      description: 'RFC 4180 (CRLF, quoted where needed); a cell starting with =, +, -, @, tab or CR is prefixed with \' so spreadsheets never run it.',
      querystring: LeadsExportQuerySchema,
      response: { 200: { description: 'CSV, one header row then one row per lead', content: { 'text/csv': { schema: Type.String() } } }, 400: Type.Ref('ErrorDetail') },
    },
  }, async (request, reply) => {
    const chunks = await exportLeadsCsv(deps, request.consoleSession!.workspaceId, request.query, assetUrl(request, deps.config.publicUrl, PLACEHOLDER_PATH));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="leads.csv"')
      .header('cache-control', 'no-store')
      .send(Readable.from(chunks));
  });
};
