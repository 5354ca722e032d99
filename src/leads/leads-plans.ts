// The query plans of the lead list, for every sort × single filter (scripts/explain-leads.ts
// prints them; test/leads-plan.test.ts asserts that SQLite never scans the table).
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.js';
import type { Dialect } from '../db/connect.js';
import { seekPage } from '../db/keyset.js';
import type { CursorValue } from '../shared/cursor.js';
import { LEAD_SORTS, type LeadSort } from './leads.schemas.js';
import { LEAD_SORT_SPECS } from './leads.service.js';
import { selectLeadPage, type LeadFilters } from './leads.repository.js';

const none: LeadFilters = { from: null, to: null, status: null, companyIds: null, postId: null, emailEnriched: null };
export const PLAN_FILTERS: Record<string, LeadFilters> = {
  none,
  status: { ...none, status: 'QUALIFIED' },
  new: { ...none, status: 'NEW' },
  company: { ...none, companyIds: [7] },
  post: { ...none, postId: 'post_1' },
  email_enriched: { ...none, emailEnriched: true },
  dates: { ...none, from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 1, 1) },
};

export interface PlanCase {
  sort: LeadSort;
  filter: string;
  /** first page, mid-walk in the non-null part, mid-walk in the null part (nullable keys). */
  step: string;
  sql: string;
  plan: string[];
}

async function explain(db: Db, dialect: Dialect, query: CompiledQuery): Promise<string[]> {
  const prefix = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + query.sql, [...query.parameters]));
  return result.rows.map((r) => String(dialect === 'sqlite' ? r.detail : r['QUERY PLAN']));
}

export async function explainLeadQueries(db: Db, dialect: Dialect, workspaceId: string): Promise<PlanCase[]> {
  const out: PlanCase[] = [];
  for (const sort of LEAD_SORTS) {
    const spec = LEAD_SORT_SPECS[sort];
    const positions: [string, CursorValue[] | null][] = [
      ['first page', null],
      ['after a key', [sort === 'newest_first' || sort === 'oldest_first' ? Date.UTC(2025, 0, 15) : 50, 'ld_m']],
    ];
    if (spec.nullableFirst) positions.push(['after a null key', [null, 'ld_m']]);
    for (const [filter, filters] of Object.entries(PLAN_FILTERS)) {
      for (const [step, position] of positions) {
        const compiled: CompiledQuery[] = [];
        await seekPage(spec, position, 51, async (conditions, order, limit) => {
          compiled.push(selectLeadPage(db, workspaceId, filters, conditions, order, limit).compile());
          return [];
        });
        for (const query of compiled) out.push({ sort, filter, step, sql: query.sql, plan: await explain(db, dialect, query) });
      }
    }
  }
  return out;
}
