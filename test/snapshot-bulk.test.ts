// Import into empty tables (a restore, a move between engines): a large section is loaded
// without the tables' secondary indexes, triggers and (PostgreSQL) foreign keys, which are
// rebuilt inside the same transaction. The schema ends exactly as it was, on success and on a
// fault; the data, the counters and the data version are what the row-by-row path gives.
import { Writable } from 'node:stream';
import { openSqlite } from '../src/db/sqlite-driver.js';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDb, type DbHandle } from '../src/db/connect.js';
import type { Db } from '../src/db/database.js';
import { isPostgres } from '../src/db/dialect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { ManualClock } from '../src/shared/clock.js';
import { exportSnapshot } from '../src/snapshot/snapshot.export.js';
import { importSnapshot, type ImportOptions } from '../src/snapshot/snapshot.import.js';
import type { ImportProgress } from '../src/snapshot/snapshot.state.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import { countsKeptAndRebuilt, keptJsonAndRebuilt } from './helpers/ingestion-fixtures.js';
import { snapshotFixture, toStream } from './helpers/snapshot-fixture.js';

/** Every index, trigger and constraint definition (with PostgreSQL's trigger enablement). */
async function schemaOf(db: Db): Promise<string[]> {
  if (!isPostgres(db)) {
    const rows = await sql<{ type: string; name: string; sql: string | null }>`select type, name, sql from sqlite_master where type in ('index', 'trigger', 'table') order by type, name`.execute(db);
    return rows.rows.map((r) => `${r.type} ${r.name} ${r.sql}`);
  }
  const indexes = await sql<{ d: string }>`select indexdef as d from pg_indexes where schemaname = current_schema() order by indexname`.execute(db);
  const keys = await sql<{ d: string }>`select conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) as d from pg_constraint where connamespace = current_schema()::regnamespace order by 1`.execute(db);
  const triggers = await sql<{ d: string }>`select tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text as d from pg_trigger where not tgisinternal order by 1`.execute(db);
  return [...indexes.rows, ...keys.rows, ...triggers.rows].map((r) => r.d);
}

async function exportText(db: Db, workspaceId: string): Promise<string> {
  let text = '';
  await exportSnapshot(db, workspaceId, new Writable({ write: (chunk, _enc, done) => ((text += chunk), done()) }));
  return text;
}

