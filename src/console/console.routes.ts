// The console's own API under /app/api: sign-in outside the session, everything else inside it.
// It is not under the v2 API key limiter (sign-in has its own lock-out) and reads only the cookie.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createApiKey, listApiKeys, revokeApiKey } from '../auth/api-keys.service.js';
import { HttpError } from '../http/error-table.js';
import { registerIdempotency } from '../http/idempotency.js';
import type { RouteDeps } from '../http/route-deps.js';
import { assetUrl, PLACEHOLDER_PATH } from '../http/asset-url.js';
import { updateLead } from '../leads/lead-update.service.js';
import { LeadParamsSchema, LeadsQuerySchema, type LeadUpdate } from '../leads/leads.schemas.js';
import { getLead, listLeads } from '../leads/leads.service.js';
import { acceptInvite, ConsoleAuthError, signIn, signOutEverywhere, type ConsoleSession } from './console-auth.service.js';
import { clearSessionCookie, requireAdmin, requireSession, setSessionCookie } from './session.hooks.js';
import { activityPage } from '../workspace/activity.service.js';
import { ActivityQuerySchema } from './console.schemas.js';
import { consoleLeadWhyRoutes } from './lead-why.routes.js';
import { consoleLeadSearchRoutes } from './lead-search.routes.js';
import { consoleSavedViewRoutes } from './saved-views.routes.js';
import { consoleLeadsBulkRoutes } from './leads-bulk.routes.js';
import { consoleLeadsExportRoutes } from './leads-export.routes.js';
import { consoleCampaignRoutes } from './campaigns.routes.js';
import { consoleFeedRoutes } from './feeds.routes.js';
import { consoleSettingsRoutes } from './settings.routes.js';
import { consoleTeamRoutes } from './team.routes.js';

const ERR = Type.Ref('ErrorDetail');
const FAILURES = {
  invalid_link: [400, 'This link is invalid, used or expired; ask an admin for a new one'],
  weak_password: [400, 'The password must have at least 10 characters'],
  bad_credentials: [401, 'Wrong email or password'],
  locked: [429, 'Too many failed sign-in attempts; try again in 15 minutes'],
} as const;

function answerFailure(err: unknown): never {
  if (err instanceof ConsoleAuthError) {
    const [status, detail] = FAILURES[err.reason];
    throw new HttpError(status, detail, err.reason === 'locked' ? { 'retry-after': '900' } : {});
  }
  throw err;
}

const sessionBody = (s: ConsoleSession) => ({ workspace_id: s.workspaceId, member_id: s.memberId, email: s.email, role: s.role, csrf_token: s.csrfToken });
const tags = ['console'];

export const consolePublicRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.post('/app/api/sign-in', {
    schema: { tags, security: [], operationId: 'consoleSignIn', summary: 'Sign in to the console (sets the session cookie)', body: Type.Ref('ConsoleSignIn'), response: { 200: Type.Ref('ConsoleSession'), 401: ERR, 429: ERR } },
  }, async (request, reply) => {
    const body = request.body as { email: string; password: string };
    const { token, session } = await signIn(deps.db, deps.clock, body.email, body.password, request.ip).catch(answerFailure);
    setSessionCookie(reply, token);
    return sessionBody(session);
  });
  app.post('/app/api/password', {
    schema: { tags, security: [], operationId: 'consoleSetPassword', summary: "Set a member's password through a one-time invitation link", body: Type.Ref('ConsoleSetPassword'), response: { 204: Type.Null(), 400: ERR } },
  }, async (request, reply) => {
    const body = request.body as { token: string; password: string };
    await acceptInvite(deps.db, deps.clock, body.token, body.password).catch(answerFailure);
    return reply.code(204).send(null);
  });
};

