// The query plans of the lead list as it runs (the page rendered, lead-json.query.ts), for every
// sort × filter combination (scripts/explain-leads.ts prints them; test/leads-plan.test.ts asserts
// each uses the index its plan names, on both dialects).
import type { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.js';
import type { Dialect } from '../db/connect.js';
import { explainQuery } from '../db/explain.js';
import { seekPage } from '../db/keyset.js';
import type { CursorValue } from '../shared/cursor.js';
import { LEAD_SORTS, type LeadSort } from './leads.schemas.js';
import { LEAD_SORT_SPECS } from './leads.service.js';
import { renderLeadPage } from './lead-json.query.js';
import { planLeadPage, selectLeadPage, type LeadFilters, type LeadPagePlan } from './leads-page.query.js';

const none: LeadFilters = { from: null, to: null, status: null, companyIds: null, postId: null, emailEnriched: null };
export const PLAN_FILTERS: Record<string, LeadFilters> = {
  none,
  status: { ...none, status: 'QUALIFIED' },
  new: { ...none, status: 'NEW' },
  company: { ...none, companyIds: [7] },
  post: { ...none, postId: 'post_1' },
  email_enriched: { ...none, emailEnriched: true },
  dates: { ...none, from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 1, 1) },
  start_date: { ...none, from: Date.UTC(2025, 0, 1) },
  'status+dates': { ...none, status: 'QUALIFIED', from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 1, 1) },
  'new+dates+email': { ...none, status: 'NEW', emailEnriched: false, from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 1, 1) },
  'triaged+dates+email': { ...none, status: 'DISQUALIFIED', emailEnriched: true, from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 1, 1) },
  'company+dates': { ...none, companyIds: [7], from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 1, 1) },
  'post+dates': { ...none, postId: 'post_1', from: Date.UTC(2025, 0, 1) },
  'post+dates+email': { ...none, postId: 'post_1', from: Date.UTC(2025, 0, 1), emailEnriched: false },
  'company+post+status': { ...none, companyIds: [7], postId: 'post_7', status: 'QUALIFIED' },
  'company+post+dates+email': { ...none, companyIds: [7, 8], postId: 'post_7', from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 1, 1), emailEnriched: true },
  'post+status+email': { ...none, postId: 'post_1', status: 'DISQUALIFIED', emailEnriched: true },
};

const SHORT: Record<string, string> = { created_at: 'created', last_engagement_dt: 'touch', engagement_score: 'score' };

/**
 * The one index a page of this plan must read: the driving filter's, or the date buckets' (on
 * PostgreSQL with an email filter, the partial one of that email value: migration 0092).
 */
export function expectedIndex(f: LeadFilters, plan: LeadPagePlan, sortColumn: string, dialect: Dialect): string {
  const key = SHORT[sortColumn]!;
  if (plan.kind === 'buckets') {
    const email = dialect === 'postgres' && f.emailEnriched !== null ? (f.emailEnriched ? '_email' : '_no_email') : '';
    return `leads_bucket_${key}${email}`;
  }
  if (f.postId !== null) return `leads_post_${key}`;
  if (f.companyIds) return `leads_company_${key}`;
  if (f.status !== null && f.status !== 'NEW') return `leads_status_${key}`;
  return `leads_${key}`;
}

export interface PlanCase {
  sort: LeadSort;
  filter: string;
  /** first page, mid-walk in the non-null part, mid-walk in the null part (nullable keys); `(null part)`: the null part that fills a page the non-null one left short. */
  step: string;
  plan_kind: LeadPagePlan['kind'];
  /** The runs a bucket plan reads (its buckets), 1 otherwise. */
  runs: number;
  /** The index the page must be read from (expectedIndex). */
  index: string;
  sql: string;
  plan: string[];
}

export async function explainLeadQueries(db: Db, dialect: Dialect, workspaceId: string): Promise<PlanCase[]> {
  const out: PlanCase[] = [];
  for (const sort of LEAD_SORTS) {
    const spec = LEAD_SORT_SPECS[sort];
    const positions: [string, CursorValue[] | null][] = [
      ['first page', null],
      ['after a key', [sort === 'newest_first' || sort === 'oldest_first' ? Date.UTC(2025, 0, 15) : 50, 'ld_5']],
    ];
    if (spec.nullableFirst) positions.push(['after a null key', [null, 'ld_5']]);
    for (const [filter, filters] of Object.entries(PLAN_FILTERS)) {
      const plan = await planLeadPage(db, workspaceId, filters, spec.columns[0]!.column);
      const index = expectedIndex(filters, plan, spec.columns[0]!.column, dialect);
      for (const [step, position] of positions) {
        const compiled: CompiledQuery[] = [];
        await seekPage(spec, position, 51, async (conditions, order, limit) => {
          compiled.push(renderLeadPage(db, selectLeadPage(db, workspaceId, filters, plan, conditions, order, limit), order, limit, 'placeholder').compile());
          return [];
        });
        const runs = plan.kind === 'buckets' ? plan.last - plan.first + 1 : 1;
        for (const [i, query] of compiled.entries()) {
          out.push({ sort, filter, step: i > 0 ? `${step} (null part)` : step, plan_kind: plan.kind, runs, index, sql: query.sql, plan: await explainQuery(db, dialect, query) });
        }
      }
    }
  }
  return out;
}
