import type { Db } from '../db/database.js';
import type { SortColumn, SortSpec } from '../db/keyset.js';
import { paginate, type PageRequest } from '../db/paginate.js';
import type { CursorScope } from '../shared/cursor.js';
import type { Clock } from '../shared/clock.js';
import { DomainError } from '../shared/errors.js';
import { JsonText } from '../shared/json-text.js';
import { DAY_MS, startOfDay } from '../shared/time.js';
import { countLeads } from './lead-counts.js';
import { toLeads } from './leads.mapper.js';
import * as repo from './leads.repository.js';
import { renderLeadPage } from './lead-json.query.js';
import { planLeadPage, selectLeadPage, type LeadFilters, type LeadPageQuery } from './leads-page.query.js';
import type { Lead, LeadSort, LeadsQuery } from './leads.schemas.js';
import type { LeadsTable } from '../db/schema/leads.table.js';

export interface LeadsDeps {
  /** The list's statements are reads only: they run on the reading connection (connect.ts). */
  reads: Db;
  clock: Clock;
  secret: Buffer;
}

/** Each order ends with the lead id, in the key's direction, so one (…, key, id) index serves it. */
export const LEAD_SORT_SPECS: Record<LeadSort, SortSpec> = {
  newest_first: { nullableFirst: false, columns: [{ column: 'created_at', dir: 'desc' }, { column: 'id', dir: 'desc' }] },
  oldest_first: { nullableFirst: false, columns: [{ column: 'created_at', dir: 'asc' }, { column: 'id', dir: 'asc' }] },
  last_touch_first: { nullableFirst: true, columns: [{ column: 'last_engagement_dt', dir: 'desc' }, { column: 'id', dir: 'desc' }] },
  last_touch_last: { nullableFirst: true, columns: [{ column: 'last_engagement_dt', dir: 'asc' }, { column: 'id', dir: 'asc' }] },
  most_engaged_first: { nullableFirst: true, columns: [{ column: 'engagement_score', dir: 'desc' }, { column: 'id', dir: 'desc' }] },
  least_engaged_first: { nullableFirst: true, columns: [{ column: 'engagement_score', dir: 'asc' }, { column: 'id', dir: 'asc' }] },
};

/** 00:00:00Z of (today UTC - days). */
export const windowStartFor = (now: number, days: number) => Math.floor(now / DAY_MS) * DAY_MS - days * DAY_MS;

/**
 * GET /v2/leads: the page as the JSON text of WorkspaceLeadsPageResponse, its leads rendered by the
 * database in the page's statement (lead-json.query.ts). The envelope is written here in the
 * schema's order (total, items, has_more, cursor), as its serializer would.
 */
export async function listLeads(deps: LeadsDeps, workspaceId: string, query: LeadsQuery, placeholderPicture: string): Promise<JsonText> {
  const rendered: PageRows<Record<string, unknown> & { doc: string }> = (page, order, n) => renderLeadPage(deps.reads, page, order, n, placeholderPicture).execute();
  const page = await paginate(leadPageRequest(deps, workspaceId, query, query.limit ?? 50, rendered));
  const items = page.rows.map((row) => row.doc).join(',');
  return new JsonText(`{"total":${page.total},"items":[${items}],"has_more":${page.cursor !== null},"cursor":${JSON.stringify(page.cursor)}}`);
}

/** How a page's rows are read from its query (whole rows, or rendered). */
export type PageRows<R> = (page: LeadPageQuery, order: readonly SortColumn[], limit: number) => Promise<R[]>;
export const wholeRows: PageRows<LeadsTable> = (page) => page.execute();

/** The page of GET /v2/leads for `query` (its filters, sort and cursor), `limit` rows long: the list and the export walk it alike. */
export function leadPageRequest<R extends object>(deps: LeadsDeps, workspaceId: string, query: LeadsQuery, limit: number, rowsOf: PageRows<R>): PageRequest<R> {
  const sort = query.sort_by ?? 'newest_first';
  const spec = LEAD_SORT_SPECS[sort];
  const usesDays = query.days !== undefined;
  const scope: CursorScope = {
    workspaceId,
    endpoint: 'leads',
    sort,
    filters: {
      start_date: usesDays ? null : (query.start_date ?? null),
      end_date: usesDays ? null : (query.end_date ?? null),
      days: query.days ?? null,
      status: query.status ?? null,
      company_public_id: query.company_public_id ?? null,
      post_id: query.post_id ?? null,
      email_enriched: query.email_enriched ?? null,
    },
  };
  return {
    secret: deps.secret,
    scope,
    spec,
    limit,
    cursor: query.cursor,
    windowStart: () => (usesDays ? windowStartFor(deps.clock.now(), query.days!) : null),
    source: async (windowStart) => {
      const filters: LeadFilters = {
        from: usesDays ? windowStart : query.start_date ? startOfDay(query.start_date) : null,
        to: usesDays ? null : query.end_date ? startOfDay(query.end_date) + DAY_MS : null,
        status: query.status ?? null,
        companyIds: query.company_public_id === undefined ? null : await repo.findCompanyIds(deps.reads, workspaceId, query.company_public_id),
        postId: query.post_id ?? null,
        emailEnriched: query.email_enriched ?? null,
      };
      const plan = await planLeadPage(deps.reads, workspaceId, filters, spec.columns[0]!.column);
      if (plan.kind === 'empty') return null;
      return {
        rows: (conditions, order, n) => rowsOf(selectLeadPage(deps.reads, workspaceId, filters, plan, conditions, order, n), order, n),
        total: () => countLeads(deps.reads, workspaceId, filters),
      };
    },
  };
}

export async function getLead(db: Db, workspaceId: string, leadId: string, placeholderPicture: string): Promise<Lead> {
  const row = await repo.findLead(db, workspaceId, leadId);
  if (!row) throw new DomainError('lead_not_found');
  const [lead] = await toLeads(db, workspaceId, [row], placeholderPicture);
  return lead!;
}
