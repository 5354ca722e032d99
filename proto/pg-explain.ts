import { sql } from 'kysely';
import { connectDb } from '../src/db/connect.js';
import { renderLeadPage } from '../src/leads/lead-json.query.js';
import { planLeadPage, selectLeadPage } from '../src/leads/leads-page.query.js';
import { LEAD_SORT_SPECS } from '../src/leads/leads.service.js';
import { seekPage } from '../src/db/keyset.js';
const h = connectDb({ dialect: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/wl_imp' });
const none = { from: null, to: null, status: null, companyIds: null, postId: null, emailEnriched: null };
const cases: [string, any, string][] = [
  ['range+status+touch_last', { ...none, status: 'QUALIFIED', from: Date.UTC(2025, 10, 5), to: Date.UTC(2025, 11, 25) }, 'last_touch_last'],
  ['post+dates', { ...none, postId: 'p_demo_013', from: Date.UTC(2025, 10, 10) }, 'newest_first'],
  ['company+month+engaged', { ...none, companyIds: [7001], from: Date.UTC(2025, 10, 10), to: Date.UTC(2025, 10, 13) }, 'most_engaged_first'],
];
for (const [name, f, sort] of cases) {
  const spec = LEAD_SORT_SPECS[sort as 'newest_first'];
  const plan = await planLeadPage(h.db, 'ws_bench', f, spec.columns[0]!.column);
  await seekPage(spec, null, 51, async (conditions, order, limit) => {
    const q = renderLeadPage(h.db, selectLeadPage(h.db, 'ws_bench', f, plan, conditions, order, limit), order, limit, 'p').compile();
    const r = await h.db.executeQuery({ ...q, sql: `explain (analyze, buffers) ${q.sql}` } as any);
    console.log(name, plan.kind, '\n', (r.rows as any[]).map((x) => x['QUERY PLAN']).filter((l: string) => /Scan|Sort|Merge|Execution|Heap/.test(l)).slice(0, 40).join('\n'));
    return [];
  });
}
await h.close();
