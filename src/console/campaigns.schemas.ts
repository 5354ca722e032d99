// Shapes of the console's campaign pages (/app/api/campaigns…). Only types and sizes here: the
// rules (ranges, the note's limit, working hours) are the domain's, checked where it saves.
import { Type, type Static } from 'typebox';
import { CAMPAIGN_STATUSES, CONTACT_STATUSES } from '../campaigns/campaigns.schemas.js';
import { NullableString, StringEnum } from '../shared/schemas.js';
import { SENDER_POLICIES } from '../outreach/campaign-settings.js';

const Text = (description: string) => Type.String({ maxLength: 5000, description });
const Id = Type.String({ maxLength: 200 });

const LimitsShape = {
  daily_invitations: Type.Integer({ description: 'Invitations per sender per calendar day (sender time zone).' }),
  weekly_invitations: Type.Integer({ description: 'Invitations per sender per rolling 7 days.' }),
  daily_messages: Type.Integer({ description: 'Messages per sender per calendar day.' }),
  work_start_hour: Type.Integer({ description: 'Working hours start (local to each sender, Monday to Friday).' }),
  work_end_hour: Type.Integer({ description: 'Working hours end (exclusive).' }),
};
const SettingsShape = {
  note_template: NullableString({ maxLength: 5000, description: 'Invitation note; {{first_name}} {{last_name}} {{company}}.' }),
  follow_up_template: NullableString({ maxLength: 5000, description: 'Message after acceptance (same placeholders); null: none.' }),
  follow_up_delay_hours: Type.Integer({ description: 'Hours after acceptance before the follow-up.' }),
  follow_ups: Type.Array(
    Type.Object({
      template: Text('Message of this step (same placeholders).'),
      delay_hours: Type.Integer({ description: 'Hours after the previous step was sent.' }),
    }),
    { maxItems: 10, description: 'Further follow-up steps after the first (at most 5 steps in all), each sent its delay after the one before; a reply ends the sequence.' },
  ),
  sender_policy: StringEnum(SENDER_POLICIES),
};

export const ConsoleCampaignSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: StringEnum(CAMPAIGN_STATUSES),
  description: NullableString(),
  creator_id: Type.String(),
  participant_ids: Type.Array(Type.String(), { description: 'The senders.' }),
  contacts_total: Type.Integer(),
  settings: Type.Object(SettingsShape),
  limits: Type.Object(LimitsShape, { description: "The workspace's sending limits: they apply to every campaign; admins change them." }),
  note_limit: Type.Integer({ description: "The network's limit on an invitation note, in characters." }),
  members: Type.Array(Type.Object({ id: Type.String(), email: Type.String(), name: NullableString(), time_zone: Type.String(), integration_status: Type.String() }), {
    description: 'Team members who may send.',
  }),
}, { $id: 'ConsoleCampaign', title: 'ConsoleCampaign' });
export type ConsoleCampaign = Static<typeof ConsoleCampaignSchema>;

export const NewCampaignBody = Type.Object({
  name: Type.String({ maxLength: 200 }),
  description: Type.Optional(NullableString({ maxLength: 5000 })),
  participant_ids: Type.Optional(Type.Array(Id, { maxItems: 100, description: 'Senders; default: the signed-in member.' })),
}, { $id: 'ConsoleNewCampaign', title: 'ConsoleNewCampaign' });
export type NewCampaign = Static<typeof NewCampaignBody>;

export const CampaignChangesBody = Type.Object({
  participant_ids: Type.Optional(Type.Array(Id, { maxItems: 100, description: 'The senders, exactly.' })),
  note_template: Type.Optional(SettingsShape.note_template),
  follow_up_template: Type.Optional(SettingsShape.follow_up_template),
  follow_up_delay_hours: Type.Optional(SettingsShape.follow_up_delay_hours),
  follow_ups: Type.Optional(SettingsShape.follow_ups),
  sender_policy: Type.Optional(SettingsShape.sender_policy),
  limits: Type.Optional(Type.Partial(Type.Object(LimitsShape), { description: "Changes the workspace's sending limits (admins)." })),
}, { $id: 'ConsoleCampaignChanges', title: 'ConsoleCampaignChanges' });
export type CampaignChanges = Static<typeof CampaignChangesBody>;

/** Start (ACTIVE), pause (back to DRAFT: only ACTIVE campaigns send) or archive. */
export const StatusBody = Type.Object({ status: StringEnum(['ACTIVE', 'DRAFT', 'ARCHIVED'] as const) }, { $id: 'ConsoleCampaignStatus', title: 'ConsoleCampaignStatus' });
export type CampaignStatus = Static<typeof StatusBody>;

export const EnrolLeadsBody = Type.Object({ lead_ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }) }, { $id: 'ConsoleEnrolLeads', title: 'ConsoleEnrolLeads' });
export type EnrolLeads = Static<typeof EnrolLeadsBody>;
export const EnrolReportSchema = Type.Object({
  enrolled: Type.Array(Type.String(), { description: 'Lead ids enrolled now.' }),
  skipped: Type.Array(Type.Object({ lead_id: Type.String(), reason: Type.String() }), { description: 'Lead ids not enrolled, each with why (not found, no network username, already enrolled, a duplicate).' }),
}, { $id: 'ConsoleEnrolReport', title: 'ConsoleEnrolReport' });

const Use = Type.Object({ used: Type.Integer(), limit: Type.Integer() });
export const CampaignStatsSchema = Type.Object({
  id: Type.String(),
  status: StringEnum(CAMPAIGN_STATUSES),
  contacts: Type.Object(Object.fromEntries(CONTACT_STATUSES.map((s) => [s, Type.Integer()])), { description: 'Contacts per state.' }),
  acceptance_rate: Type.Union([Type.Number(), Type.Null()], { description: 'Of the contacts invited, the share who accepted; null before any invitation.' }),
  reply_rate: Type.Union([Type.Number(), Type.Null()], { description: 'Of the contacts connected or replied, the share who replied.' }),
  senders: Type.Array(
    Type.Object({
      team_member_id: Type.String(),
      time_zone: Type.String(),
      integration_status: Type.String(),
      invitations_today: Use,
      invitations_7_days: Use,
      messages_today: Use,
      paused: Type.Union([Type.Object({ reason: Type.String(), until: NullableString() }), Type.Null()]),
      waiting: NullableString({ description: 'Outside working hours: when the sender may act next.' }),
    }),
  ),
  days: Type.Array(Type.Object({ day: Type.String({ format: 'date' }), invitations: Type.Integer(), acceptances: Type.Integer(), replies: Type.Integer() }), {
    description: 'The last 14 UTC days, oldest first.',
  }),
}, { $id: 'ConsoleCampaignStats', title: 'ConsoleCampaignStats' });

/** Registered once (api.routes featureSchemas): the routes and the OpenAPI document refer to them by name. */
export const consoleCampaignSchemas = [ConsoleCampaignSchema, NewCampaignBody, CampaignChangesBody, StatusBody, EnrolLeadsBody, EnrolReportSchema, CampaignStatsSchema];
