import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RouteDeps } from '../http/route-deps.js';
import { DeliveryListQuery, WebhookCreateBody, WebhookParams, WebhookUpdateBody } from './webhooks.schemas.js';
import * as service from './webhooks.service.js';
import type { Actor } from '../workspace/activity.service.js';

const notFound = { 404: Type.Ref('ErrorDetail') };
/** The activity log's actor of a v2 request: its API key. */
const keyActor = (request: { apiKeyId: string }): Actor => ({ kind: 'api_key', id: request.apiKeyId });

export const webhookRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const wdeps = () => ({ db: deps.db, clock: deps.clock, secret: deps.secret, allowPrivate: deps.config.webhooksAllowPrivate });

  app.post(
    '/v2/webhooks',
    {
      schema: {
        tags: ['webhooks'], operationId: 'createWebhook', summary: 'Create a webhook subscription',
        description: 'Events of the given types are POSTed to the URL, signed per Standard Webhooks (docs/webhooks.md). The answer carries the signing secret, shown this once.',
        body: WebhookCreateBody,
        response: { 201: Type.Ref('WebhookSubscriptionCreated'), 422: Type.Ref('ErrorDetail') },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createSubscription(wdeps(), request.workspaceId, request.body, keyActor(request))),
  );

  app.get(
    '/v2/webhooks',
    { schema: { tags: ['webhooks'], operationId: 'listWebhooks', summary: 'List webhook subscriptions', description: 'Every subscription of the workspace, oldest first; never their secrets.', response: { 200: Type.Ref('WebhookSubscriptionList'), 400: Type.Ref('ErrorDetail') } } },
    async (request) => service.listSubscriptions(deps.db, request.workspaceId),
  );

  app.get(
    '/v2/webhooks/:webhook_id',
    { schema: { tags: ['webhooks'], operationId: 'getWebhook', summary: 'Get a webhook subscription', description: 'One subscription; never its secret.', params: WebhookParams, response: { 200: Type.Ref('WebhookSubscription'), ...notFound } } },
    async (request) => service.getSubscription(deps.db, request.workspaceId, request.params.webhook_id),
  );

  app.patch(
    '/v2/webhooks/:webhook_id',
    {
      schema: {
        tags: ['webhooks'], operationId: 'updateWebhook', summary: 'Update a webhook subscription',
        description: 'Changes the URL (checked again), the event types or `enabled`. Enabling a subscription the service disabled sends its waiting events again, oldest first.',
        params: WebhookParams, body: WebhookUpdateBody,
        response: { 200: Type.Ref('WebhookSubscription'), ...notFound, 422: Type.Ref('ErrorDetail') },
      },
    },
    async (request) => service.updateSubscription(wdeps(), request.workspaceId, request.params.webhook_id, request.body, keyActor(request)),
  );

  app.delete(
    '/v2/webhooks/:webhook_id',
    { schema: { tags: ['webhooks'], operationId: 'deleteWebhook', summary: 'Delete a webhook subscription', description: 'With its waiting events and its delivery log.', params: WebhookParams, response: { 204: Type.Null(), ...notFound } } },
    async (request, reply) => {
      await service.deleteSubscription(deps, request.workspaceId, request.params.webhook_id, keyActor(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v2/webhooks/:webhook_id/test',
    {
      schema: {
        tags: ['webhooks'], operationId: 'testWebhook', summary: 'Send a test event',
        description: 'Queues a `webhook.test` event for this subscription alone, delivered by the worker after its waiting events; see the delivery log for the outcome.',
        params: WebhookParams, response: { 202: Type.Ref('WebhookTestEvent'), ...notFound },
      },
    },
    async (request, reply) => reply.code(202).send(await service.sendTestEvent(wdeps(), request.workspaceId, request.params.webhook_id)),
  );

  app.get(
    '/v2/webhooks/:webhook_id/deliveries',
    {
      schema: {
        tags: ['webhooks'], operationId: 'listWebhookDeliveries', summary: 'List delivery attempts',
        description: "The subscription's delivery attempts, newest first (status, response time, error), paged with a signed cursor.",
        params: WebhookParams, querystring: DeliveryListQuery,
        response: { 200: Type.Ref('WebhookDeliveryList'), 400: Type.Ref('ErrorDetail'), ...notFound },
      },
    },
    async (request) => service.listDeliveries(wdeps(), request.workspaceId, request.params.webhook_id, request.query),
  );
};
