// Migration 0085 keeps JSON for the list's cold pages: each company's on the company
// (companies.company_json, both engines) and, on SQLite, each lead's history and notes on the lead
// (leads.history_json and notes_json). Their triggers are held to the rows by
// lead-counts-property.test.ts (random writes), leads-rendering.test.ts (byte for byte) and
// snapshot-bulk.test.ts (a bulk load); this holds the migration that fills them for the rows
// already there, the companies' triggers on every way a company is written, and the migration's down.
import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDb, type DbHandle } from '../src/db/connect.js';
import type { Db } from '../src/db/database.js';
import { isPostgres } from '../src/db/dialect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { createTestDatabase, describeEachDialect, type DialectName, type TestDatabase } from './helpers/dialects.js';
import { keptCompaniesAndMapped, keptJsonAndRebuilt } from './helpers/ingestion-fixtures.js';
import { insertCompany, insertLeads } from './helpers/leads-fixture.js';

const T0 = Date.parse('2025-03-01T08:00:00Z');

/** A database at migration 0084, with a Migrator to move it. */
function at0084(dialect: DialectName) {
  const state = {} as { testDb: TestDatabase; handle: DbHandle; migrator: Migrator };
  beforeEach(async () => {
    state.testDb = await createTestDatabase(dialect);
    state.handle = connectDb(state.testDb.target);
    state.migrator = new Migrator({ db: state.handle.db, provider: { getMigrations: async () => migrations } });
    expect((await state.migrator.migrateTo('0084_lead_count_levels')).error).toBeUndefined();
  });
  afterEach(async () => {
    await state.handle.close();
    await state.testDb.drop();
  });
  return state;
}

const workspace = (db: Db, id: string) => db.insertInto('workspaces').values({ id, name: id, created_at: T0 } as never).execute();

/** The kept columns and triggers of migration 0085 that the database holds. */
async function keptObjects(db: Db): Promise<string[]> {
  const found = isPostgres(db)
    ? await sql<{ name: string }>`select column_name as name from information_schema.columns where table_name = 'companies' and column_name = 'company_json'
        union all select tgname from pg_trigger where tgname = 'company_json'`.execute(db)
    : await sql<{ name: string }>`select name from pragma_table_info('leads') where name in ('history_json', 'notes_json')
        union all select name from pragma_table_info('companies') where name = 'company_json'
        union all select name from sqlite_master where type = 'trigger' and (name like 'history_json%' or name like 'notes_json%' or name like 'company_json%')`.execute(db);
  return found.rows.map((r) => r.name);
}

