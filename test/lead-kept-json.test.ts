// SQLite keeps each lead's history and notes on the lead (leads.history_json and notes_json,
// migration 0085) for the list's cold pages. Their triggers are held to the rows by
// lead-counts-property.test.ts (random writes) and snapshot-bulk.test.ts (a bulk load); this holds
// the migration that fills them for the leads already there, and its down. PostgreSQL keeps no
// such columns, so this suite is SQLite's.
import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDb, type DbHandle } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { createTestDatabase, type TestDatabase } from './helpers/dialects.js';
import { keptJsonAndRebuilt } from './helpers/ingestion-fixtures.js';
import { insertLeads } from './helpers/leads-fixture.js';

const T0 = Date.parse('2025-03-01T08:00:00Z');

describe('leads.history_json and notes_json on SQLite', () => {
  let testDb: TestDatabase;
  let handle: DbHandle;
  let migrator: Migrator;
  beforeEach(async () => {
    testDb = await createTestDatabase('sqlite');
    handle = connectDb(testDb.target);
    migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  });
  afterEach(async () => {
    await handle.close();
    await testDb.drop();
  });

  it('are filled for the leads already there when migration 0085 runs, and its down removes the columns and the triggers', async () => {
    const db = handle.db;
    expect((await migrator.migrateTo('0084_lead_count_levels')).error).toBeUndefined();
    for (const ws of ['ws_a', 'ws_b']) {
      await db.insertInto('workspaces').values({ id: ws, name: ws, created_at: T0 } as never).execute();
      await insertLeads(db, ws, [{ id: 'ld_1', created_at: T0 }, { id: 'ld_2', created_at: T0 }, { id: 'ld_3', created_at: -86_400_001 }]);
    }
    // Out of order, tied and null times, a time before 1970 with milliseconds, text to escape; ld_2 has none.
    const rows = [
      ['ws_a', 'h_3', 'ld_1', 'Status changed "to" QUALIFIED', T0 + 5_000],
      ['ws_a', 'h_1', 'ld_1', 'Lead created\nfrom a post like', T0],
      ['ws_a', 'h_2', 'ld_1', null, T0],
      ['ws_a', 'h_0', 'ld_1', 'no time', null],
      ['ws_a', 'h_4', 'ld_3', 'é 日本 🎉', -86_400_001],
      ['ws_b', 'h_5', 'ld_2', 'another workspace', T0 + 1],
    ] as const;
    await db
      .insertInto('lead_history')
      .values(rows.map(([workspace_id, id, lead_id, description, recorded_at]) => ({ workspace_id, id, lead_id, description, recorded_at })))
      .execute();
    await db
      .insertInto('lead_notes')
      .values([
        { workspace_id: 'ws_a', id: 'n_2', lead_id: 'ld_2', content: 'later', created_at: T0 + 1, updated_at: T0 + 9_000 },
        { workspace_id: 'ws_a', id: 'n_1', lead_id: 'ld_2', content: 'first "quoted"', created_at: T0, updated_at: T0 },
      ])
      .execute();

    expect((await migrator.migrateTo('0085_lead_history_notes_json')).error).toBeUndefined();
    for (const ws of ['ws_a', 'ws_b']) {
      const json = (await keptJsonAndRebuilt(db, ws))!;
      expect(json.kept).toEqual(json.rebuilt);
    }
    expect((await keptJsonAndRebuilt(db, 'ws_a'))!.kept).toEqual({
      ld_1: {
        history: [
          { id: 'h_0', description: 'no time', recorded_at: null },
          { id: 'h_1', description: 'Lead created\nfrom a post like', recorded_at: '2025-03-01T08:00:00Z' },
          { id: 'h_2', description: null, recorded_at: '2025-03-01T08:00:00Z' },
          { id: 'h_3', description: 'Status changed "to" QUALIFIED', recorded_at: '2025-03-01T08:00:05Z' },
        ],
        notes: [],
      },
      ld_2: {
        history: [],
        notes: [
          { id: 'n_1', content: 'first "quoted"', created_at: '2025-03-01T08:00:00Z', updated_at: '2025-03-01T08:00:00Z' },
          { id: 'n_2', content: 'later', created_at: '2025-03-01T08:00:00.001Z', updated_at: '2025-03-01T08:00:09Z' },
        ],
      },
      ld_3: { history: [{ id: 'h_4', description: 'é 日本 🎉', recorded_at: '1969-12-30T23:59:59.999Z' }], notes: [] },
    });

    expect((await migrator.migrateTo('0084_lead_count_levels')).error).toBeUndefined();
    const left = await sql<{ name: string }>`select name from pragma_table_info('leads') where name in ('history_json', 'notes_json')
      union all select name from sqlite_master where type = 'trigger' and (name like 'history_json%' or name like 'notes_json%')`.execute(db);
    expect(left.rows).toEqual([]);
    await migrateToLatest(db);
    expect((await keptJsonAndRebuilt(db, 'ws_a'))!.kept.ld_1!.history).toHaveLength(4);
    expect((await keptJsonAndRebuilt(db, 'ws_a'))!.kept.ld_2!.notes).toHaveLength(2);
  });
});
