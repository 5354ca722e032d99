// The plan of a compiled query as each engine words it, one line per plan step: what the plan
// tests of every list (src/leads/leads-plans.ts, src/content/feed-plans.ts) assert on.
import { CompiledQuery } from 'kysely';
import type { Dialect } from './connect.js';
import type { Db } from './database.js';

export async function explainQuery(db: Db, dialect: Dialect, query: CompiledQuery): Promise<string[]> {
  const prefix = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + query.sql, [...query.parameters]));
  return result.rows.map((r) => String(dialect === 'sqlite' ? r.detail : r['QUERY PLAN']));
}
