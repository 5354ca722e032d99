// Query plans of the lead list, on each dialect, for every sort × filter combination × walk step
// (src/leads/leads-plans.ts): never a table scan; each page reads the one index its plan names
// (the driving filter's own (filter, key, id) index, the workspace-wide one for NEW and no filter,
// or the created_at buckets of migration 0050 for a date range sorted by touch or engagement) and
// sorts nothing beyond a bounded set (on PostgreSQL the buckets' candidates, at most buckets × page
// size); PostgreSQL starts no parallel workers. Both databases get the same leads and fresh
// statistics first (plans on empty tables say little).
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDb, type DbHandle } from '../src/db/connect.js';
import { explainQuery } from '../src/db/explain.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { explainLeadQueries, PLAN_FILTERS, type PlanCase } from '../src/leads/leads-plans.js';
import { rangeHoldsGroup, selectGroupCount, selectLeadPage, type LeadFilters } from '../src/leads/leads-page.query.js';
import { selectGroupTotal } from '../src/leads/lead-counts.js';
import { LEAD_SORT_SPECS } from '../src/leads/leads.service.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import { insertLeads } from './helpers/leads-fixture.js';
import { planWords } from './helpers/plan-words.js';

/** A bound no sort step may exceed on PostgreSQL: a small share of the workspace's 2,000 leads. */
const FEW_ROWS = 100;

const PLAN_WORDS = planWords('leads');

