// The campaign pages' shapes, straight from the generated client (the service's OpenAPI document).
import type { components, operations } from '@warmline/client';

type Json<R> = R extends { content: { 'application/json': infer T } } ? T : never;

export type CampaignList = components['schemas']['NetworkingCampaignList'];
export type Campaign = Json<operations['consoleGetCampaign']['responses'][200]>;
export type CampaignChanges = NonNullable<operations['consoleConfigureCampaign']['requestBody']>['content']['application/json'];
export type CampaignStats = Json<operations['consoleCampaignStats']['responses'][200]>;
export type Limits = Campaign['limits'];

