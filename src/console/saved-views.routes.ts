// A member's saved views of the leads page: their own, never another member's.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MAX_SAVED_VIEWS } from './console-leads.schemas.js';
import { HttpError } from '../http/error-table.js';
import type { RouteDeps } from '../http/route-deps.js';
import { newId } from '../shared/ids.js';
import { countSavedViews, deleteSavedView, listSavedViews, saveView } from './saved-views.repository.js';
import { documentValidationErrors } from './validation.docs.js';

const tags = ['console'];

export const consoleSavedViewRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  documentValidationErrors(app);
  const who = (request: { consoleSession: { workspaceId: string; memberId: string } | null }) => request.consoleSession!;
  app.get('/app/api/saved-views', { schema: { tags, operationId: 'consoleSavedViews', summary: "The signed-in member's saved views of the leads page, by name", response: { 200: Type.Array(Type.Ref('ConsoleSavedView')) } } }, async (request) =>
    listSavedViews(deps.db, who(request).workspaceId, who(request).memberId),
  );
  app.post('/app/api/saved-views', {
    schema: {
      tags, operationId: 'consoleSaveView', summary: `Save the leads page's filters under a name (the same name again: its query replaced); at most ${MAX_SAVED_VIEWS} per member (409 beyond)`,
      body: Type.Ref('ConsoleNewSavedView'), response: { 201: Type.Ref('ConsoleSavedView'), 409: Type.Ref('ErrorDetail'), 422: Type.Ref('HTTPValidationError') },
    },
  }, async (request, reply) => {
    const { workspaceId, memberId } = who(request);
    const body = request.body as { name: string; query: string };
    const name = body.name.trim();
    const existing = await listSavedViews(deps.db, workspaceId, memberId);
    if (!existing.some((v) => v.name === name) && Number((await countSavedViews(deps.db, workspaceId, memberId)).n) >= MAX_SAVED_VIEWS) {
      throw new HttpError(409, `At most ${MAX_SAVED_VIEWS} saved views per member: delete one first`);
    }
    return reply.code(201).send(await saveView(deps.db, { workspace_id: workspaceId, id: newId('sv'), member_id: memberId, name, query: body.query, created_at: deps.clock.now() }));
  });
  app.delete('/app/api/saved-views/:view_id', {
    schema: { tags, operationId: 'consoleDeleteSavedView', summary: 'Delete one of your saved views', params: Type.Object({ view_id: Type.String() }), response: { 204: Type.Null(), 404: Type.Ref('ErrorDetail') } },
  }, async (request, reply) => {
    const { workspaceId, memberId } = who(request);
    if (!(await deleteSavedView(deps.db, workspaceId, memberId, request.params.view_id))) throw new HttpError(404, 'Saved view not found');
    return reply.code(204).send(null);
  });
};
