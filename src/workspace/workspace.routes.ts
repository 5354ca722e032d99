import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { assetUrl, PLACEHOLDER_PATH } from '../http/asset-url.js';
import type { RouteDeps } from '../http/route-deps.js';
import { getCreditBalance, listWorkspaceUsers } from './workspace.service.js';

export const workspaceRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.get(
    '/v2/workspace/users',
    {
      schema: {
        tags: ['workspace'],
        operationId: 'listWorkspaceUsers', summary: 'List workspace team members',
        description: 'All team members of the workspace, active seats first, then by email.',
        response: { 200: Type.Array(Type.Ref('ApiWorkspaceUserRead')) },
      },
    },
    async (request) =>
      listWorkspaceUsers(deps.db, request.workspaceId, assetUrl(request, deps.config.publicUrl, PLACEHOLDER_PATH)),
  );

  app.get(
    '/v2/workspace/credits',
    {
      schema: {
        tags: ['workspace'],
        operationId: 'getWorkspaceCredits', summary: 'Workspace credit balance',
        description: 'The sum of the credit ledger and the time of its last entry.',
        response: { 200: Type.Ref('WorkspaceBalanceRead') },
      },
    },
    async (request) => getCreditBalance(deps.db, request.workspaceId),
  );
};
