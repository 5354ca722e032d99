// The console's calls: openapi-fetch typed by @warmline/client's generated `paths` (the /app/api
// routes are in the service's OpenAPI document). The session cookie goes by itself (same origin);
// the CSRF token learnt at sign-in goes in a header on every state-changing request.
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '@warmline/client';

export type Lead = components['schemas']['LinkedinLeadExport'];
export type LeadsPage = components['schemas']['WorkspaceLeadsPageResponse'];
export type Session = components['schemas']['ConsoleSession'];
export type ApiKey = components['schemas']['ConsoleApiKey'];
export type LeadWhy = components['schemas']['ConsoleLeadWhy'];

let csrf = '';
export const setCsrf = (token: string) => { csrf = token; };

const withCsrf: Middleware = {
  onRequest({ request }) {
    if (request.method !== 'GET') request.headers.set('x-csrf-token', csrf);
    return request;
  },
};

export const api = createClient<paths>({ baseUrl: location.origin, credentials: 'same-origin' });
api.use(withCsrf);

/** The `detail` of an error answer, as one readable line. */
export function describe(error: unknown): string {
  const detail = (error as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) return detail.map((d: { loc?: unknown[]; msg?: string }) => `${(d.loc ?? []).slice(1).join('.')}: ${d.msg}`).join('; ');
  return 'Something went wrong';
}

/** Field errors of a 422 by their place in the body (`note_template`, `limits.daily_invitations`). */
export function fieldErrors(error: unknown): Record<string, string> {
  const detail = (error as { detail?: unknown } | undefined)?.detail;
  if (!Array.isArray(detail)) return {};
  return Object.fromEntries(detail.map((d: { loc?: (string | number)[]; msg?: string }) => [(d.loc ?? []).slice(1).join('.'), d.msg ?? 'invalid']));
}
