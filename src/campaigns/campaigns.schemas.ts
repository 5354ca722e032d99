import { Type, type Static } from 'typebox';
import { NullableString, StringEnum } from '../shared/schemas.js';
import { USERNAME_PATTERN } from '../shared/handles.js';

export const CAMPAIGN_STATUSES = ['DRAFT', 'ACTIVE', 'COMPLETED', 'ARCHIVED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CONTACT_STATUSES = ['QUEUED', 'INVITED', 'CONNECTED', 'REPLIED', 'FAILED', 'SKIPPED', 'WITHDRAWN'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CampaignContactSchema = Type.Object(
  {
    id: Type.String(),
    first_name: NullableString(),
    last_name: NullableString(),
    network_urn: NullableString(),
    network_handle: NullableString({ description: 'Username on the external network.' }),
    status: StringEnum(CONTACT_STATUSES, { description: 'Outreach progress; REPLIED (the contact wrote back: no further follow-up), FAILED, SKIPPED and WITHDRAWN are final; CONNECTED is, once its follow-up is sent.' }),
    status_reason: NullableString({ description: 'Why the contact is in its state (skips, failures, withdrawals).' }),
    sender_id: NullableString({ description: 'The participant who invited (or is connected to) the contact.' }),
    invited_at: NullableString({ format: 'date-time' }),
    connected_at: NullableString({ format: 'date-time' }),
    finished_at: NullableString({ format: 'date-time', description: 'When the contact reached its final state.' }),
  },
  { $id: 'NetworkingCampaignContact', title: 'NetworkingCampaignContact' },
);

export const CampaignSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    status: StringEnum(CAMPAIGN_STATUSES),
    creator: Type.Ref('ApiWorkspaceUserRead'),
    participants: Type.Array(Type.Ref('ApiWorkspaceUserRead')),
    description: NullableString(),
    contacts: Type.Array(Type.Ref('NetworkingCampaignContact'), {
      description:
        'The enrolled contacts in enrolment order: all of them from GET /v2/networking/campaigns/{campaign_id}; in a list page, the first 100 of each campaign (contacts_total tells whether there are more).',
    }),
    contacts_total: Type.Integer({ description: 'How many contacts are enrolled in the campaign.' }),
  },
  { $id: 'NetworkingCampaignRead', title: 'NetworkingCampaignRead' },
);
export type Campaign = Static<typeof CampaignSchema>;

export const CampaignListSchema = Type.Object(
  {
    total: Type.Integer({ description: 'Number of campaigns in the workspace.' }),
    items: Type.Array(Type.Ref('NetworkingCampaignRead')),
    has_more: Type.Boolean({ default: false }),
    cursor: NullableString({ description: 'Cursor for the next page; null when exhausted.' }),
  },
  { $id: 'NetworkingCampaignList', title: 'NetworkingCampaignList' },
);

export const CampaignListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 50, description: 'Page size, 1 to 50.' })),
  cursor: Type.Optional(Type.String({ description: 'Cursor from the previous page.' })),
});

export const CampaignParams = Type.Object({ campaign_id: Type.String() });

// Handles and URNs are indexed; a PostgreSQL index entry holds about 2.7 kB, and no network
// handle or URN comes near 200 characters (docs/decisions.md).
export const MAX_HANDLE_LENGTH = 200;

export const EnrolProfileSchema = Type.Object({
  username: Type.String({ maxLength: MAX_HANDLE_LENGTH, pattern: USERNAME_PATTERN, description: 'Public handle on the external network: letters and digits, then also - _ and . (no spaces).' }),
  network_urn: Type.Optional(NullableString({ maxLength: MAX_HANDLE_LENGTH })),
  first_name: Type.Optional(NullableString()),
  last_name: Type.Optional(NullableString()),
  email: Type.Optional(NullableString()),
  crm_id: Type.Optional(NullableString({ description: 'External CRM record id.' })),
});
export type EnrolProfile = Static<typeof EnrolProfileSchema>;

export const EnrolBody = Type.Object({
  profiles: Type.Array(EnrolProfileSchema, { minItems: 1, maxItems: 1000 }),
});

export const campaignSchemas = [CampaignContactSchema, CampaignSchema, CampaignListSchema];
