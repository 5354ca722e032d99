// SQLite query plans of the lead list: every sort × single filter × walk step uses an index,
// never a table scan; equality filters use their own (filter, key, id) index and need no sort,
// except NEW, which the workspace-wide (key, id) index serves (migration 0011).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, type DbHandle } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { explainLeadQueries, type PlanCase } from '../src/leads/leads-plans.js';
import { insertLeads } from './helpers/leads-fixture.js';

const INDEX_OF: Record<string, string> = { status: 'leads_status_', new: 'leads_', company: 'leads_company_', post: 'leads_post_' };
const KEY_OF: Record<string, string> = {
  newest_first: 'created', oldest_first: 'created', last_touch_first: 'touch', last_touch_last: 'touch', most_engaged_first: 'score', least_engaged_first: 'score',
};

describe('lead list query plans (SQLite)', () => {
  let handle: DbHandle;
  let dir: string;
  let cases: PlanCase[];
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'warmline-plan-'));
    handle = connectDb({ dialect: 'sqlite', file: path.join(dir, 'plan.db') });
    await migrateToLatest(handle.db);
    await handle.db.insertInto('workspaces').values({ id: 'ws_plan', name: 'plan', created_at: 0 }).execute();
    await insertLeads(handle.db, 'ws_plan', Array.from({ length: 2000 }, (_, i) => ({
      id: `ld_${i}`, created_at: Date.UTC(2025, 0, 1) + i * 60_000, status: ['NEW', 'QUALIFIED', 'DISQUALIFIED'][i % 3]!,
      engagement_score: i % 5 ? i % 100 : null, last_engagement_dt: i % 4 ? Date.UTC(2025, 0, 1) + i : null,
      company_id: i % 50, source_post_id: `post_${i % 100}`, contact_email: i % 2 ? 'x@y.test' : null,
    })));
    cases = await explainLeadQueries(handle.db, 'sqlite', 'ws_plan');
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('never scans the leads table', () => {
    expect(cases.length).toBeGreaterThan(100);
    for (const c of cases) {
      const label = `${c.sort} ${c.filter} ${c.step}: ${c.plan.join(' / ')}`;
      expect(c.plan.some((l) => /^SCAN leads$/.test(l) || /^SCAN leads(?! USING)/.test(l)), label).toBe(false);
      expect(c.plan.some((l) => /USING (COVERING )?INDEX leads_/.test(l)), label).toBe(true);
    }
  });

  it('serves each sort with no filter or one equality filter from one index, without sorting', () => {
    for (const c of cases.filter((x) => x.filter !== 'dates')) {
      const label = `${c.sort} ${c.filter} ${c.step}: ${c.plan.join(' / ')}`;
      expect(c.plan.some((l) => l.includes('TEMP B-TREE')), label).toBe(false);
      const index = `${INDEX_OF[c.filter] ?? 'leads_'}${KEY_OF[c.sort]}`;
      expect(c.plan.some((l) => l.includes(`INDEX ${index} `)), label).toBe(true);
    }
  });
});
