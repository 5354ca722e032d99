// Query plans of the lead list, on each dialect: every sort × single filter × walk step uses an
// index, never a table scan; equality filters use their own (filter, key, id) index and need no
// sort, except NEW, which the workspace-wide (key, id) index serves (migration 0011). Both
// databases get the same leads and fresh statistics first (plans on empty tables say little).
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDb, type DbHandle } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { explainLeadQueries, type PlanCase } from '../src/leads/leads-plans.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import { insertLeads } from './helpers/leads-fixture.js';

const INDEX_OF: Record<string, string> = { status: 'leads_status_', new: 'leads_', company: 'leads_company_', post: 'leads_post_' };
const KEY_OF: Record<string, string> = {
  newest_first: 'created', oldest_first: 'created', last_touch_first: 'touch', last_touch_last: 'touch', most_engaged_first: 'score', least_engaged_first: 'score',
};

/** A bound no sort step may exceed on PostgreSQL: a small share of the workspace's 2,000 leads. */
const FEW_ROWS = 100;

/**
 * How each dialect words a table scan, a sort step (with the rows it sorts: Infinity where the
 * plan does not say) and the use of an index, in EXPLAIN's lines.
 */
const PLAN_WORDS = {
  sqlite: {
    scansTable: (l: string) => /^SCAN leads$/.test(l) || /^SCAN leads(?! USING)/.test(l),
    sortedRows: (plan: string[]) => (plan.some((l) => l.includes('TEMP B-TREE')) ? Infinity : 0),
    usesAnIndex: (l: string) => /USING (COVERING )?INDEX leads_/.test(l),
    usesIndex: (l: string, index: string) => l.includes(`INDEX ${index} `),
  },
  postgres: {
    scansTable: (l: string) => /Seq Scan on leads\b/.test(l),
    sortedRows: (plan: string[]) => Math.max(0, ...plan.map((l) => /^(->\s+)?(Incremental )?Sort\s+\(.*rows=(\d+)/.exec(l.trim())).map((m) => (m ? Number(m[3]) : 0))),
    usesAnIndex: (l: string) => /(Index|Index Only|Bitmap Index) Scan (Backward )?(using|on) leads_/.test(l),
    usesIndex: (l: string, index: string) => new RegExp(`Scan (Backward )?(using|on) ${index}`).test(l),
  },
};

describeEachDialect('lead list query plans', (dialect) => {
  let database: TestDatabase;
  let handle: DbHandle;
  let cases: PlanCase[];
  const words = PLAN_WORDS[dialect];
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = connectDb(database.target);
    await migrateToLatest(handle.db);
    await handle.db.insertInto('workspaces').values({ id: 'ws_plan', name: 'plan', created_at: 0 }).execute();
    await insertLeads(handle.db, 'ws_plan', Array.from({ length: 2000 }, (_, i) => ({
      id: `ld_${i}`, created_at: Date.UTC(2025, 0, 1) + i * 60_000, status: ['NEW', 'QUALIFIED', 'DISQUALIFIED'][i % 3]!,
      engagement_score: i % 5 ? i % 100 : null, last_engagement_dt: i % 4 ? Date.UTC(2025, 0, 1) + i : null,
      company_id: i % 50, source_post_id: `post_${i % 100}`, contact_email: i % 2 ? 'x@y.test' : null,
    })));
    if (dialect === 'postgres') await sql`analyze leads`.execute(handle.db);
    cases = await explainLeadQueries(handle.db, dialect, 'ws_plan');
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('never scans the leads table', () => {
    expect(cases.length).toBeGreaterThan(100);
    for (const c of cases) {
      const label = `${c.sort} ${c.filter} ${c.step}: ${c.plan.join(' / ')}`;
      expect(c.plan.some(words.scansTable), label).toBe(false);
      expect(c.plan.some(words.usesAnIndex), label).toBe(true);
    }
  });

  // PostgreSQL plans by cost: for a selective filter (a company, a post, a status past a key) it may
  // read the filter's index as a bitmap and sort the few rows found, which costs less than walking
  // the index in order. That is allowed; sorting more than a few rows, or without the filter's
  // index, is not. SQLite never sorts here.
  it('serves each sort with no filter or one equality filter from its index, sorting nothing (or, on PostgreSQL, only the few rows it found)', () => {
    for (const c of cases.filter((x) => x.filter !== 'dates')) {
      const label = `${c.sort} ${c.filter} ${c.step}: ${c.plan.join(' / ')}`;
      const family = INDEX_OF[c.filter] ?? 'leads_';
      const sorted = words.sortedRows(c.plan);
      if (sorted === 0) {
        expect(c.plan.some((l) => words.usesIndex(l, `${family}${KEY_OF[c.sort]} `.trimEnd())), label).toBe(true);
      } else {
        expect(dialect === 'postgres' && family !== 'leads_', label).toBe(true);
        expect(sorted, label).toBeLessThanOrEqual(FEW_ROWS);
        expect(c.plan.some((l) => words.usesIndex(l, family)), label).toBe(true);
      }
    }
  });
});
