// Prints the plan of every lead list query (sort × filter × walk step) on SQLite and, when
// WARMLINE_PG_URL (or WARMLINE_TEST_PG_URL) is set, on PostgreSQL.
//   npx tsx scripts/explain-leads.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectDb } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { DbTarget } from '../src/config.js';
import { explainLeadQueries } from '../src/leads/leads-plans.js';

async function run(target: DbTarget): Promise<void> {
  const handle = connectDb(target);
  await migrateToLatest(handle.db);
  console.log(`\n===== ${handle.dialect} =====`);
  for (const c of await explainLeadQueries(handle.db, handle.dialect, 'ws_plan')) {
    console.log(`\n-- ${c.sort} | filter=${c.filter} | ${c.step}\n${c.plan.map((l) => `   ${l}`).join('\n')}`);
  }
  await handle.close();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'warmline-explain-'));
await run({ dialect: 'sqlite', file: path.join(dir, 'plan.db') });
fs.rmSync(dir, { recursive: true, force: true });
const pgUrl = process.env.WARMLINE_PG_URL ?? process.env.WARMLINE_TEST_PG_URL;
if (pgUrl) await run({ dialect: 'postgres', url: pgUrl });
else console.log('\n(PostgreSQL skipped: set WARMLINE_PG_URL to a migrated or empty database)');
