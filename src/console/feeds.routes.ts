// The console's Feeds page: the two v2 feeds (same query, same service) and tracking contacts.
// Registered inside consoleSessionRoutes: session cookie and CSRF, never an API key.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { listTrackedContacts, searchContacts, trackContact, TrackingError, untrackContact, type TrackingFailure } from '../contacts/tracking.service.js';
import { FeedQuerySchema } from '../content/feed.schemas.js';
import { listFeed } from '../content/feed.service.js';
import { HttpError } from '../http/error-table.js';
import type { RouteDeps } from '../http/route-deps.js';
import type { ConsoleSession } from './console-auth.service.js';
import { documentValidationErrors } from './validation.docs.js';

const ERR = Type.Ref('ErrorDetail');
const tags = ['console'];
const NOT_FOUND: Record<TrackingFailure, string> = {
  member_not_found: 'Team member not found',
  contact_not_found: 'Contact not found',
  not_tracked: 'The member does not track this contact',
};

function answerTracking(err: unknown): never {
  if (err instanceof TrackingError) throw new HttpError(404, NOT_FOUND[err.reason]);
  throw err;
}

/** Members change their own tracking; admins anyone's. */
function trackerOf(session: ConsoleSession, memberId: string | undefined): string {
  const id = memberId ?? session.memberId;
  if (id !== session.memberId && session.role !== 'admin') throw new HttpError(403, "Only admins change another member's tracked contacts");
  return id;
}

export const consoleFeedRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  documentValidationErrors(app);
  const session = (request: { consoleSession: ConsoleSession | null }) => request.consoleSession!;
  const feed = { querystring: FeedQuerySchema, response: { 200: Type.Ref('TeamFeedPostsListResponse'), 400: ERR } };

  app.get('/app/api/feeds/team', { schema: { tags, operationId: 'consoleTeamFeed', summary: 'GET /v2/content/team/feed for the signed-in workspace', ...feed } }, async (request) =>
    listFeed(deps, session(request).workspaceId, 'team', request.query),
  );
  app.get('/app/api/feeds/tracked', { schema: { tags, operationId: 'consoleTrackedFeed', summary: 'GET /v2/content/tracked-contacts/feed for the signed-in workspace', ...feed } }, async (request) =>
    listFeed(deps, session(request).workspaceId, 'tracked', request.query),
  );

  app.get('/app/api/contacts', {
    schema: {
      tags, operationId: 'consoleSearchContacts', summary: "The workspace's known contacts whose name, username or headline contains the text (at most 20)",
      querystring: Type.Object({ q: Type.String({ minLength: 1, maxLength: 100 }) }),
      response: { 200: Type.Array(Type.Ref('ConsoleContactChoice')) },
    },
  }, async (request) => searchContacts(deps.db, session(request).workspaceId, request.query.q, 20));

  app.get('/app/api/tracked-contacts', {
    schema: {
      tags, operationId: 'consoleListTrackedContacts', summary: 'Contacts tracked by the team, or by one member',
      querystring: Type.Object({ team_member_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }),
      response: { 200: Type.Array(Type.Ref('ConsoleTrackedContact')), 404: ERR },
    },
  }, async (request) => listTrackedContacts(deps.db, session(request).workspaceId, request.query.team_member_id ?? null).catch(answerTracking));

  app.post('/app/api/tracked-contacts', {
    schema: { tags, operationId: 'consoleTrackContact', summary: 'Track a known contact: their posts join the tracked-contacts feed as ingestion syncs them', body: Type.Ref('ConsoleTrack'), response: { 204: Type.Null(), 404: ERR } },
  }, async (request, reply) => {
    const body = request.body as { contact_urn: string; team_member_id?: string };
    const s = session(request);
    await trackContact(deps.db, s.workspaceId, trackerOf(s, body.team_member_id), body.contact_urn).catch(answerTracking);
    return reply.code(204).send(null);
  });

  app.delete('/app/api/tracked-contacts/:team_member_id/:contact_urn', {
    schema: {
      tags, operationId: 'consoleUntrackContact', summary: 'Stop tracking a contact',
      params: Type.Object({ team_member_id: Type.String(), contact_urn: Type.String() }),
      response: { 204: Type.Null(), 404: ERR },
    },
  }, async (request, reply) => {
    const s = session(request);
    await untrackContact(deps.db, s.workspaceId, trackerOf(s, request.params.team_member_id), request.params.contact_urn).catch(answerTracking);
    return reply.code(204).send(null);
  });
};
