import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { EmptyObjectSchema } from '../shared/schemas.js';
import type { RouteDeps } from '../http/route-deps.js';
import { registerModelCheck } from '../http/validation/validate.js';
import { CheckBody, ConnectionExistsSchema, DirectMessageBody, EXACTLY_ONE_CONTACT, SendBody } from './connections.schemas.js';
import { checkConnection, sendDirectMessage, sendInvitation } from './connections.service.js';

// Like the original Pydantic model validator: runs once every field is valid, reports at ["body"].
registerModelCheck(EXACTLY_ONE_CONTACT, (body) =>
  (body.contact_urn != null) === (body.lead_id != null) ? 'exactly one of contact_urn and lead_id must be provided' : null,
);

const errors = { 400: Type.Ref('ErrorDetail'), 403: Type.Ref('ErrorDetail'), 503: Type.Ref('ErrorDetail') };
/** Send and direct-message act on the workspace's network; a workspace bound to none has none. */
const unbound = { 409: Type.Ref('ErrorDetail') };
const UNBOUND_TEXT = ' 409 when the workspace is bound to no network: nothing is sent or recorded.';

export const connectionRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.patch(
    '/v2/networking/connections/check',
    {
      config: { readsOnly: true },
      schema: {
        tags: ['networking'],
        operationId: 'checkConnection', summary: 'Check a connection',
        description:
          'exists is true only for an accepted connection (a pending invitation is false). Asks the workspace\'s network; ' +
          'a workspace bound to no network is answered from its recorded connections.',
        body: CheckBody,
        response: { 200: ConnectionExistsSchema, ...errors },
      },
    },
    async (request) => checkConnection(deps, request.workspaceId, request.body),
  );

  app.post(
    '/v2/networking/connections/send',
    {
      schema: {
        tags: ['networking'],
        operationId: 'sendConnectionRequest', summary: 'Send a connection request',
        description: 'Creates a pending invitation. While one is pending, or once connected, nothing new is sent (still 200).' + UNBOUND_TEXT,
        body: SendBody,
        response: { 200: EmptyObjectSchema, ...errors, ...unbound, 429: Type.Ref('ErrorDetail') },
      },
    },
    async (request) => sendInvitation(deps, request.workspaceId, request.body),
  );

  app.post(
    '/v2/networking/connections/direct-message',
    {
      schema: {
        tags: ['networking'],
        operationId: 'sendDirectMessage', summary: 'Send a direct message',
        description:
          'Each accepted call delivers exactly one message. A retry carrying the same Idempotency-Key header ' +
          '(and the same member, contact and text) is not delivered again. 406 when not connected.' + UNBOUND_TEXT,
        body: DirectMessageBody,
        response: { 200: EmptyObjectSchema, ...errors, ...unbound, 406: Type.Ref('ErrorDetail') },
      },
    },
    async (request) => {
      const header = request.headers['idempotency-key'];
      return sendDirectMessage(deps, request.workspaceId, request.body, typeof header === 'string' ? header : undefined);
    },
  );
};
