// The console's Team page: members, their network accounts, their use of the caps, their console
// access; adding a member, making a sign-in link with its role, linking and unlinking an account
// (admins). Registered inside consoleSessionRoutes (session, CSRF).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { serverOrigin } from '../http/asset-url.js';
import { HttpError } from '../http/error-table.js';
import type { RouteDeps } from '../http/route-deps.js';
import { InvalidSetting, UsageError } from '../shared/errors.js';
import { setMemberLink } from '../operator/member-link.operator.js';
import { teamOverview } from '../operator/team-overview.js';
import { findTeamMember } from '../workspace/workspace.repository.js';
import { addTeamMember, setMemberTimeZone } from '../workspace/workspace.service.js';
import { consoleAccess, inviteFromConsole, inviteLink, type Role } from './console-auth.service.js';
import { requireAdmin } from './session.hooks.js';
import { fieldRefusal } from './field-refusal.js';
import { documentValidationErrors } from './validation.docs.js';

const ERR = Type.Ref('ErrorDetail');
const tags = ['console'];

/** The operator's refusal (not bound, account unknown to Unipile…) is the answer's detail. */
function answerRefusal(err: unknown): never {
  if (err instanceof UsageError) throw new HttpError(409, err.message);
  throw err;
}

export const consoleTeamRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  documentValidationErrors(app);
  app.get('/app/api/team', {
    schema: { tags, operationId: 'consoleTeam', summary: "The team: members, their network accounts, their use of the caps (invitations today and over 7 days, messages today)", response: { 200: Type.Ref('ConsoleTeam') } },
  }, async (request) => {
    const workspaceId = request.consoleSession!.workspaceId;
    const [team, access] = await Promise.all([teamOverview(deps.db, deps.clock, workspaceId), consoleAccess(deps.db, workspaceId)]);
    return { ...team, members: team.members.map((m) => ({ ...m, console: access.get(m.id) ?? null })) };
  });

  app.post('/app/api/team/members', {
    schema: { tags, operationId: 'consoleAddMember', summary: 'Add a team member (admins); a sign-in link is made separately', body: Type.Ref('ConsoleNewMember'), response: { 201: Type.Object({ id: Type.String() }), 409: ERR, 422: Type.Ref('HTTPValidationError') } },
  }, async (request, reply) => {
    const body = request.body as { email: string; first_name?: string; last_name?: string; time_zone?: string };
    try {
      return reply.code(201).send(await addTeamMember(deps.db, deps.clock, requireAdmin(request).workspaceId, body));
    } catch (err) {
      // An unknown time zone is the form's field to correct; a taken email is a conflict.
      return err instanceof InvalidSetting ? fieldRefusal(reply, body, [err.field], err.message) : answerRefusal(err);
    }
  });

  app.put('/app/api/team/:member_id/time-zone', {
    schema: {
      tags, operationId: 'consoleSetTimeZone', summary: "A member's time zone, where their working hours apply (the member themself, or an admin)",
      params: Type.Object({ member_id: Type.String() }), body: Type.Ref('ConsoleTimeZone'), response: { 200: Type.Ref('ConsoleTimeZone'), 403: ERR, 404: ERR, 422: Type.Ref('HTTPValidationError') },
    },
  }, async (request, reply) => {
    const session = request.consoleSession!;
    const memberId = (request.params as { member_id: string }).member_id;
    if (memberId !== session.memberId) requireAdmin(request);
    if (!(await findTeamMember(deps.db, session.workspaceId, memberId))) throw new HttpError(404, 'Team member not found');
    const body = request.body as { time_zone: string };
    try {
      return { time_zone: (await setMemberTimeZone(deps.db, session.workspaceId, memberId, body.time_zone)).time_zone };
    } catch (err) {
      if (err instanceof InvalidSetting) return fieldRefusal(reply, body, [err.field], err.message);
      throw err;
    }
  });

  app.post('/app/api/team/:member_id/invite', {
    schema: {
      tags, operationId: 'consoleInviteMember', summary: "A one-time sign-in link for a member, with the role it grants (admins; an admin's own role is refused)",
      params: Type.Object({ member_id: Type.String() }), body: Type.Ref('ConsoleInviteBody'), response: { 201: Type.Ref('ConsoleInviteLink'), 404: ERR, 409: ERR },
    },
  }, async (request, reply) => {
    const admin = requireAdmin(request);
    const memberId = (request.params as { member_id: string }).member_id;
    if (!(await findTeamMember(deps.db, admin.workspaceId, memberId))) throw new HttpError(404, 'Team member not found');
    const { token, expiresAt } = await inviteFromConsole(deps.db, deps.clock, admin, memberId, (request.body as { role: Role }).role).catch(answerRefusal);
    return reply.code(201).send({ url: inviteLink(deps.config.publicUrl ?? serverOrigin(request), token), expires_at: new Date(expiresAt).toISOString() });
  });

  const link = (connected: boolean) => async (request: FastifyRequest) => {
    const workspaceId = requireAdmin(request).workspaceId;
    const memberId = (request.params as { member_id: string }).member_id;
    if (!(await findTeamMember(deps.db, workspaceId, memberId))) throw new HttpError(404, 'Team member not found');
    const accountId = (request.body as { account_id?: string } | undefined)?.account_id;
    return setMemberLink(deps, workspaceId, memberId, { connected, accountId }).catch(answerRefusal);
  };
  const params = Type.Object({ member_id: Type.String() });
  app.post('/app/api/team/:member_id/link', {
    schema: {
      tags, operationId: 'consoleLinkMember', summary: "Link a member's network account (admins): the sandbox's, or the member's Unipile account (account_id)",
      params, body: Type.Ref('ConsoleLink'), response: { 200: Type.Ref('ConsoleLinkResult'), 404: ERR, 409: ERR },
    },
  }, link(true));
  app.post('/app/api/team/:member_id/unlink', {
    schema: { tags, operationId: 'consoleUnlinkMember', summary: "Unlink a member's network account (admins)", params, response: { 200: Type.Ref('ConsoleLinkResult'), 404: ERR, 409: ERR } },
  }, link(false));
};
