// Prints the plan of every lead list query (sort × filter × walk step) on SQLite and, when
// WARMLINE_PG_URL (or WARMLINE_TEST_PG_URL) is set, on PostgreSQL. Plans on empty tables say
// little, so both databases first get EXPLAIN_ROWS (default 50,000) leads and fresh statistics.
// How to run it: USAGE below (`npm run explain:leads -- --help`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { DbTarget } from '../src/db/connect.js';
import { connectDb } from '../src/db/connect.js';
import type { Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { rebuildLeadCounts } from '../src/leads/lead-counts.js';
import { explainLeadQueries } from '../src/leads/leads-plans.js';
import { exitOnHelp, refuseArguments } from './usage.js';

const USAGE = `
The plan of every lead list query (sort × filter × walk step) on SQLite and, when a PostgreSQL URL
is set, on PostgreSQL, each after EXPLAIN_ROWS leads and fresh statistics (plans on empty tables
say little).

  npm run explain:leads                                  SQLite only (a temporary file, removed)
  WARMLINE_PG_URL=postgres://…/db npm run explain:leads  and PostgreSQL: the database is migrated to
                                                         the latest schema, its workspace ws_plan
                                                         replaced by the script's leads, and kept

Options:
  -h, --help   this text

Environment: EXPLAIN_ROWS (default 50000), WARMLINE_PG_URL (default WARMLINE_TEST_PG_URL, else
PostgreSQL is skipped).

Any other argument is refused: the settings are the environment variables above.
`;
exitOnHelp(USAGE);
refuseArguments('explain-leads');

const ROWS = Number(process.env.EXPLAIN_ROWS ?? 50_000);
const WS = 'ws_plan';
const DAY = 86_400_000;

async function seed(db: Db): Promise<void> {
  await db.deleteFrom('leads').where('workspace_id', '=', WS).execute();
  await db.deleteFrom('workspaces').where('id', '=', WS).execute();
  await db.insertInto('workspaces').values({ id: WS, name: 'plans', created_at: 0 }).execute();
  for (let start = 0; start < ROWS; start += 500) {
    const batch = [];
    for (let i = start; i < Math.min(ROWS, start + 500); i++) {
      const created = Date.UTC(2024, 0, 1) + ((i * 7919) % 730) * DAY + i;
      batch.push({
        workspace_id: WS, id: `ld_${i.toString(36).padStart(6, '0')}`, status: ['NEW', 'NEW', 'QUALIFIED', 'DISQUALIFIED', 'DISCARDED'][i % 5]!, tags: '[]',
        company_id: i % 10 ? i % 1000 : null, source_post_id: i % 3 ? `post_${i % 5000}` : null, contact_email: i % 5 < 2 ? 'x@y.test' : null,
        engagement_score: i % 5 ? (i * 31) % 101 : null, last_engagement_dt: i % 4 ? created + (i % 30) * DAY : null,
        is_icp_match: 0, icp_manual: 0, is_account_based: 0, created_at: created, updated_at: created,
      });
    }
    await db.insertInto('leads').values(batch).execute();
  }
  await rebuildLeadCounts(db, WS);
  await sql`analyze`.execute(db);
}

async function run(target: DbTarget): Promise<void> {
  const handle = connectDb(target);
  await migrateToLatest(handle.db);
  await seed(handle.db);
  console.log(`\n===== ${handle.dialect} (${ROWS} leads) =====`);
  for (const c of await explainLeadQueries(handle.db, handle.dialect, WS)) {
    console.log(`\n-- ${c.sort} | filter=${c.filter} | ${c.step} | ${c.plan_kind} plan, reads ${c.index}\n${c.plan.map((l) => `   ${l}`).join('\n')}`);
  }
  await handle.close();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'warmline-explain-'));
await run({ dialect: 'sqlite', file: path.join(dir, 'plan.db') });
fs.rmSync(dir, { recursive: true, force: true });
const pgUrl = process.env.WARMLINE_PG_URL ?? process.env.WARMLINE_TEST_PG_URL;
if (pgUrl) await run({ dialect: 'postgres', url: pgUrl });
else console.log('\n(PostgreSQL skipped: set WARMLINE_PG_URL; the script adds a workspace ws_plan there)');
