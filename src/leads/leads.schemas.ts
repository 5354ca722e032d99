import { Type, type Static } from 'typebox';
import { DateQuery, withRequired, Nullable, NullableBoolean, NullableDateTime, NullableInteger, NullableString, StringEnum } from '../shared/schemas.js';

export const LEAD_STATUSES = ['NEW', 'QUALIFIED', 'DISQUALIFIED'] as const;
/** The enrichment states a lead shows (docs/enrichment.md); null: not asked for by the workspace's policy. */
export const ENRICHMENT_STATUSES = ['PENDING', 'ENRICHED', 'NOT_FOUND', 'NO_CREDITS'] as const;
export const LEAD_SORTS = ['newest_first', 'oldest_first', 'last_touch_first', 'last_touch_last', 'most_engaged_first', 'least_engaged_first'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
export type LeadStatus = (typeof LEAD_STATUSES)[number];

const AnyArray = () => Type.Array(Type.Unknown());

export const CompanySchema = withRequired(Type.Object(
  {
    name: NullableString(),
    slug: NullableString(),
    picture: NullableString(),
    employees_num_min: NullableInteger(),
    employees_num_max: NullableInteger(),
    headquarters: NullableString(),
    location: NullableString(),
    followers: NullableInteger(),
    state: NullableString(),
    country: NullableString(),
    website_url: NullableString(),
    phone_number: NullableString(),
    company_type: NullableString(),
    founded_year: NullableInteger(),
    description: NullableString(),
    tagline: NullableString(),
    industries: Type.Union([AnyArray(), Type.Null()], { default: [] }),
    specialties: Type.Union([AnyArray(), Type.Null()], { default: [] }),
    funding: Type.Union([AnyArray(), Type.Null()], { default: [] }),
    is_verified: NullableBoolean(),
    id: NullableInteger(),
    hash_id: Type.String({ default: '' }),
    network_url: NullableString(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'LinkedinCompanyRead', title: 'LinkedinCompanyRead' },
), ['website_url', 'created_at']);
export type Company = Static<typeof CompanySchema>;

const HistoryRecordSchema = withRequired(Type.Object({
  id: Type.String({ default: '' }),
  description: NullableString(),
  recorded_at: NullableDateTime(),
}), []);

const NoteSchema = Type.Object({
  id: Type.String(),
  content: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export const LeadSchema = withRequired(Type.Object(
  {
    id: Type.String({ default: '' }),
    crm_id: NullableString(),
    first_name: NullableString(),
    last_name: NullableString(),
    headline: NullableString(),
    job_title: NullableString(),
    username: NullableString(),
    network_url: NullableString(),
    contact_email: NullableString(),
    phone_number: NullableString(),
    enrichment_status: NullableString({
      enum: [...ENRICHMENT_STATUSES, null],
      description: 'PENDING: waiting for a vendor; ENRICHED: email found and kept (one credit); NOT_FOUND: no email (asked again after the re-ask period); NO_CREDITS: an email found waits for credits; null: not asked for by the enrichment policy.',
    }),
    team_member_email: NullableString(),
    source: NullableString(),
    source_content_url: NullableString(),
    status: NullableString({ enum: [...LEAD_STATUSES, null] }),
    tags: Type.Array(Type.String(), { default: [] }),
    engagement_events_count: NullableInteger(),
    engagement_score: NullableInteger({ minimum: 0, maximum: 100 }),
    is_icp_match: NullableBoolean({ default: false }),
    is_account_based: NullableBoolean({ default: false }),
    history: Type.Union([Type.Array(HistoryRecordSchema), Type.Null()], { default: [] }),
    picture: NullableString({ description: "Defaults to the service's placeholder image URL." }),
    followers_count: NullableInteger(),
    connections_count: NullableInteger(),
    country: NullableString(),
    feed_updated_at: NullableDateTime(),
    created_at: Type.String({ format: 'date-time' }),
    last_engagement_dt: NullableDateTime(),
    company: Type.Union([Type.Ref('LinkedinCompanyRead'), Type.Null()]),
    notes: Type.Array(NoteSchema, { description: 'Notes added through PATCH, oldest first.' }),
    crm_contact_url: NullableString(),
  },
  { $id: 'LinkedinLeadExport', title: 'LinkedinLeadExport' },
), ['created_at']);
export type Lead = Static<typeof LeadSchema> & { company: Company | null };

export const LeadsPageSchema = withRequired(Type.Object(
  {
    total: Type.Integer(),
    items: Type.Array(Type.Ref('LinkedinLeadExport')),
    has_more: Type.Boolean({ default: false }),
    cursor: NullableString(),
  },
  { $id: 'WorkspaceLeadsPageResponse', title: 'WorkspaceLeadsPageResponse' },
), ['total', 'items']);

export const LeadUpdateSchema = Type.Object(
  {
    status: Type.Optional(Nullable(StringEnum(LEAD_STATUSES))),
    tags: Type.Optional(Nullable(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 }))),
    note: Type.Optional(
      Nullable(
        Type.Object({
          note_id: Type.Optional(NullableString()),
          note_content: Type.String({ minLength: 1, maxLength: 10_000 }),
        }),
      ),
    ),
    crm_id: Type.Optional(NullableString()),
    crm_contact_url: Type.Optional(NullableString()),
    is_icp_match: Type.Optional(NullableBoolean()),
  },
  { $id: 'LeadUpdatePayload', title: 'LeadUpdatePayload' },
);
export type LeadUpdate = Static<typeof LeadUpdateSchema>;

// Parameter order = the order of api-v2.md's table (it decides the order of 422 errors).
export const LeadsQuerySchema = Type.Object({
  sort_by: Type.Optional(StringEnum(LEAD_SORTS, { default: 'newest_first' })),
  start_date: Type.Optional(DateQuery('Leads created on or after this UTC day.')),
  end_date: Type.Optional(DateQuery('Leads created on or before this UTC day.')),
  days: Type.Optional(Type.Integer({ minimum: 0, description: 'Window from 00:00:00Z of (today UTC - days); overrides start_date/end_date.' })),
  status: Type.Optional(StringEnum(LEAD_STATUSES)),
  company_public_id: Type.Optional(Type.String({ description: "Company slug or numeric id." })),
  post_id: Type.Optional(Type.String()),
  email_enriched: Type.Optional(Type.Boolean()),
  cursor: Type.Optional(Type.String()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 50 })),
});
export type LeadsQuery = Static<typeof LeadsQuerySchema>;

export const LeadParamsSchema = Type.Object({ lead_id: Type.String() });

export const leadSchemas = [CompanySchema, LeadSchema, LeadsPageSchema, LeadUpdateSchema];
