// Shapes of the console's Feeds, Team and Settings endpoints (/app/api/...), one schema each.
import { Type } from 'typebox';
import { Nullable, NullableString, StringEnum } from '../shared/schemas.js';
import { IcpRulesSchema, type IcpRules } from '../ingestion/icp.js';
import { EMAIL_PATTERN } from '../shared/handles.js';
import { SUPPRESSION_KINDS } from '../db/schema/suppression.table.js';

const Use = Type.Object({ used: Type.Integer(), limit: Type.Integer() });

export const TrackedContactSchema = Type.Object(
  { team_member_id: Type.String(), contact_urn: Type.String(), name: NullableString(), headline: NullableString(), username: NullableString() },
  { $id: 'ConsoleTrackedContact', title: 'ConsoleTrackedContact' },
);
export const ContactChoiceSchema = Type.Object(
  { urn: Type.String(), name: NullableString(), headline: NullableString(), username: NullableString() },
  { $id: 'ConsoleContactChoice', title: 'ConsoleContactChoice' },
);
export const TrackBodySchema = Type.Object(
  {
    contact_urn: Type.String({ minLength: 1, maxLength: 200 }),
    team_member_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Whose tracking; the signed-in member when left out (admins may name any member).' })),
  },
  { $id: 'ConsoleTrack', title: 'ConsoleTrack' },
);

export const TeamMemberSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: NullableString(),
    is_active_seat: Type.Boolean(),
    time_zone: Type.String(),
    integration_status: Type.String(),
    linked: Type.Boolean({ description: 'The network account can act (integration_status CONNECTED).' }),
    account_id: NullableString({ description: "The member's Unipile account, when linked on Unipile." }),
    usage: Type.Object({ invitations_today: Use, invitations_7_days: Use, messages_today: Use }),
    console: Nullable(
      Type.Object(
        { role: StringEnum(['admin', 'member']), signed_up: Type.Boolean({ description: 'The member has set a password through a link.' }) },
        { description: 'Console access: null until a sign-in link is made for the member.' },
      ),
    ),
  },
  { $id: 'ConsoleTeamMember', title: 'ConsoleTeamMember' },
);
export const TeamSchema = Type.Object(
  { network_provider: Type.String({ description: 'none, sandbox or unipile' }), members: Type.Array(Type.Ref('ConsoleTeamMember')) },
  { $id: 'ConsoleTeam', title: 'ConsoleTeam' },
);
export const NewMemberSchema = Type.Object(
  {
    email: Type.String({ pattern: EMAIL_PATTERN, maxLength: 254, description: 'Unique in the workspace.' }),
    first_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    last_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    time_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'An IANA time zone (working hours apply in it); UTC when left out.' })),
  },
  { $id: 'ConsoleNewMember', title: 'ConsoleNewMember' },
);
export const TimeZoneSchema = Type.Object(
  { time_zone: Type.String({ minLength: 1, maxLength: 64, description: 'An IANA time zone, e.g. Europe/Berlin.' }) },
  { $id: 'ConsoleTimeZone', title: 'ConsoleTimeZone' },
);
export const InviteBodySchema = Type.Object(
  { role: StringEnum(['admin', 'member'], { description: 'The console role the member signs in with (set at once).' }) },
  { $id: 'ConsoleInviteBody', title: 'ConsoleInviteBody' },
);
export const InviteLinkSchema = Type.Object(
  { url: Type.String({ description: 'One-time sign-in link, shown once; it expires.' }), expires_at: Type.String({ format: 'date-time' }) },
  { $id: 'ConsoleInviteLink', title: 'ConsoleInviteLink' },
);
export const LinkBodySchema = Type.Object(
  { account_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "The member's Unipile account id (Unipile only)." })) },
  { $id: 'ConsoleLink', title: 'ConsoleLink' },
);
export const LinkResultSchema = Type.Object({ id: Type.String(), integration_status: Type.String() }, { $id: 'ConsoleLinkResult', title: 'ConsoleLinkResult', additionalProperties: true });

