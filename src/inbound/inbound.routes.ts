// The endpoint Unipile calls: outside /v2 (no API key; the hook's secret authenticates), with its
// own rate limit, and its own body reader: the delivery is read as bytes whatever its content
// type (Unipile sends none unless told to), and only read as JSON once the secret matched.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { registerRateLimit, type RateLimitStore } from '../http/rate-limit.js';
import type { RouteDeps } from '../http/route-deps.js';
import { receiveDelivery, type ReceiveDeps } from './inbox.service.js';

/** The routes' own: the provider's delivery format beside what every route is given. */
export type HookRouteDeps = RouteDeps & Pick<ReceiveDeps, 'webhookFormat'>;

const DeliveryAnswer = Type.Object({
  status: Type.Union([Type.Literal('stored'), Type.Literal('duplicate'), Type.Literal('ignored')], {
    description: 'stored: kept for the worker; duplicate: that event was stored before (nothing new); ignored: an event the service does not act on (nothing stored).',
  }),
});

const hookRoutes: FastifyPluginAsyncTypebox<HookRouteDeps> = async (app, deps) => {
  const { secretHeader } = deps.webhookFormat;
  app.post(
    '/hooks/unipile/:hookId',
    {
      schema: {
        tags: ['hooks'],
        operationId: 'receiveUnipileWebhook',
        security: [{ UnipileHookSecret: [] }],
        summary: 'Unipile webhook delivery',
        description:
          `Called by Unipile, not by API clients. Authenticated by the workspace's hook secret in the \`${secretHeader}\` header ` +
          '(no API key; 401 and nothing stored otherwise). The event (new relation, message received, account status) is stored once ' +
          'by its identity and applied by the worker; the answer does not wait for it. A body that is not JSON: 400, nothing stored. ' +
          'Rate limited per hook and client address, apart from the API.',
        params: Type.Object({ hookId: Type.String({ description: 'The workspace hook id (in the URL registered at Unipile).' }) }),
        headers: Type.Object({ [secretHeader]: Type.Optional(Type.String({ description: "The workspace's hook secret." })) }),
        response: { 200: DeliveryAnswer, 400: Type.Ref('ErrorDetail'), 401: Type.Ref('ErrorDetail'), 429: Type.Ref('ErrorDetail') },
      },
    },
    async (request) => ({ status: await receiveDelivery(deps, request.params.hookId, request.headers[secretHeader], request.body as Buffer | undefined) }),
  );
};

/** Its own plugin context: the bytes reader and the rate limit apply to the hooks only. */
export async function registerHooks(app: FastifyInstance, deps: HookRouteDeps, store: RateLimitStore): Promise<void> {
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    await registerRateLimit(hooks, {
      perMinute: deps.config.hookRateLimit,
      store,
      onRejected: () => deps.metrics.rateLimitRejected(),
      keyGenerator: (request: FastifyRequest) => `hook:${(request.params as { hookId?: string }).hookId ?? ''}|${request.ip}`,
    });
    await hooks.register(hookRoutes, deps);
  });
}