describeEachDialect('lead list query plans', (dialect) => {
  let database: TestDatabase;
  let handle: DbHandle;
  let cases: PlanCase[];
  const words = PLAN_WORDS[dialect];
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = connectDb(database.target);
    if (dialect === 'postgres') {
      // Parallel plans made as cheap as they can be, so that the planner would pick them for these
      // 20,000 leads wherever the service's connections allowed it (at 1M leads it did).
      await sql`do $$ begin execute format('alter database %I set parallel_setup_cost = 0', current_database());
        execute format('alter database %I set parallel_tuple_cost = 0', current_database());
        execute format('alter database %I set min_parallel_index_scan_size = 0', current_database());
        execute format('alter database %I set min_parallel_table_scan_size = 0', current_database()); end $$`.execute(handle.db);
      await handle.close();
      handle = connectDb(database.target);
    }
    await migrateToLatest(handle.db);
    await handle.db.insertInto('workspaces').values({ id: 'ws_plan', name: 'plan', created_at: 0 }).execute();
    // PostgreSQL costs a small table as one page and would scan it: it gets enough leads to plan as at scale.
    const n = dialect === 'postgres' ? 20_000 : 2000;
    await insertLeads(handle.db, 'ws_plan', Array.from({ length: n }, (_, i) => ({
      id: `ld_${i}`, created_at: Date.UTC(2025, 0, 1) + i * 1_800_000, status: ['NEW', 'QUALIFIED', 'DISQUALIFIED'][i % 3]!,
      engagement_score: i % 5 ? i % 100 : null, last_engagement_dt: i % 4 ? Date.UTC(2025, 0, 1) + i : null,
      company_id: i % (n / 40), source_post_id: `post_${i % (n / 20)}`, contact_email: i % 2 ? 'x@y.test' : null,
    })));
    if (dialect === 'postgres') await sql`analyze leads`.execute(handle.db);
    cases = await explainLeadQueries(handle.db, dialect, 'ws_plan');
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('never scans the leads table', () => {
    expect(cases.length).toBeGreaterThan(300);
    for (const c of cases) {
      const label = `${c.sort} ${c.filter} ${c.step}: ${c.plan.join(' / ')}`;
      expect(c.plan.some(words.scansTable), label).toBe(false);
      expect(c.plan.some(words.usesAnIndex), label).toBe(true);
    }
  });

  // PostgreSQL: no parallel workers (src/db/connect.ts). A page's few rows do not pay for starting
  // them: a date range's runs each got a Gather Merge at 1M leads, 30 ms a page instead of 6.
  it('starts no parallel workers', () => {
    for (const c of cases) expect(c.plan.some((l) => /Gather|Parallel/.test(l)), `${c.sort} ${c.filter} ${c.step}: ${c.plan.join(' / ')}`).toBe(false);
  });

  it('reads each combination from the index its plan names', () => {
    const kinds = new Set(cases.map((c) => c.plan_kind));
    expect([...kinds].sort()).toEqual(['buckets', 'group', 'index']);
    for (const c of cases) {
      // PostgreSQL may read a company's or post's few rows from another index of the same filter and sort them (below).
      const index = dialect === 'postgres' && words.sortedRows(c.plan) > 0 ? c.index.replace(/_(created|touch|score)$/, '_') : c.index;
      expect(c.plan.some((l) => words.usesIndex(l, index)), `${c.sort} ${c.filter} ${c.step} wants ${index}: ${c.plan.join(' / ')}`).toBe(true);
    }
  });

  // PostgreSQL plans by cost: for a selective filter (a company, a post, a status past a key) it may
  // read the filter's index as a bitmap and sort the few rows found, which costs less than walking
  // the index in order. That is allowed; sorting more than a few rows is not. SQLite never sorts an
  // index-plan page; a bucket plan sorts only its runs' candidates (at most buckets × page size), and
  // a company's or a post's dated page (`group`) only its own rows.
  it('sorts nothing but a bounded set', () => {
    for (const c of cases) {
      const label = `${c.sort} ${c.filter} ${c.step}: ${c.plan.join(' / ')}`;
      const sorted = words.sortedRows(c.plan);
      if (c.plan_kind === 'buckets' || c.plan_kind === 'group') expect(dialect === 'sqlite' || sorted <= c.runs * 51, label).toBe(true);
      else if (sorted > 0) {
        expect(dialect, label).toBe('postgres');
        expect(sorted, label).toBeLessThanOrEqual(FEW_ROWS);
      }
    }
  });

  // A company or a post with a date range (migration 0086): sorted by creation, the range bounds its
  // (…, created_at, id) index; sorted by touch or engagement, the range and the status are checked on
  // its index entries, so a range that keeps few of a large company's leads reads no skipped row.
  it('reads a company or a post with dates by its own index, the range in the index', () => {
    const grouped = cases.filter((c) => c.filter === 'company+dates' || c.filter === 'post+dates');
    expect(grouped.length).toBeGreaterThan(20);
    for (const c of grouped) {
      const label = `${c.sort} ${c.filter} ${c.step}: ${c.plan.join(' / ')}`;
      if (c.sort === 'newest_first' || c.sort === 'oldest_first') {
        expect(c.plan_kind, label).toBe('index');
        // The range's own edge, or past a position on that side the position's (created_at, id).
        if (dialect === 'sqlite') expect(c.plan.some((l) => l.includes(`INDEX ${c.index} `) && /created_at[<>]|\(created_at,id\)[<>]/.test(l)), label).toBe(true);
        else expect(c.plan.some((l) => /Index Cond: .*(created_at [<>]|ROW\(created_at)/.test(l)), label).toBe(true);
      } else {
        expect(c.plan_kind, label).toBe('group');
        if (dialect === 'sqlite') expect(c.plan.some((l) => l.includes(`USING COVERING INDEX ${c.index} `)), label).toBe(true);
      }
    }
  });

  // A company with a post (migration 0091): the post's index, which holds the company, is read in
  // every order, with or without dates, the company checked on its entries; when the company's index
  // drove, each entry's post was a row read (117–273 ms a request at 1M leads, for a 27,718-lead
  // company with a 29,920-lead post). Index only, but on SQLite with an email filter: it reads the
  // email of an entry the others keep.
  it('reads a company with a post from the post\'s index, the company checked there, in every order', () => {
    const both = cases.filter((c) => c.filter.startsWith('company+post'));
    expect(both.length).toBeGreaterThan(20);
    for (const c of both) {
      const label = `${c.sort} ${c.filter} ${c.step}: ${c.plan.join(' / ')}`;
      expect(c.plan_kind, label).toBe('group');
      expect(c.index, label).toMatch(/^leads_post_/);
      const covering = PLAN_FILTERS[c.filter]!.emailEnriched === null ? 'COVERING ' : '';
      if (dialect === 'sqlite') expect(c.plan.some((l) => l.includes(`USING ${covering}INDEX ${c.index} `)), label).toBe(true);
      else expect(PLAN_WORDS.postgres.runRead(c.plan).read, label).toMatch(new RegExp(`Index Only Scan (Backward )?using ${c.index} `));
    }
  });

  // A company's or a post's total with dates is counted over its count index; with an email filter
  // too, from an index alone: on SQLite the count index's own email column (migration 0088), on
  // PostgreSQL the partial count index of that email value (migration 0090). Reading each lead's
  // row for its email took 300–420 ms (SQLite) and 213 ms (PostgreSQL) for a 78,000-lead post at
  // 1M leads.
  it('counts a company or a post with dates and an email filter from a count index alone', async () => {
    // PostgreSQL reads an index alone where its visibility map says so: as after autovacuum or an import.
    if (dialect === 'postgres') await sql`vacuum leads`.execute(handle.db);
    const range = { from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 1, 1) };
    for (const emailEnriched of [true, false]) {
      const email = dialect === 'sqlite' ? '' : emailEnriched ? '_email' : '_no_email';
      const counts: [LeadFilters, string][] = [
        [{ ...PLAN_FILTERS.none!, ...range, companyIds: [7], emailEnriched }, `leads_company_count${email}`],
        [{ ...PLAN_FILTERS.none!, ...range, postId: 'post_1', status: 'NEW', emailEnriched }, `leads_post_count${email}`],
        // A company with a post: the post's count index, which holds the company (migration 0091).
        [{ ...PLAN_FILTERS.none!, ...range, companyIds: [7, 8], postId: 'post_7', emailEnriched }, `leads_post_count${email}`],
      ];
      for (const [f, index] of counts) {
        const plan = await explainQuery(handle.db, dialect, selectGroupCount(handle.db, 'ws_plan', f).compile());
        const alone = dialect === 'sqlite' ? (l: string) => l.includes(`USING COVERING INDEX ${index} `) : (l: string) => new RegExp(`Index Only Scan using ${index} on leads`).test(l);
        expect(plan.some(alone), plan.join(' / ')).toBe(true);
      }
    }
  });

  // A company's or a post's total over a range that holds all its leads is its counters'
  // (lead-counts.ts selectGroupTotal), not a count of its entries in the range (a 78,000-lead
  // post's: 15–25 ms on PostgreSQL at 1M leads): in the same statement, the range is checked
  // against its first and last lead, two look-ups of its created_at index each, which sort nothing.
  it('checks a range against a company\'s or a post\'s first and last lead, from its created_at index', async () => {
    const DAY_MS = 86_400_000;
    const groups: [string, Partial<LeadFilters>, string][] = [
      ['company', { companyIds: [7] }, 'company_id = 7'],
      ['company', { companyIds: [7, 8] }, 'company_id in (7, 8)'],
      ['post', { postId: 'post_1' }, `source_post_id = 'post_1'`],
    ];
    for (const [group, filters, where] of groups) {
      const { first, last } = await sql<{ first: number; last: number }>`select min(created_at) as first, max(created_at) as last from leads where workspace_id = 'ws_plan' and ${sql.raw(where)}`.execute(handle.db).then((r) => r.rows[0]!);
      const firstDay = Math.floor(Number(first) / DAY_MS) * DAY_MS;
      const afterLastDay = (Math.floor(Number(last) / DAY_MS) + 1) * DAY_MS;
      const f = (from: number | null, to: number | null): LeadFilters => ({ ...PLAN_FILTERS.none!, ...filters, from, to });
      const plan = await explainQuery(handle.db, dialect, selectGroupTotal(handle.db, 'ws_plan', f(firstDay, afterLastDay)).compile());
      const label = `${where}: ${plan.join(' / ')}`;
      expect(plan.some((l) => words.usesIndex(l, `leads_${group}_created`)), label).toBe(true);
      expect(plan.some(words.scansTable), label).toBe(false);
      expect(words.sortedRows(plan), label).toBe(0);
      const holds = async (from: number | null, to: number | null) => Boolean((await handle.db.selectNoFrom(rangeHoldsGroup(handle.db, 'ws_plan', f(from, to))!.as('held')).executeTakeFirstOrThrow()).held);
      expect(await holds(firstDay, null), where).toBe(true);
      expect(await holds(null, afterLastDay), where).toBe(true);
      expect(await holds(firstDay - 400 * DAY_MS, afterLastDay + 400 * DAY_MS), where).toBe(true);
      expect(await holds(firstDay + DAY_MS, null), where).toBe(false);
      expect(await holds(null, afterLastDay - DAY_MS), where).toBe(false);
      if (dialect === 'postgres') {
        // Only the branch the check takes runs: the counters', or the count of the index.
        const ran = async (from: number | null, to: number | null) => {
          const { sql: text, parameters } = selectGroupTotal(handle.db, 'ws_plan', f(from, to)).compile();
          const lines = (await sql.raw(`explain (analyze, costs off, timing off) ${text.replace(/\$(\d+)/g, (_, i) => String(parameters[Number(i) - 1]).replace(/^(\D.*)$/, "'$1'"))}`).execute(handle.db)).rows.map((r) => Object.values(r as object)[0] as string);
          const aggregates = lines.flatMap((l, i) => (l.includes('Aggregate') ? [{ ran: !l.includes('never executed'), of: lines[i + 1]! }] : []));
          return { counters: aggregates.some((a) => a.ran && / on lead_\w+_counts/.test(a.of)), count: aggregates.some((a) => a.ran && / on leads\b/.test(a.of)) };
        };
        expect(await ran(firstDay, afterLastDay), where).toEqual({ counters: true, count: false });
        expect(await ran(firstDay + DAY_MS, null), where).toEqual({ counters: false, count: true });
      }
    }
    // Past eight companies (a handle matching many) no range is checked: their index is counted.
    expect(rangeHoldsGroup(handle.db, 'ws_plan', { ...PLAN_FILTERS.none!, companyIds: [1, 2, 3, 4, 5, 6, 7, 8, 9], from: 0 })).toBeNull();
  });

  // A page past a position seeks the index to it: the row value (key, id) bounds the index read
  // (SQLite's `(key,id)<(?,?)`, PostgreSQL's ROW(...) Index Cond), so neither the tied keys before
  // it (engagement scores repeat) nor a date range's far edge are read and dropped on every page.
  it('starts a page after a position at that position in the index', () => {
    const after = cases.filter((c) => c.step === 'after a key');
    expect(after.length).toBeGreaterThan(50);
    for (const c of after) {
      const label = `${c.sort} ${c.filter}: ${c.plan.join(' / ')}`;
      // PostgreSQL may read a company's or post's few rows by a bitmap and sort them (above), and a
      // date range's buckets when each holds few leads (here ≈ 740): no seek to speak of.
      if (dialect === 'postgres' && words.sortedRows(c.plan) > 0 && (c.plan_kind !== 'buckets' || c.plan.some((l) => l.includes('Bitmap Heap Scan on leads')))) continue;
      expect(c.plan.some((l) => words.seeksPosition(l, c.index)), label).toBe(true);
    }
  });

  // SQLite merges a date range's runs as they are read (MERGE (UNION ALL)), not each run read
  // `limit` deep and the lot sorted.
  it.runIf(dialect === 'sqlite')('merges the buckets of a date range', () => {
    const buckets = cases.filter((c) => c.plan_kind === 'buckets');
    expect(buckets.length).toBeGreaterThan(20);
    expect(buckets.some((c) => c.runs > 1)).toBe(true);
    for (const c of buckets) {
      const label = `${c.sort} ${c.filter} ${c.step}: ${c.plan.join(' / ')}`;
      expect(c.plan.some((l) => l.includes('MERGE (UNION ALL)')) || c.runs === 1, label).toBe(true);
      // Two sorts of the page's own rows remain: the page's, by key, and its rendering's.
      expect(c.plan.filter((l) => l.includes('USE TEMP B-TREE FOR ORDER BY')).length, label).toBe(2);
    }
  });

  // PostgreSQL reads a date range's buckets with one run, each bucket at most a page deep (the
  // `Limit` over its read), joined laterally to the range's series of buckets: the statement is the
  // same size whatever the range, since a union of one run per bucket cost 4–6 ms of planning a page
  // for a year (23 buckets) at 1M leads, more than its reading (docs/leads-cold.md).
  it.runIf(dialect === 'postgres')('reads the buckets of a date range with one run, whatever their number', () => {
    const buckets = cases.filter((c) => c.plan_kind === 'buckets');
    expect(buckets.length).toBeGreaterThan(20);
    expect(new Set(buckets.map((c) => c.runs)).size).toBeGreaterThan(1);
    for (const c of buckets) {
      const label = `${c.sort} ${c.filter} ${c.step}: ${c.plan.join(' / ')}`;
      expect(c.plan.some((l) => l.includes('Function Scan on generate_series')), label).toBe(true);
      expect(c.plan.filter((l) => /Scan.* on leads leads_\d/.test(l) && !l.includes('Bitmap Index')).length, label).toBe(1);
      // The lateral read's own Limit, right above it: no bucket is read past a page.
      expect(PLAN_WORDS.postgres.runRead(c.plan).above, label).toMatch(/Limit|Sort/);
    }
    // A range of 3 buckets and one of 300 give the same statement, but for their bound values.
    const statement = (last: number) => {
      const { sql: text, parameters } = selectLeadPage(handle.db, 'ws_plan', PLAN_FILTERS.dates!, { kind: 'buckets', first: 0, last }, [], LEAD_SORT_SPECS.most_engaged_first.columns, 51).compile();
      return { text, parameters };
    };
    expect(statement(299).text).toBe(statement(2).text);
    expect(statement(299).parameters).toContain(299);
  });
});
