// The Warmline v2 client: calls go through openapi-fetch, typed by the types generated from the
// service's own OpenAPI document (schema.ts), one method per operation, grouped by resource.
import createClient from 'openapi-fetch';
import { errorFromResponse } from './errors.js';
import { walkPages, type Page } from './paging.js';
import { attemptsFor, DEFAULT_RETRY_POLICY, retryingFetch, type RetryPolicy } from './retry.js';
import type { components, operations, paths } from './schema.js';

type Schemas = components['schemas'];
export type Lead = Schemas['LinkedinLeadExport'];
export type LeadUpdate = Schemas['LeadUpdatePayload'];
export type FeedPost = Schemas['TeamFeedPostRead'];
export type Campaign = Schemas['NetworkingCampaignRead'];
export type WorkspaceUser = Schemas['ApiWorkspaceUserRead'];

type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;
/** A paged list's filters: everything but the cursor, which the iterator follows itself. */
type ListQuery<Op extends keyof operations> = Omit<Query<Op>, 'cursor'>;
type Body<Op extends keyof operations> = operations[Op] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

export interface WarmlineClientOptions {
  /** The service's URL, e.g. https://127.0.0.1:8443 (the server of its OpenAPI document). */
  baseUrl: string;
  /** An API key (`warmline key create`), sent as a Bearer token. */
  apiKey: string;
  /** The fetch to use (default: the global one), e.g. one with its own TLS settings. */
  fetch?: (request: Request) => Promise<Response>;
  /** 429 handling; see RetryPolicy for the defaults. */
  retry?: Partial<RetryPolicy>;
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a 2xx answer; any other answer throws its WarmlineError. */
async function unwrap<T>(call: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw errorFromResponse(response, error, attemptsFor(response));
  return data as T;
}

export type WarmlineClient = ReturnType<typeof createWarmlineClient>;

export function createWarmlineClient(options: WarmlineClientOptions) {
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const transport = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const api = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${options.apiKey}` },
    fetch: retryingFetch(transport, policy),
  });

  /** Every item of a paged list, one page per request. */
  const list = <T>(page: (cursor: string | undefined) => Promise<Answer<Page<T>>>) => walkPages((cursor) => unwrap(page(cursor)));

  return {
    /** The openapi-fetch client underneath, for anything the methods below do not cover. */
    api,
    health: () => unwrap(api.GET('/v2/health')),
    ready: () => unwrap(api.GET('/v2/ready')),
    workspace: {
      users: () => unwrap(api.GET('/v2/workspace/users')),
      credits: () => unwrap(api.GET('/v2/workspace/credits')),
    },
    leads: {
      /** Every lead matching the filters: `for await (const lead of client.leads.list({ status: 'QUALIFIED' }))`. */
      list: (query: ListQuery<'listLeads'> = {}): AsyncIterable<Lead> => list((cursor) => api.GET('/v2/leads', { params: { query: { ...query, cursor } } })),
      /** One page, with the total and the cursor of the next. */
      page: (query: Query<'listLeads'> = {}) => unwrap(api.GET('/v2/leads', { params: { query } })),
      get: (leadId: string) => unwrap(api.GET('/v2/leads/{lead_id}', { params: { path: { lead_id: leadId } } })),
      update: (leadId: string, body: LeadUpdate) => unwrap(api.PATCH('/v2/leads/{lead_id}', { params: { path: { lead_id: leadId } }, body })),
    },
    content: {
      teamFeed: (query: ListQuery<'listTeamFeed'> = {}): AsyncIterable<FeedPost> =>
        list((cursor) => api.GET('/v2/content/team/feed', { params: { query: { ...query, cursor } } })),
      trackedContactsFeed: (query: ListQuery<'listTrackedContactsFeed'> = {}): AsyncIterable<FeedPost> =>
        list((cursor) => api.GET('/v2/content/tracked-contacts/feed', { params: { query: { ...query, cursor } } })),
    },
    campaigns: {
      list: (query: ListQuery<'listCampaigns'> = {}): AsyncIterable<Campaign> =>
        list((cursor) => api.GET('/v2/networking/campaigns', { params: { query: { ...query, cursor } } })),
      get: (campaignId: string) => unwrap(api.GET('/v2/networking/campaigns/{campaign_id}', { params: { path: { campaign_id: campaignId } } })),
      enroll: (campaignId: string, body: Body<'enrollCampaignProfiles'>) =>
        unwrap(api.PUT('/v2/networking/campaigns/{campaign_id}', { params: { path: { campaign_id: campaignId } }, body })),
    },
    connections: {
      check: (body: Body<'checkConnection'>) => unwrap(api.PATCH('/v2/networking/connections/check', { body })),
      send: (body: Body<'sendConnectionRequest'>) => unwrap(api.POST('/v2/networking/connections/send', { body })),
      directMessage: (body: Body<'sendDirectMessage'>) => unwrap(api.POST('/v2/networking/connections/direct-message', { body })),
    },
  };
}
