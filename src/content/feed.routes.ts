import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PageCache } from '../http/page-cache.js';
import type { RouteDeps } from '../http/route-deps.js';
import { FeedQuerySchema } from './feed.schemas.js';
import { listFeed } from './feed.service.js';

export const feedRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const response = { 200: Type.Ref('TeamFeedPostsListResponse'), 400: Type.Ref('ErrorDetail') };
  const pages = new PageCache(deps.clock, deps.metrics);
  app.get(
    '/v2/content/team/feed',
    {
      schema: { tags: ['content'], operationId: 'listTeamFeed', summary: 'Team feed', description: 'Posts published by workspace team members.', querystring: FeedQuerySchema, response },
    },
    async (request, reply) => pages.send(request, reply, () => listFeed(deps, request.workspaceId, 'team', request.query)),
  );
  app.get(
    '/v2/content/tracked-contacts/feed',
    {
      schema: {
        tags: ['content'],
        operationId: 'listTrackedContactsFeed', summary: 'Tracked contacts feed',
        description: 'Posts published by contacts that workspace members (or the given member) track.',
        querystring: FeedQuerySchema,
        response,
      },
    },
    async (request, reply) => pages.send(request, reply, () => listFeed(deps, request.workspaceId, 'tracked', request.query)),
  );
};