describeEachDialect('companies.company_json', (dialect) => {
  const state = at0084(dialect);

  it('is filled for the companies already there when migration 0085 runs; its down removes the column and the trigger', async () => {
    const db = state.handle.db;
    for (const ws of ['ws_a', 'ws_b']) {
      await workspace(db, ws);
      await insertCompany(db, ws, { id: 5, name: `Acme "${ws}" 日本`, industries: '{"not":"an array"}', specialties: '', funding: '[{"k":[1,2.5,true,null]}]', is_verified: 2, created_at: -1500 });
      await insertCompany(db, ws, { id: 6, is_verified: null, created_at: T0 + 7 });
    }
    expect((await state.migrator.migrateTo('0085_list_kept_json')).error).toBeUndefined();
    for (const ws of ['ws_a', 'ws_b']) {
      const companies = await keptCompaniesAndMapped(db, ws);
      expect(companies.kept).toEqual(companies.mapped);
      expect(companies.kept[5]).toMatchObject({ name: `Acme "${ws}" 日本`, industries: [], specialties: [], funding: [{ k: [1, 2.5, true, null] }], is_verified: false, created_at: '1969-12-31T23:59:58.500Z' });
      expect(companies.kept[6]).toMatchObject({ is_verified: null, created_at: '2025-03-01T08:00:00.007Z' });
    }
    expect((await state.migrator.migrateTo('0084_lead_count_levels')).error).toBeUndefined();
    expect(await keptObjects(db)).toEqual([]);
    await migrateToLatest(db);
    expect((await keptCompaniesAndMapped(db, 'ws_a')).kept[5]).toMatchObject({ name: 'Acme "ws_a" 日本' });
  });

  it('follows every way a company is written: an insert, an upsert (ingestion, imports) and an update of any column', async () => {
    const db = state.handle.db;
    await migrateToLatest(db);
    await workspace(db, 'ws_c');
    await insertCompany(db, 'ws_c', { id: 1, name: 'First', created_at: T0 });
    await insertCompany(db, 'ws_c', { id: 2, name: 'Other', created_at: T0 });
    // An upsert, as ingestion's refresh and the snapshot import write companies.
    await sql`insert into companies (workspace_id, id, hash_id, name, industries, specialties, funding, created_at)
      values ('ws_c', 1, 'h1', 'Upserted', '["SaaS"]', '[]', '[]', ${T0})
      on conflict (workspace_id, id) do update set name = excluded.name, industries = excluded.industries, hash_id = excluded.hash_id`.execute(db);
    // Any other process writing the database, a few columns at a time.
    await db.updateTable('companies').set({ followers: 12, is_verified: 1, created_at: T0 + 250 }).where('workspace_id', '=', 'ws_c').where('id', '=', 2).execute();
    const companies = await keptCompaniesAndMapped(db, 'ws_c');
    expect(companies.kept).toEqual(companies.mapped);
    expect(companies.kept[1]).toMatchObject({ name: 'Upserted', industries: ['SaaS'], hash_id: 'h1' });
    expect(companies.kept[2]).toMatchObject({ followers: 12, is_verified: true, created_at: '2025-03-01T08:00:00.250Z' });
  });

  it("is kept as the API writes the company, compact, on both engines (migration 0087 on PostgreSQL, whose down brings json_build_object's spacing back)", async () => {
    const db = state.handle.db;
    await migrateToLatest(db);
    await workspace(db, 'ws_d');
    // Arrays stored with spaces between tokens and inside strings: the kept JSON drops the first only.
    await insertCompany(db, 'ws_d', { id: 3, name: 'Spaced " name\n', industries: '[ "Saa S" , "B2B" ]', specialties: '[{"k" : [1, 2.5, true, null]}]', funding: '', is_verified: 1, created_at: T0 + 7 });
    await insertCompany(db, 'ws_d', { id: 4, is_verified: null, created_at: -1500 });
    const texts = async () => (await sql<{ id: number; text: string }>`select id, cast(company_json as text) as text from companies where workspace_id = 'ws_d' order by id`.execute(db)).rows.map((r) => r.text);
    const { mapped } = await keptCompaniesAndMapped(db, 'ws_d');
    const written = [JSON.stringify(mapped[3]), JSON.stringify(mapped[4])];
    expect(written[0]).toContain('"industries":["Saa S","B2B"],"specialties":[{"k":[1,2.5,true,null]}],"funding":[],"is_verified":true');
    expect(await texts()).toEqual(written);
    if (!isPostgres(db)) return;
    expect((await state.migrator.migrateTo('0086_group_indexes_with_dates')).error).toBeUndefined();
    expect((await texts())[0]).toContain('{"name" : "Spaced \\" name\\n", "slug" : null');
    await migrateToLatest(db);
    expect(await texts()).toEqual(written);
  });
});

describe('leads.history_json and notes_json on SQLite', () => {
  const state = at0084('sqlite');

  it('are filled for the leads already there when migration 0085 runs, and its down removes the columns and the triggers', async () => {
    const db = state.handle.db;
    for (const ws of ['ws_a', 'ws_b']) {
      await workspace(db, ws);
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

    expect((await state.migrator.migrateTo('0085_list_kept_json')).error).toBeUndefined();
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

    expect((await state.migrator.migrateTo('0084_lead_count_levels')).error).toBeUndefined();
    expect(await keptObjects(db)).toEqual([]);
    await migrateToLatest(db);
    expect((await keptJsonAndRebuilt(db, 'ws_a'))!.kept.ld_1!.history).toHaveLength(4);
    expect((await keptJsonAndRebuilt(db, 'ws_a'))!.kept.ld_2!.notes).toHaveLength(2);
  });
});
