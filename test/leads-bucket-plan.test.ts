// PostgreSQL's plan of a date range sorted by touch or engagement when its buckets are full: 20,000
// leads in two 16-day buckets, as the imported demo workspace's 200,000-lead buckets are. The filters
// other than the bucket's are compared on expressions no index serves (`status || ''`,
// `created_at + 0`); without statistics on them (migration 0089) PostgreSQL guessed that a status
// and a date range keep 0.0025 % of a bucket and read every bucket whole, by a table scan here and
// a bitmap scan with a sort at 1M leads (1.1–2.6 s a page), instead of walking each bucket's index
// for a page. With an email filter, each run reads the partial bucket index of that email value
// (migration 0092), and a post's dated run looks the email up by primary key (leads-page.query.ts
// runFiltered); both stay index-only. SQLite keeps no statistics and its plan is the compound of
// test/leads-plan.test.ts.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, type DbHandle } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { explainLeadQueries, type PlanCase } from '../src/leads/leads-plans.js';
import { createTestDatabase, enabledDialects, type TestDatabase } from './helpers/dialects.js';
import { insertLeads } from './helpers/leads-fixture.js';
import { planWords } from './helpers/plan-words.js';

const LEADS = 20_000;
/** 70 s apart: the 20,000 leads span 16.2 days from 2025-01-01, the two buckets PLAN_FILTERS' January reads. */
const SPACING_MS = 70_000;

describe.skipIf(!enabledDialects().includes('postgres'))('a date range over full buckets [postgres]', () => {
  let database: TestDatabase;
  let handle: DbHandle;
  let cases: PlanCase[];
  const words = planWords('leads').postgres;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    handle = connectDb(database.target);
    await migrateToLatest(handle.db);
    await handle.db.insertInto('workspaces').values({ id: 'ws_full', name: 'full buckets', created_at: 0 }).execute();
    await insertLeads(handle.db, 'ws_full', Array.from({ length: LEADS }, (_, i) => ({
      id: `ld_${i}`, created_at: Date.UTC(2025, 0, 1) + i * SPACING_MS, status: ['NEW', 'QUALIFIED', 'DISQUALIFIED'][i % 3]!,
      engagement_score: i % 5 ? i % 100 : null, last_engagement_dt: i % 4 ? Date.UTC(2025, 0, 1) + i : null,
      company_id: i % 40, source_post_id: `post_${i % 20}`, contact_email: i % 2 ? 'x@y.test' : null,
    })));
    // As autovacuum would after such a load; the migration's own ANALYZE saw an empty table.
    await sql`analyze leads`.execute(handle.db);
    cases = await explainLeadQueries(handle.db, 'postgres', 'ws_full');
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('walks each full bucket\'s index for a page, whatever the filters', () => {
    // Every sort by touch or engagement × the dated filters without a company or a post × each step.
    const buckets = cases.filter((c) => c.plan_kind === 'buckets');
    expect(buckets.length).toBeGreaterThan(40);
    expect(new Set(buckets.map((c) => c.filter))).toEqual(new Set(['dates', 'start_date', 'status+dates', 'new+dates+email', 'triaged+dates+email']));
    for (const c of buckets) {
      const label = `${c.sort} ${c.filter} ${c.step}: ${c.plan.join(' / ')}`;
      expect(c.runs, label).toBe(2);
      expect(c.plan.some(words.scansTable), label).toBe(false);
      expect(c.plan.some((l) => l.includes('Bitmap')), label).toBe(false);
      // The run is the bucket index read in its order, index entries only, a page deep: its Limit
      // right above it. With an email filter, the partial index of that email value (expectedIndex),
      // no lead looked up for its email: that cost 68–102 ms a page over two years at 1M leads.
      const { read, above } = words.runRead(c.plan);
      expect(read, label).toMatch(new RegExp(`Index Only Scan (Backward )?using ${c.index} on leads`));
      expect(above, label).toMatch(/-> +Limit/);
      expect(c.plan.some((l) => / on leads e\b/.test(l)), label).toBe(false);
    }
  });

  // A post's 1,000 leads with a date range, sorted by touch or engagement (a group plan): its index
  // holds the status and created_at, not the email, so the email is looked up by primary key for
  // the entries the range keeps, and the post's index is still read without its rows.
  it('reads a post\'s dated page with an email filter from its index, the email by primary key', () => {
    const grouped = cases.filter((c) => c.filter === 'post+dates+email' && c.plan_kind === 'group');
    expect(grouped.length).toBeGreaterThan(10);
    for (const c of grouped) {
      const label = `${c.sort} ${c.filter} ${c.step}: ${c.plan.join(' / ')}`;
      expect(words.runRead(c.plan).read, label).toMatch(new RegExp(`Index Only Scan (Backward )?using ${c.index} on leads`));
      expect(c.plan.some((l) => /Index Scan using leads_pk on leads e\b/.test(l)), label).toBe(true);
    }
  });
});