export const consoleSessionRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  requireSession(app, deps.db, deps.clock);
  registerIdempotency(app, { db: deps.db, clock: deps.clock, secret: deps.secret, workspaceOf: (request) => request.consoleSession!.workspaceId });
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ ConsoleSession: [] }], response: { 401: ERR, 403: ERR, ...(route.schema?.response as object) } };
  });
  const placeholder = (request: Parameters<typeof assetUrl>[0]) => assetUrl(request, deps.config.publicUrl, PLACEHOLDER_PATH);
  const ws = (request: { consoleSession: ConsoleSession | null }) => request.consoleSession!.workspaceId;

  app.get('/app/api/session', { schema: { tags, operationId: 'consoleSession', summary: 'The signed-in member', response: { 200: Type.Ref('ConsoleSession') } } }, async (request) => sessionBody(request.consoleSession!));
  app.post('/app/api/sign-out', { schema: { tags, operationId: 'consoleSignOut', summary: "Sign out everywhere (every session of the member ends)", response: { 204: Type.Null() } } }, async (request, reply) => {
    await signOutEverywhere(deps.db, request.consoleSession!);
    clearSessionCookie(reply);
    return reply.code(204).send(null);
  });

  app.get('/app/api/leads', {
    schema: { tags, operationId: 'consoleListLeads', summary: 'GET /v2/leads for the signed-in workspace', querystring: LeadsQuerySchema, response: { 200: Type.Ref('WorkspaceLeadsPageResponse'), 400: ERR } },
  }, async (request, reply) => reply.type('application/json; charset=utf-8').send((await listLeads(deps, ws(request), request.query, placeholder(request))).text));
  app.get('/app/api/leads/:lead_id', {
    schema: { tags, operationId: 'consoleGetLead', summary: 'GET /v2/leads/{lead_id} for the signed-in workspace', params: LeadParamsSchema, response: { 200: Type.Ref('LinkedinLeadExport'), 400: ERR } },
  }, async (request) => getLead(deps.db, ws(request), request.params.lead_id, placeholder(request)));
  app.patch('/app/api/leads/:lead_id', {
    schema: { tags, operationId: 'consoleUpdateLead', summary: 'PATCH /v2/leads/{lead_id} for the signed-in workspace', params: LeadParamsSchema, body: Type.Ref('LeadUpdatePayload'), response: { 200: Type.Ref('LinkedinLeadExport'), 400: ERR } },
  }, async (request) => updateLead(deps.db, deps.clock, ws(request), request.params.lead_id, request.body as LeadUpdate, placeholder(request)));

  app.get('/app/api/keys', { schema: { tags, operationId: 'consoleListKeys', summary: "The workspace's API keys (admins)", response: { 200: Type.Array(Type.Ref('ConsoleApiKey')) } } }, async (request) =>
    (await listApiKeys(deps.db, requireAdmin(request).workspaceId)).map(({ workspace_id: _w, ...key }) => key),
  );
  app.get('/app/api/activity', {
    schema: { tags, operationId: 'consoleActivity', summary: "The workspace's activity log, newest first (admins)", querystring: ActivityQuerySchema, response: { 200: Type.Ref('ConsoleActivityPage'), 400: ERR } },
  }, async (request) => activityPage(deps.db, requireAdmin(request).workspaceId, request.query.limit ?? 50, request.query.cursor ?? null));
  app.post('/app/api/keys', { schema: { tags, operationId: 'consoleCreateKey', summary: 'Create an API key, shown once (admins)', body: Type.Ref('ConsoleNewKey'), response: { 201: Type.Ref('ConsoleCreatedKey') } } }, async (request, reply) => {
    const admin = requireAdmin(request);
    const created = await createApiKey(deps.db, deps.clock, admin.workspaceId, (request.body as { name: string }).name, { kind: 'member', id: admin.memberId });
    return reply.code(201).send(created);
  });
  app.delete('/app/api/keys/:key_id', { schema: { tags, operationId: 'consoleRevokeKey', summary: 'Revoke an API key at once (admins)', params: Type.Object({ key_id: Type.String() }), response: { 204: Type.Null(), 404: ERR } } }, async (request, reply) => {
    const admin = requireAdmin(request);
    const keys = await listApiKeys(deps.db, admin.workspaceId);
    if (!keys.some((k) => k.id === request.params.key_id)) throw new HttpError(404, 'API key not found');
    await revokeApiKey(deps.db, deps.clock, request.params.key_id, { kind: 'member', id: admin.memberId });
    return reply.code(204).send(null);
  });

  // The leads page's endpoints beyond v2, inside this session context (its hook and documented 401/403).
  await app.register(consoleLeadsBulkRoutes, deps);
  await app.register(consoleLeadWhyRoutes, deps);
  await app.register(consoleLeadSearchRoutes, deps);
  await app.register(consoleSavedViewRoutes, deps);
  await app.register(consoleLeadsExportRoutes, deps);
  // The Campaigns, Feeds, Team and Settings pages: children, so the session, CSRF and documentation hooks above apply.
  await app.register(consoleCampaignRoutes, deps);
  await app.register(consoleFeedRoutes, deps);
  await app.register(consoleTeamRoutes, deps);
  await app.register(consoleSettingsRoutes, deps);
};
