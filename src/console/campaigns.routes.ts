// The console's campaign pages under /app/api/campaigns: list, create, configure, start/pause/
// archive, statistics, and enrolling leads (the leads page's selection). Session and CSRF only,
// never an API key (registered inside consoleSessionRoutes); every rule is the domain's (console-campaigns.service.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { CampaignListQuery, CampaignParams } from '../campaigns/campaigns.schemas.js';
import { listCampaigns } from '../campaigns/campaigns.service.js';
import { enrolLeads } from '../campaigns/enrol-leads.service.js';
import { assetUrl, PLACEHOLDER_PATH } from '../http/asset-url.js';
import { HttpError } from '../http/error-table.js';
import type { RouteDeps } from '../http/route-deps.js';
import { InvalidSetting } from '../shared/errors.js';
import type { CampaignChanges, CampaignStatus, EnrolLeads, NewCampaign } from './campaigns.schemas.js';
import {
  changeCampaignStatus, changeConsoleCampaign, consoleCampaignStats, consoleField, createConsoleCampaign, LimitsForAdmins, readConsoleCampaign,
} from './console-campaigns.service.js';
import type { ConsoleSession } from './console-auth.service.js';
import { fieldRefusal } from './field-refusal.js';

const ERR = Type.Ref('ErrorDetail');
const INVALID = Type.Ref('HTTPValidationError');
const tags = ['console'];

const LIMIT_FIELDS = ['daily_invitations', 'weekly_invitations', 'daily_messages', 'work_start_hour', 'work_end_hour'];

/**
 * The domain's refusal of a setting answered as a 422 whose `loc` names the field, so the form
 * shows the message beside it; nothing was saved.
 */
async function orRefusal<T>(reply: FastifyReply, body: object, work: Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof LimitsForAdmins) throw new HttpError(403, "Only admins change the workspace's sending limits");
    if (!(err instanceof InvalidSetting)) throw err;
    const field = consoleField(err.field);
    // A follow-up step's field (`follow_ups[1].template`) is located down to the step and its field.
    const [, stepIndex, stepField] = /^follow_ups\[(\d+)\]\.(\w+)$/.exec(err.field) ?? [];
    const path = LIMIT_FIELDS.includes(field) ? ['limits', field] : stepField ? ['follow_ups', Number(stepIndex), stepField] : [field];
    // Beside its field the message need not name it again ("dailyInvitations must be …" → "Must be …").
    const msg = err.message.startsWith(`${err.field} `) ? err.message.charAt(err.field.length + 1).toUpperCase() + err.message.slice(err.field.length + 2) : err.message;
    return fieldRefusal(reply, body, path, msg);
  }
}

export const consoleCampaignRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const session = (request: { consoleSession: ConsoleSession | null }) => request.consoleSession!;
  const params = { params: CampaignParams };

  app.get('/app/api/campaigns', {
    schema: { tags, operationId: 'consoleListCampaigns', summary: 'GET /v2/networking/campaigns for the signed-in workspace', querystring: CampaignListQuery, response: { 200: Type.Ref('NetworkingCampaignList'), 400: ERR } },
  }, async (request) =>
    listCampaigns(deps.reads, deps.secret, { workspaceId: session(request).workspaceId, placeholderPicture: assetUrl(request, deps.config.publicUrl, PLACEHOLDER_PATH) }, request.query),
  );

  app.post('/app/api/campaigns', {
    schema: { tags, operationId: 'consoleCreateCampaign', summary: 'Create a campaign (DRAFT; the signed-in member its creator)', body: Type.Ref('ConsoleNewCampaign'), response: { 201: Type.Ref('ConsoleCampaign'), 422: INVALID } },
  }, async (request, reply) => {
    const body = request.body as NewCampaign;
    return orRefusal(reply, body, createConsoleCampaign(deps.db, deps.clock, session(request), body).then((created) => reply.code(201).send(created)));
  });

  app.get('/app/api/campaigns/:campaign_id', {
    schema: { tags, operationId: 'consoleGetCampaign', summary: 'A campaign with its senders, settings and the limits that apply', ...params, response: { 200: Type.Ref('ConsoleCampaign'), 404: ERR } },
  }, async (request) => readConsoleCampaign(deps.db, session(request).workspaceId, request.params.campaign_id));

  app.patch('/app/api/campaigns/:campaign_id', {
    schema: {
      tags, operationId: 'consoleConfigureCampaign', summary: 'Configure a campaign: senders, note, follow-up, and (admins) the sending limits',
      description: 'All or nothing: the first refused field is answered with 422 (its `loc` names it) and nothing is saved.',
      ...params, body: Type.Ref('ConsoleCampaignChanges'), response: { 200: Type.Ref('ConsoleCampaign'), 404: ERR, 422: INVALID },
    },
  }, async (request, reply) => {
    const body = request.body as CampaignChanges;
    return orRefusal(reply, body, changeConsoleCampaign(deps.db, deps.clock, session(request), request.params.campaign_id, body));
  });

  app.post('/app/api/campaigns/:campaign_id/status', {
    schema: {
      tags, operationId: 'consoleSetCampaignStatus', summary: 'Start (ACTIVE), pause (DRAFT) or archive (ARCHIVED) a campaign',
      description: 'Only ACTIVE campaigns send; pausing moves a campaign back to DRAFT, where it keeps its contacts and their progress.',
      ...params, body: Type.Ref('ConsoleCampaignStatus'), response: { 200: Type.Ref('ConsoleCampaign'), 404: ERR },
    },
  }, async (request) => changeCampaignStatus(deps.db, deps.clock, session(request).workspaceId, request.params.campaign_id, (request.body as CampaignStatus).status));

  app.get('/app/api/campaigns/:campaign_id/stats', {
    schema: { tags, operationId: 'consoleCampaignStats', summary: "A campaign's statistics: contacts per state, rates, events per day, each sender's load against its caps", ...params, response: { 200: Type.Ref('ConsoleCampaignStats'), 404: ERR } },
  }, async (request) => consoleCampaignStats(deps.db, deps.clock, session(request).workspaceId, request.params.campaign_id));

  app.post('/app/api/campaigns/:campaign_id/leads', {
    schema: {
      tags, operationId: 'consoleEnrolLeads', summary: 'Enrol leads of the workspace into a campaign, by their network usernames',
      description: 'Like PUT /v2/networking/campaigns/{campaign_id} with each lead as a profile. Every lead id is reported enrolled or skipped (with the reason). ARCHIVED campaign: 400.',
      ...params, body: Type.Ref('ConsoleEnrolLeads'), response: { 200: Type.Ref('ConsoleEnrolReport'), 400: ERR, 404: ERR },
    },
  }, async (request) => enrolLeads(deps.db, deps.clock, session(request).workspaceId, request.params.campaign_id, (request.body as EnrolLeads).lead_ids));
};
