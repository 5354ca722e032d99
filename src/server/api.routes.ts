// Every authenticated feature, registered inside the API context (auth, rate limit, 401/422/429 docs).
import type { FastifyInstance } from 'fastify';
import { campaignRoutes } from '../campaigns/campaigns.routes.js';
import { campaignSchemas } from '../campaigns/campaigns.schemas.js';
import { connectionRoutes } from '../connections/connections.routes.js';
import { feedRoutes } from '../content/feed.routes.js';
import { feedSchemas } from '../content/feed.schemas.js';
import { consoleCampaignSchemas } from '../console/campaigns.schemas.js';
import { consoleSchemas } from '../console/console.schemas.js';
import { consoleLeadsSchemas } from '../console/console-leads.schemas.js';
import { consoleTeamSchemas } from '../console/team.schemas.js';
import { leadsRoutes } from '../leads/leads.routes.js';
import { leadSchemas } from '../leads/leads.schemas.js';
import { workspaceRoutes } from '../workspace/workspace.routes.js';
import { workspaceSchemas } from '../workspace/workspace.schemas.js';
import type { RouteDeps } from '../http/route-deps.js';
import { webhookRoutes } from '../webhooks/webhooks.routes.js';
import { webhookSchemas } from '../webhooks/webhooks.schemas.js';

/** Component schemas of the features, named in the OpenAPI document by their $id. */
export const featureSchemas = [...workspaceSchemas, ...leadSchemas, ...feedSchemas, ...campaignSchemas, ...webhookSchemas, ...consoleSchemas, ...consoleLeadsSchemas, ...consoleTeamSchemas, ...consoleCampaignSchemas];

export async function registerApiRoutes(api: FastifyInstance, deps: RouteDeps): Promise<void> {
  await api.register(workspaceRoutes, deps);
  await api.register(leadsRoutes, deps);
  await api.register(feedRoutes, deps);
  await api.register(campaignRoutes, deps);
  await api.register(connectionRoutes, deps);
  await api.register(webhookRoutes, deps);
}
