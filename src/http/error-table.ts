// The one mapping from domain error codes to HTTP statuses and bodies (decisions.md).
import type { DomainErrorCode } from '../shared/errors.js';

export const domainErrorTable: Record<DomainErrorCode, { status: number; detail: string }> = {
  lead_not_found: { status: 400, detail: 'Lead record not found' },
  note_not_found: { status: 400, detail: 'Note not found' },
  invalid_cursor: { status: 400, detail: 'Invalid cursor' },
  invalid_team_member_filter: { status: 400, detail: 'Invalid team_member_id' },
  campaign_not_found: { status: 404, detail: 'Campaign not found' },
  campaign_archived: { status: 400, detail: 'Campaign is archived' },
  team_member_forbidden: { status: 403, detail: 'Invalid team_member_id' },
  account_not_connected: { status: 403, detail: "Team member's network account is not connected" },
  contact_not_found: { status: 400, detail: 'Contact not found' },
  contact_not_connected: {
    status: 406,
    detail: 'Contact is not connected with the team member; send a connection request first',
  },
  // Each limit says which it is (docs/unipile.md "Budgets"); Retry-After tells until it refills.
  network_limit_reached: { status: 429, detail: "The team member's network account reached its invitation limit; try again later" },
  network_lookup_limit_reached: { status: 429, detail: "The team member's network account spent today's profile look-ups; try again later" },
  network_message_limit_reached: { status: 429, detail: "The team member's network account reached its message limit; try again later" },
  network_own_limit_reached: { status: 429, detail: "The network refused: the team member's account reached one of the network's own limits; try again later" },
  // The workspace is bound to no network (docs/decisions.md "Networks and bindings"): nothing was sent or recorded.
  no_network_bound: { status: 409, detail: 'No network is bound to this workspace; nothing was sent' },
  network_unavailable: { status: 503, detail: 'The network is temporarily unavailable; try again later' },
  // One answer for an unknown hook and a wrong or missing secret: which hooks exist is not told.
  hook_unauthorized: { status: 401, detail: 'Unknown hook or wrong hook secret' },
  hook_body_invalid: { status: 400, detail: 'The delivery is not a JSON document' },
  webhook_not_found: { status: 404, detail: 'Webhook subscription not found' },
  // One sentence for every refusal (not https, does not resolve, a private address): the service does not map the caller's network for them.
  webhook_url_refused: { status: 422, detail: 'The webhook URL is refused: it must be an https URL whose host resolves to public addresses only' },
  webhook_url_unresolvable: { status: 422, detail: 'The webhook URL is refused: its host does not resolve' },
};

/** Errors Fastify and its plugins raise themselves, before or around a route. */
export const frameworkErrorTable: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: 'Request body too large' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: 'There was an error parsing the body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: 'There was an error parsing the body' },
  // A request target the router cannot read as a path (`*`, an absolute URL): no route has it.
  FST_ERR_BAD_URL: { status: 404, detail: 'Not Found' },
  // `..` out of the static directory: there is no such file, as Starlette answers.
  FST_STATIC_FORBIDDEN_PATH: { status: 404, detail: 'Not Found' },
};

/** Errors of the HTTP parser, raised before there is a request (no route, no hooks). */
export const clientErrorTable: Record<string, { status: number; detail: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'Request Header Fields Too Large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'Request Timeout' },
};

/** An error raised at the HTTP edge itself (auth, rate limit, transport), already in wire terms. */
export class HttpError extends Error {
  constructor(readonly statusCode: number, readonly detail: string, readonly headers: Record<string, string> = {}) {
    super(detail);
    this.name = 'HttpError';
  }
}
