// Shapes of the console's lead endpoints beyond v2: bulk status, the score's "why", the CSV export's query.
import { Type } from 'typebox';
import { StringEnum } from '../shared/schemas.js';
import { LeadsQuerySchema } from '../leads/leads.schemas.js';

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
    score_now: Type.Integer({ description: 'The score of the events below at this moment, by the scoring code itself.' }),
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

export const consoleLeadsSchemas = [BulkStatusSchema, BulkStatusResultSchema, LeadWhySchema];