export const CreditLedgerSchema = Type.Object(
  {
    current_balance: Type.Integer(),
    last_updated: Nullable(Type.String({ format: 'date-time' })),
    entries: Type.Array(Type.Object({
      id: Type.String(), delta: Type.Integer(), reason: NullableString(), created_at: Type.String({ format: 'date-time' }),
      lead: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()], { description: 'The lead an email was found for (the reason names its id), when it is still shown.' }),
    })),
  },
  { $id: 'ConsoleCreditLedger', title: 'ConsoleCreditLedger' },
);
export const IcpSettingsSchema = Type.Object(
  { icp_rules: Nullable(Type.Ref('ConsoleIcpRules')) },
  { $id: 'ConsoleIcpSettings', title: 'ConsoleIcpSettings' },
);
/** The rules file's own schema, named for the document without its operator messages (not OpenAPI keywords); the service checks with them. */
const withoutMessages = (schema: object) => JSON.parse(JSON.stringify(schema, (key, value) => (key === 'errorMessage' || key === 'unknownMessage' ? undefined : value)));
export const ConsoleIcpRulesSchema = Type.Unsafe<IcpRules>({ ...withoutMessages(IcpRulesSchema), $id: 'ConsoleIcpRules', title: 'ConsoleIcpRules' });
export const IcpBodySchema = Type.Object(
  { icp_rules: Type.Unknown({ description: 'The rules (ConsoleIcpRules); checked by the service, whose message names the field.' }) },
  { $id: 'ConsoleIcpUpdate', title: 'ConsoleIcpUpdate' },
);
export const TargetAccountSchema = Type.Object(
  { value: Type.String({ maxLength: 200, description: 'A company slug or numeric id (stored in lower case).' }) },
  { $id: 'ConsoleTargetAccount', title: 'ConsoleTargetAccount' },
);

const Entry = Type.Object({ line: Type.Integer(), kind: StringEnum(SUPPRESSION_KINDS), value: Type.String() });
export const SuppressionSchema = Type.Object(
  { kind: StringEnum(SUPPRESSION_KINDS), value: Type.String(), created_at: Type.String({ format: 'date-time' }) },
  { $id: 'ConsoleSuppression', title: 'ConsoleSuppression' },
);
export const SuppressionCsvSchema = Type.Object(
  { csv: Type.String({ maxLength: 1_000_000, description: 'kind,value rows (kind: company or domain); a kind,value header is allowed.' }) },
  { $id: 'ConsoleSuppressionCsv', title: 'ConsoleSuppressionCsv' },
);
export const SuppressionReportSchema = Type.Object(
  {
    committed: Type.Boolean({ description: 'Whether the accepted rows were stored: never when a row is rejected.' }),
    accepted: Type.Array(Entry),
    unchanged: Type.Array(Entry),
    rejected: Type.Array(Type.Object({ line: Type.Integer(), text: Type.String(), reason: Type.String() })),
  },
  { $id: 'ConsoleSuppressionReport', title: 'ConsoleSuppressionReport' },
);
export const NetworkBindingSchema = Type.Object(
  {
    provider: Type.String({ description: 'none, sandbox or unipile' }),
    dsn: NullableString({ description: "Unipile's address (never its token)." }),
    activity: Type.Union([Type.Boolean(), Type.Null()], { description: 'Sandbox: simulated activity on.' }),
    pace: Type.Union([Type.Number(), Type.Null()], { description: 'Sandbox: its clock pace.' }),
  },
  { $id: 'ConsoleNetworkBinding', title: 'ConsoleNetworkBinding' },
);

export const consoleTeamSchemas = [
  TrackedContactSchema, ContactChoiceSchema, TrackBodySchema, TeamMemberSchema, TeamSchema, NewMemberSchema, TimeZoneSchema, InviteBodySchema, InviteLinkSchema, LinkBodySchema, LinkResultSchema,
  CreditLedgerSchema, ConsoleIcpRulesSchema, IcpSettingsSchema, IcpBodySchema, TargetAccountSchema, SuppressionSchema, SuppressionCsvSchema, SuppressionReportSchema, NetworkBindingSchema,
];