const count = async (db: Db, table: 'leads' | 'lead_history' | 'contacts' | 'lead_counts') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describeEachDialect('snapshot import into empty tables', (dialect) => {
  let testDb: TestDatabase;
  let handle: DbHandle;
  const clock = new ManualClock(Date.parse('2025-06-01T00:00:00Z'));
  beforeEach(async () => {
    testDb = await createTestDatabase(dialect);
    handle = connectDb(testDb.target);
    await migrateToLatest(handle.db);
  });
  afterEach(async () => {
    await handle.close();
    await testDb.drop();
  });

  const run = (doc: unknown, events: ImportProgress[] = [], options: ImportOptions = {}) =>
    importSnapshot(handle.db, clock, toStream(doc), { dialect, batchSize: 10, onProgress: (e) => events.push(e), ...options });

  it('loads large sections without indexes and rebuilds them: same schema, rows, export and counters', async () => {
    const db = handle.db;
    const schema = await schemaOf(db);
    const doc = snapshotFixture(45, 'ws_bulk');
    // A lead repeated in a later batch: its last item wins and its history is replaced.
    const repeated = { ...doc.leads[3], status: 'QUALIFIED', history: [{ id: 'h_again', description: 'again', recorded_at: '2025-04-01T00:00:00Z' }] };
    // Another, whose new history takes a row of lead 4's by its id: the row moves to it.
    const moved = doc.leads[4].history[0];
    const taking = { ...doc.leads[10], history: [{ ...moved, description: 'moved' }] };
    const events: ImportProgress[] = [];
    await run({ ...doc, leads: [...doc.leads, repeated, taking] }, events);
    expect(events).toContainEqual({ phase: 'bulk', section: 'leads' });
    expect(events).toContainEqual({ phase: 'indexes', section: 'leads' });
    expect(events).toContainEqual({ phase: 'bulk', section: 'contacts' });
    expect(await schemaOf(db)).toEqual(schema);
    const expected = structuredClone(doc);
    expected.leads[3] = repeated;
    expected.leads[4].history = [];
    expected.leads[10] = taking;
    expect(JSON.parse(await exportText(db, 'ws_bulk'))).toEqual(expected);
    const { kept, rebuilt } = await countsKeptAndRebuilt(db, 'ws_bulk');
    expect(kept).toEqual(rebuilt);
    const allTime = Object.entries(kept).filter(([key]) => /^[A-Z]+\/0\/0\//.test(key)); // status/span 0/day 0/enriched
    expect(allTime.reduce((s, [, n]) => s + n, 0)).toBe(45);
    // SQLite's history and notes kept on each lead, filled once after the load (their triggers were suspended).
    const json = await keptJsonAndRebuilt(db, 'ws_bulk');
    if (json) {
      expect(json.kept).toEqual(json.rebuilt);
      const having = (children: 'history' | 'notes') => [
        Object.values(json.kept).filter((l) => l[children].length > 0).length,
        expected.leads.filter((l: Record<typeof children, unknown[]>) => l[children].length > 0).length,
      ];
      expect(having('history')).toEqual([30, 30]);
      expect(having('notes')).toEqual([6, 6]);
    }
  });

  // PostgreSQL: the imported tables are vacuumed once the import has committed, so their visibility
  // map is set and index-only reads (counts, a company's dated pages) skip the rows from the first
  // request. Autovacuum is off on the machines these tests run on: nothing else sets it here.
  it.runIf(dialect === 'postgres')('vacuums the tables it wrote once committed: their pages are all visible', async () => {
    await run(snapshotFixture(45, 'ws_vacuum'));
    const { rows } = await sql<{ relname: string; relpages: number; relallvisible: number }>`
      select relname, relpages, relallvisible from pg_class where relname in ('leads', 'lead_history', 'contacts', 'companies') order by relname`.execute(handle.db);
    expect(rows.map((r) => r.relname)).toEqual(['companies', 'contacts', 'lead_history', 'leads']);
    for (const r of rows) {
      expect(Number(r.relpages), r.relname).toBeGreaterThan(0);
      expect(Number(r.relallvisible), r.relname).toBe(Number(r.relpages));
    }
  });

  it('fills SQLite\'s kept history and notes after the load in the list\'s order: time, then id in UTF-8 byte order', async () => {
    const doc = snapshotFixture(45, 'ws_kept');
    // Given out of order: a null time, a tie broken by ids whose UTF-8 and UTF-16 orders differ,
    // milliseconds, a time before 1970 and text to escape.
    doc.leads[1].history = [
      { id: 'h_late', description: 'tab\tline\n\u0001 "q" \\ \u007f \u2028 é 😀 end', recorded_at: '2025-04-02T00:00:00.250Z' },
      { id: 'h_\uE000', description: null, recorded_at: '2025-04-01T00:00:00Z' },
      { id: 'h_😀', description: 'tie', recorded_at: '2025-04-01T00:00:00Z' },
      { id: 'h_none', description: 'no time' },
      { id: 'h_old', description: 'before 1970', recorded_at: '1969-12-31T23:59:59.999Z' },
    ];
    doc.leads[2].notes = [
      { id: 'n_b', content: 'tied, second', created_at: '2025-04-01T00:00:00Z' },
      { id: 'n_a', content: 'tied, first "quoted"', created_at: '2025-04-01T00:00:00Z', updated_at: '2025-04-03T00:00:00.5Z' },
    ];
    const events: ImportProgress[] = [];
    await run(doc, events);
    expect(events).toContainEqual({ phase: 'bulk', section: 'leads' });
    const json = await keptJsonAndRebuilt(handle.db, 'ws_kept');
    if (!json) return; // PostgreSQL keeps no history or notes on the lead
    expect(json.kept).toEqual(json.rebuilt);
    expect(json.kept.ld_000001!.history.map((h: { id: string }) => h.id)).toEqual(['h_none', 'h_old', 'h_\uE000', 'h_😀', 'h_late']);
    expect(json.kept.ld_000002!.notes.map((n: { id: string }) => n.id)).toEqual(['n_a', 'n_b']);
  });

  it('a lead given twice in one batch is written as if in two: the later item\'s history and notes replace the earlier\'s', async () => {
    const doc = snapshotFixture(45, 'ws_twice');
    // ld_000022 has one history row; given again right after it (the same batch of 10), with other
    // history and notes. ld_000024 is given with history, then in a later batch without (it is kept).
    const again = { ...doc.leads[22], status: 'QUALIFIED', history: [{ id: 'h_again', description: 'again', recorded_at: '2025-04-01T00:00:00Z' }], notes: [{ id: 'n_again', content: 'again', created_at: '2025-04-01T00:00:00Z', updated_at: '2025-04-01T00:00:00Z' }] };
    const { history: _history, ...withoutHistory } = { ...doc.leads[24], crm_id: 'crm_later' };
    const leads = [...doc.leads];
    leads[24] = { ...doc.leads[24], history: [{ id: 'h_24_first', description: 'first', recorded_at: '2025-04-01T00:00:00Z' }] };
    leads.splice(23, 0, again);
    leads.push(withoutHistory);
    await run({ ...doc, leads });
    const exported = JSON.parse(await exportText(handle.db, 'ws_twice')).leads;
    expect(exported.find((l: { id: string }) => l.id === 'ld_000022')).toEqual(again);
    expect(exported.find((l: { id: string }) => l.id === 'ld_000024')).toEqual({ ...withoutHistory, history: [{ id: 'h_24_first', description: 'first', recorded_at: '2025-04-01T00:00:00Z' }] });
    expect(await count(handle.db, 'lead_history')).toBe(exported.reduce((n: number, l: { history: unknown[] }) => n + l.history.length, 0));
    const json = await keptJsonAndRebuilt(handle.db, 'ws_twice');
    if (json) expect(json.kept).toEqual(json.rebuilt);
  });

  // A batch of new leads is loaded by COPY on PostgreSQL; a history or note id it gives again (one of
  // an earlier lead's) makes that batch roll back and go in as upserts, which move the row.
  it('a new lead\'s history and notes taking ids of an earlier lead\'s: the rows move to it', async () => {
    const doc = snapshotFixture(45, 'ws_move');
    const taking = { ...doc.leads[44], id: 'ld_999999', history: [{ ...doc.leads[4].history[0], description: 'moved' }], notes: [{ ...doc.leads[8].notes[0], content: 'moved' }] };
    const events: ImportProgress[] = [];
    await run({ ...doc, leads: [...doc.leads, taking] }, events);
    expect(events).toContainEqual({ phase: 'bulk', section: 'leads' });
    const expected = structuredClone(doc);
    expected.leads[4].history = [];
    expected.leads[8].notes = [];
    expected.leads.push(taking);
    expect(JSON.parse(await exportText(handle.db, 'ws_move'))).toEqual(expected);
    const json = await keptJsonAndRebuilt(handle.db, 'ws_move');
    if (json) expect(json.kept).toEqual(json.rebuilt);
  });

  // PostgreSQL loads these rows by COPY, in its text format (src/db/pg-copy.ts): each character that
  // format gives a meaning must come back as it was given.
  it('text with tabs, line breaks, backslashes and \\N in it comes back exactly as given', async () => {
    const doc = snapshotFixture(45, 'ws_text');
    const text = 'a\tb\nc\r\nd \\ e \\N \\t "quoted" \u00e9\u{1F600} end\\';
    doc.contacts[2].headline = `contact ${text}`;
    Object.assign(doc.leads[5], { headline: `lead ${text}`, tags: [text, 'plain'], crm_id: '\\N' });
    doc.leads[7].history[0].description = `history ${text}`;
    doc.leads[8].notes[0].content = `note ${text}`;
    const events: ImportProgress[] = [];
    await run(doc, events);
    expect(events).toContainEqual({ phase: 'bulk', section: 'contacts' });
    expect(events).toContainEqual({ phase: 'bulk', section: 'leads' });
    expect(JSON.parse(await exportText(handle.db, 'ws_text'))).toEqual(doc);
  });

  // A refusal of the database that is not an id given twice, in the middle of a COPY, ends the
  // import like any other fault: nothing written, the suspended indexes, triggers and keys back.
  it.runIf(dialect === 'postgres')('a value PostgreSQL refuses during a bulk load writes nothing and leaves the schema as it was', async () => {
    const schema = await schemaOf(handle.db);
    const doc = snapshotFixture(45, 'ws_nul');
    doc.leads[33].notes = [{ id: 'n_nul', content: 'a \u0000 in text', created_at: '2025-04-01T00:00:00Z', updated_at: '2025-04-01T00:00:00Z' }];
    await expect(run(doc)).rejects.toThrow('the database refused the snapshot, nothing was imported');
    expect(await schemaOf(handle.db)).toEqual(schema);
    for (const table of ['leads', 'lead_history', 'contacts', 'lead_counts'] as const) expect(await count(handle.db, table), table).toBe(0);
  });

  it('moves the data version once for what the suspended triggers would have counted (cached pages are stale)', async () => {
    const leads = Array.from({ length: 25 }, (_, i) => ({ id: `ld_${i}`, created_at: '2025-03-01T00:00:00Z' }));
    const events: ImportProgress[] = [];
    await run({ format: 'workspace-snapshot', version: 1, workspace: { id: 'ws_v', name: 'V' }, leads }, events);
    expect(events).toContainEqual({ phase: 'bulk', section: 'leads' });
    const ws = await handle.db.selectFrom('workspaces').select('data_version').where('id', '=', 'ws_v').executeTakeFirstOrThrow();
    expect(Number(ws.data_version)).toBe(1);
  });

  it('a fault after the bulk load began writes nothing and leaves every index, trigger and key in place', async () => {
    const db = handle.db;
    const schema = await schemaOf(db);
    const doc = snapshotFixture(45, 'ws_bulk_bad');
    doc.leads[37].team_member_id = 'tm_nobody';
    const events: ImportProgress[] = [];
    await expect(run(doc, events)).rejects.toThrow('leads[37].team_member_id: no team member "tm_nobody"');
    expect(events).toContainEqual({ phase: 'bulk', section: 'leads' });
    expect(await schemaOf(db)).toEqual(schema);
    for (const table of ['leads', 'lead_history', 'contacts', 'lead_counts'] as const) expect(await count(db, table), table).toBe(0);
    expect(await db.selectFrom('workspaces').selectAll().execute()).toEqual([]);
  });

  it('sections under the threshold, and tables that hold rows, are written with their indexes in place', async () => {
    const small: ImportProgress[] = [];
    await run(snapshotFixture(45, 'ws_small'), small, { bulkThreshold: 11 });
    expect(small.filter((e) => e.phase === 'bulk' || e.phase === 'indexes')).toEqual([]);
    const events: ImportProgress[] = [];
    await run(snapshotFixture(45, 'ws_second'), events);
    expect(events.filter((e) => e.phase === 'bulk' || e.phase === 'indexes')).toEqual([]);
    const { kept, rebuilt } = await countsKeptAndRebuilt(handle.db, 'ws_second');
    expect(kept).toEqual(rebuilt);
  });
});

// A restore into a new SQLite file writes its rows once, in a rollback journal, instead of into
// the WAL and again at the checkpoint (src/db/bulk-load.ts); the file is in WAL before and after.
describe('snapshot import into a new SQLite file', () => {
  let testDb: TestDatabase;
  let handle: DbHandle;
  const clock = new ManualClock(Date.parse('2025-06-01T00:00:00Z'));
  beforeEach(async () => {
    testDb = await createTestDatabase('sqlite');
    handle = connectDb(testDb.target);
    await migrateToLatest(handle.db);
  });
  afterEach(async () => {
    await handle.close();
    await testDb.drop();
  });

  const pragma = async (db: Db, name: string) => Object.values((await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows[0]!)[0];
  /** Imports `doc`, returning the journal mode the import's transaction ran in. */
  const journalDuringImport = async (doc: unknown) => {
    let during: unknown;
    await importSnapshot(handle.db, clock, toStream(doc), { dialect: 'sqlite', batchSize: 10, beforeCommit: async (tx) => void (during = await pragma(tx, 'journal_mode')) });
    return during;
  };
  const settings = async () => ({
    journal: await pragma(handle.db, 'journal_mode'),
    synchronous: await pragma(handle.db, 'synchronous'),
    busy: await pragma(handle.db, 'busy_timeout'),
    threads: await pragma(handle.db, 'threads'), // the index rebuild's helper threads (bulk-load.ts)
  });

  it('runs in the rollback journal and gives the WAL and every setting back', async () => {
    const before = await settings();
    expect(before.journal).toBe('wal');
    expect(await journalDuringImport(snapshotFixture(45, 'ws_restore'))).toBe('delete');
    expect(await settings()).toEqual(before);
    expect(await count(handle.db, 'leads')).toBe(45);
    // The mode is the file's: a bare connection, which sets no mode of its own, finds the WAL too.
    const bare = openSqlite((testDb.target as { file: string }).file, { readonly: true });
    try {
      expect(bare.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(bare.prepare('select count(*) as n from leads').get()).toEqual({ n: 45 });
    } finally {
      bare.close();
    }
  });

  it('stays in the WAL when another connection has the file open, or the tables hold rows', async () => {
    const other = connectDb(testDb.target);
    try {
      await pragma(other.db, 'journal_mode');
      expect(await journalDuringImport(snapshotFixture(45, 'ws_shared'))).toBe('wal');
      expect(await count(other.db, 'leads')).toBe(45);
    } finally {
      await other.close();
    }
    expect(await journalDuringImport(snapshotFixture(45, 'ws_second'))).toBe('wal');
  });

  it('a fault rolls everything back and gives the WAL back', async () => {
    const doc = snapshotFixture(45, 'ws_restore_bad');
    doc.leads[37].team_member_id = 'tm_nobody';
    const before = await settings();
    await expect(journalDuringImport(doc)).rejects.toThrow('leads[37].team_member_id: no team member "tm_nobody"');
    expect(await settings()).toEqual(before);
    for (const table of ['leads', 'lead_history', 'contacts', 'lead_counts'] as const) expect(await count(handle.db, table), table).toBe(0);
    expect(await handle.db.selectFrom('workspaces').selectAll().execute()).toEqual([]);
  });
});
