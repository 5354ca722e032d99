// Builds a workspace's HubSpot from its stored binding (the composition root's registry).
import type { StoredBinding } from '../../network/bindings.js';
import { openBinding, type CrmFactoryDeps } from '../crm.factory.js';
import type { HubSpotBindingOptions } from './hubspot.binding.js';
import { HubSpotCrm } from './hubspot.crm.js';

/**
 * HubSpot's burst limit for a private app: 100 calls per 10 seconds on most plans (190 on
 * Professional and Enterprise); the lower one, so every plan is safe.
 */
export const HUBSPOT_WINDOW = { windowMs: 10_000, calls: 100 };

export function hubspotFactory(deps: CrmFactoryDeps) {
  return (binding: StoredBinding): HubSpotCrm => {
    const options = binding.options as unknown as HubSpotBindingOptions;
    const { token, gate } = openBinding(deps, binding, HUBSPOT_WINDOW);
    return new HubSpotCrm({
      apiUrl: options.api_url,
      token,
      ca: options.ca,
      portalId: options.portal_id,
      uiDomain: options.ui_domain,
      profileProperty: options.profile_property,
      timeoutMs: deps.timeoutMs,
      gate,
    });
  };
}
