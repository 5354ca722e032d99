// Shapes of the console's lead endpoints beyond v2: bulk status, the score's "why", the CSV export's query.
import { Type } from 'typebox';
import { NullableString, StringEnum } from '../shared/schemas.js';
import { LEAD_SORTS, LEAD_STATUSES, LeadsQuerySchema } from '../leads/leads.schemas.js';

/** A selection is at most this many leads (one transaction; a page shows 50). */
export const BULK_MAX = 500;

export const BulkStatusSchema = Type.Object(
  {
    lead_ids: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: BULK_MAX }),
    status: StringEnum(['QUALIFIED', 'DISQUALIFIED'] as const),
  },
  { $id: 'ConsoleBulkStatus', title: 'ConsoleBulkStatus' },
);

export const BulkStatusResultSchema = Type.Object(
  {
    updated: Type.Array(Type.String(), { description: 'Leads whose status changed.' }),
    unchanged: Type.Array(Type.String(), { description: 'Leads that already had the status.' }),
  },
  { $id: 'ConsoleBulkStatusResult', title: 'ConsoleBulkStatusResult' },
);

const IcpCheckSchema = Type.Object({
  rule: StringEnum(['job_title_keywords', 'seniorities', 'company_size', 'industries', 'countries'] as const),
  wanted: Type.String(),
  value: Type.Union([Type.String(), Type.Null()], { description: "The lead's value the rule was checked against." }),
  matched: Type.Boolean(),
});

export const LeadWhySchema = Type.Object(
  {
    lead_id: Type.String(),
    engagement_score: Type.Union([Type.Integer(), Type.Null()], { description: 'The stored score (refreshed by the periodic re-score).' }),
    score_now: Type.Integer({ description: 'The score of the events below at this moment, by the scoring code itself; for a lead restored from a snapshot, its stored score.' }),
    scored_from: StringEnum(['events', 'snapshot'] as const, {
      description: 'snapshot: the lead came from a snapshot, which carries its score, event count and history but not the events one by one (events is empty).',
    }),
    events_count: Type.Integer({ description: 'The engagement events behind the score (for a snapshot lead, its engagement_events_count).' }),
    half_life_days: Type.Number(),
    saturation: Type.Number(),
    events: Type.Array(
      Type.Object({
        id: Type.String(),
        post_id: Type.String(),
        kind: StringEnum(['LIKE', 'COMMENT', 'SHARE'] as const),
        at: Type.String({ format: 'date-time' }),
        weight: Type.Number({ description: "The kind's weight." }),
        mass: Type.Number({ description: 'What the event adds now: its weight halved every half-life of age.' }),
      }),
    ),
    icp: Type.Object({
      is_icp_match: Type.Boolean(),
      set_by: StringEnum(['rules', 'member'] as const, { description: "member: a member's answer, which ICP rules no longer change." }),
      checks: Type.Array(IcpCheckSchema, { description: "The workspace's ICP rules against this lead; every one must match. Empty: no rules, nobody matches." }),
    }),
    is_account_based: Type.Boolean(),
  },
  { $id: 'ConsoleLeadWhy', title: 'ConsoleLeadWhy' },
);

/** GET /v2/leads' query without its paging: the export walks every page. */
export const LeadsExportQuerySchema = Type.Omit(LeadsQuerySchema, ['cursor', 'limit']);

export const LeadSearchQuerySchema = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 100, description: "Words that start words of the lead's name or headline (all of them), or text in its company's name." }),
  status: Type.Optional(StringEnum(LEAD_STATUSES)),
  sort_by: Type.Optional(StringEnum(LEAD_SORTS, { default: 'newest_first' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 50 })),
});

export const CompanyChoicesQuerySchema = Type.Object({ q: Type.String({ minLength: 1, maxLength: 100 }) });

export const CompanyChoiceSchema = Type.Object(
  { id: Type.Integer(), slug: NullableString(), name: NullableString() },
  { $id: 'ConsoleCompanyChoice', title: 'ConsoleCompanyChoice' },
);

export const LeadHistoryEntrySchema = Type.Object(
  {
    id: Type.String(),
    description: NullableString(),
    recorded_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    post: Type.Union([Type.Object({ id: Type.String(), url: Type.String() }), Type.Null()], { description: 'The post an engagement line is about, when the workspace holds it.' }),
  },
  { $id: 'ConsoleLeadHistoryEntry', title: 'ConsoleLeadHistoryEntry' },
);

/** Saved views per member: a list a rep reads at a glance. */
export const MAX_SAVED_VIEWS = 50;

export const SavedViewSchema = Type.Object({ id: Type.String(), name: Type.String(), query: Type.String() }, { $id: 'ConsoleSavedView', title: 'ConsoleSavedView' });
export const NewSavedViewSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 80, pattern: '\\S', description: 'Unique per member: saving a name again replaces its query.' }),
    query: Type.String({ maxLength: 2000, pattern: '^[^#]*$', description: "The leads page's URL query (after #/leads?)." }),
  },
  { $id: 'ConsoleNewSavedView', title: 'ConsoleNewSavedView' },
);

export const consoleLeadsSchemas = [BulkStatusSchema, BulkStatusResultSchema, LeadWhySchema, CompanyChoiceSchema, LeadHistoryEntrySchema, SavedViewSchema, NewSavedViewSchema];
