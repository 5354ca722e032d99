// What an operator gives to bind a workspace to HubSpot (`crm bind <workspace> hubspot`), checked
// with one call before anything is stored: the account's details, which prove the private-app
// token and give the portal id and app domain that the contacts' links need.
import { UsageError } from '../../shared/errors.js';
import type { CrmBindingOptions } from '../crm.options.js';
import { rawJson } from '../crm.http.js';

export const HUBSPOT_API = 'https://api.hubapi.com';
/** HubSpot's default contact property for the LinkedIn profile URL; --profile-property names another. */
export const HUBSPOT_PROFILE_PROPERTY = 'hs_linkedin_url';

export interface HubSpotBindingOptions extends CrmBindingOptions {
  portal_id: string;
  /** app.hubspot.com, app-eu1.hubspot.com, ...: where a contact's page is. */
  ui_domain: string;
  profile_property: string;
}

export interface HubSpotBindInput {
  token: string;
  apiUrl?: string;
  ca?: string | null;
  profileProperty?: string;
  push: CrmBindingOptions['push'];
}

export function readApiUrl(text: string | undefined, fallback: string): string {
  if (text === undefined) return fallback;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--api-url must be an https:// address (got "${text}")`);
  }
  if (url.protocol !== 'https:') throw new UsageError(`--api-url must be an https:// address (got "${text}")`);
  return url.origin;
}

export async function checkHubSpotBinding(input: HubSpotBindInput, timeoutMs: number): Promise<{ options: HubSpotBindingOptions; credential: string }> {
  const apiUrl = readApiUrl(input.apiUrl, HUBSPOT_API);
  const token = input.token.trim();
  if (!token) throw new UsageError('the HubSpot token is empty');
  // The SDK has no account-info call: GET /account-info/v3/details, raw.
  let answer;
  try {
    answer = await rawJson(`${apiUrl}/account-info/v3/details`, { headers: { authorization: `Bearer ${token}` }, ca: input.ca ?? undefined, timeoutMs });
  } catch (err) {
    throw new UsageError(`cannot check the HubSpot token at ${apiUrl}: ${err instanceof Error ? err.message : String(err)}; nothing was stored`);
  }
  if (answer.status === 401 || answer.status === 403) throw new UsageError(`HubSpot at ${apiUrl} refused the token (expired, revoked or without the crm.objects.contacts scopes); nothing was stored`);
  const details = answer.body as { portalId?: unknown; uiDomain?: unknown } | null;
  if (answer.status !== 200 || typeof details?.portalId !== 'number') throw new UsageError(`cannot check the HubSpot token at ${apiUrl}: it answered ${answer.status}; nothing was stored`);
  const options: HubSpotBindingOptions = {
    api_url: apiUrl,
    ...(input.ca ? { ca: input.ca } : {}),
    portal_id: String(details.portalId),
    ui_domain: typeof details.uiDomain === 'string' ? details.uiDomain : 'app.hubspot.com',
    profile_property: input.profileProperty ?? HUBSPOT_PROFILE_PROPERTY,
    push: input.push,
  };
  return { options, credential: token };
}
