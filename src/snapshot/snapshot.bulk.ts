// A section that fills empty tables with a full batch or more (a restore into a new database,
// a move between engines) is loaded without the tables' secondary indexes and SQLite's per-row
// data-version triggers: rows go into the primary keys only, each index is then built once by
// sorting, and the workspace's data version moves once. All of it inside the import's
// transaction: a fault rolls the dropped indexes back with the rows. Tables holding any row stay
// as they are, since rebuilding the indexes of other workspaces' leads (and, on PostgreSQL,
// locking the table for as long) would cost more than the load saves.
import { sql } from 'kysely';
import { runAll, secondaryObjectsOf } from '../db/bulk-load.js';
import type { DbOrTx } from '../db/database.js';
import { refillKeptJson } from '../leads/lead-json.query.js';
import { rebuildLeadSearch } from '../leads/lead-search.query.js';
import type { ImportState } from './snapshot.state.js';

// The sections worth it (a million contacts and leads, two million history rows) and their tables.
// The children's lead_id indexes stay: replacing a repeated lead's history deletes by them.
// `derive`: what the suspended triggers keep besides the data version, done once for the section.
const BULK_TABLES: Record<string, { indexed: string[]; triggered: string[]; derive?: (db: DbOrTx, workspaceId: string) => Promise<void> }> = {
  contacts: { indexed: ['contacts'], triggered: ['contacts'] },
  leads: {
    indexed: ['leads'],
    triggered: ['leads', 'lead_history', 'lead_notes'],
    derive: async (db, workspaceId) => {
      await refillKeptJson(db, workspaceId);
      await rebuildLeadSearch(db);
    },
  },
};

/** Whether the tables the given bulk sections fill hold no row (all sections by default: a new database). */
export async function bulkTablesEmpty(db: DbOrTx, sections = Object.keys(BULK_TABLES)): Promise<boolean> {
  for (const table of new Set(sections.flatMap((s) => [...BULK_TABLES[s]!.indexed, ...BULK_TABLES[s]!.triggered]))) {
    const any = await sql`select 1 from ${sql.table(table)} limit 1`.execute(db);
    if (any.rows.length > 0) return false;
  }
  return true;
}

/** Before a section's first batch: suspends its tables' indexes when they are empty and the section is large. */
export async function beginBulkIfEmpty(state: ImportState, section: string, firstBatch: number): Promise<void> {
  const tables = BULK_TABLES[section];
  if (!tables || state.bulk.has(section) || firstBatch < state.bulkThreshold || !(await bulkTablesEmpty(state.db, [section]))) return;
  const objects = await secondaryObjectsOf(state.db, tables.indexed, tables.triggered);
  await runAll(state.db, objects.drop);
  state.bulk.set(section, objects.create);
  state.progress?.({ phase: 'bulk', section });
}

/** Whether the section's tables are being loaded without their indexes now (between the two calls around it). */
export const inBulkLoad = (state: ImportState, section: string): boolean => (state.bulk.get(section)?.length ?? 0) > 0;

/** After a section's last batch: rebuilds what beginBulkIfEmpty suspended. */
export async function endBulk(state: ImportState, section: string): Promise<void> {
  const create = state.bulk.get(section);
  if (!create) return;
  state.progress?.({ phase: 'indexes', section });
  await BULK_TABLES[section]!.derive?.(state.db, state.workspaceId);
  await runAll(state.db, create);
  // What the suspended triggers would have done, once.
  await state.db.updateTable('workspaces').set({ data_version: sql`data_version + 1` }).where('id', '=', state.workspaceId).execute();
  state.bulk.set(section, []);
}
