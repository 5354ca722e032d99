// Imports a snapshot document in ONE transaction: each part is validated against the shipped
// schema and its references checked as it streams; rows go in by batches of multi-row upserts.
// Any fault throws, which rolls back everything written so far.
import type { Readable } from 'node:stream';
import type { Dialect } from '../db/connect.js';
import { withRollbackJournal } from '../db/bulk-load.js';
import { settleAfterBulkWrite } from '../db/dialect.js';
import type { Db, DbOrTx } from '../db/database.js';
import { rebuildLeadCounts } from '../leads/lead-counts.js';
import type { Clock } from '../shared/clock.js';
import { UsageError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { SnapshotError } from './snapshot.errors.js';
import { flushSection, TABLES } from './snapshot.flush.js';
import type { ImportProgress, ImportState, Pending, RecordedBindings } from './snapshot.state.js';
import { bulkTablesEmpty, endBulk } from './snapshot.bulk.js';
import { readSnapshot } from './snapshot.reader.js';
import { KnownIds } from './snapshot.refs.js';
import { creditRows, type Item } from './snapshot.rows.js';
import { SECTION_ORDER, validatePart } from './snapshot.validate.js';

export interface ImportOptions {
  /** Items per batch (default 500). */
  batchSize?: number;
  /** The engine underneath: PostgreSQL needs fresh planner statistics during a bulk import. */
  dialect?: Dialect;
  /**
   * A section of at least this many items into empty tables is loaded without their secondary
   * indexes, built afterwards (snapshot.bulk.ts). Default: the batch size.
   */
  bulkThreshold?: number;
  /** Called as the import goes (rows written per section, index and counter builds). */
  onProgress?: (event: ImportProgress) => void;
  /** Last checks of the caller, inside the import's transaction: throwing imports nothing. */
  beforeCommit?: (tx: DbOrTx, imported: Omit<ImportResult, 'counts'>) => Promise<void>;
}

export interface ImportResult {
  workspaceId: string;
  /** Items imported per array section. */
  counts: Record<string, number>;
  bindings: RecordedBindings;
}

export async function importSnapshot(db: Db, clock: Clock, source: Readable, options: ImportOptions = {}): Promise<ImportResult> {
  let result: ImportResult;
  try {
    // A restore into a new SQLite database writes its rows once, not through the WAL (bulk-load.ts).
    const load = () => importInTransaction(db, clock, source, options);
    result = await ((await bulkTablesEmpty(db)) ? withRollbackJournal(db, load) : load());
  } catch (err) {
    if (err instanceof UsageError) throw err;
    // A constraint the checks above do not cover (e.g. a username twice in one campaign).
    throw new SnapshotError(`$: the database refused the snapshot, nothing was imported (${(err as Error).message})`);
  }
  // Committed: the written tables made ready for index-only reads (PostgreSQL's visibility map).
  await settleAfterBulkWrite(db, Object.keys(result.counts).flatMap((section) => TABLES[section] ?? []));
  return result;
}

function importInTransaction(db: Db, clock: Clock, source: Readable, options: ImportOptions): Promise<ImportResult> {
  const batchSize = options.batchSize ?? 500;
  const analyze = options.dialect === 'postgres';
  return db.transaction().execute(async (trx) => {
    let state: ImportState | null = null;
    let position = -1;
    const seen = new Set<string>();
    const counts: Record<string, number> = {};
    let batch: Pending[] = [];
    // Batches are written while the next are read and checked, so the database works while this
    // process parses: each batch's writes start as soon as the batch before has been written,
    // whatever this thread is doing, and at most two wait (memory stays flat). `inFlight` is the
    // last of them, settled when all are. A fault waits for it: the rollback must come after.
    let inFlight: Promise<void> = Promise.resolve();
    const queued: Promise<void>[] = [];
    const write = async (section: string, items: Pending[]) => {
      if (queued.length >= 2) await queued.shift();
      inFlight = inFlight.then(() => flushSection(state!, section, items));
      inFlight.catch(() => {});
      queued.push(inFlight);
    };
    try {
      for await (const part of readSnapshot(source)) {
        const order = SECTION_ORDER.indexOf(part.section as never);
        if (order < 0) throw new SnapshotError(`${part.section}: is not a snapshot section`);
        if (order < position) throw new SnapshotError(`${part.section}: must come before ${SECTION_ORDER[position]} (sections follow the documented order)`);
        position = order;
        seen.add(part.section);
        if (part.kind === 'value') {
          validatePart(part.section, part.section, part.value);
          if (part.section === 'workspace') state = await importWorkspace(trx, clock, part.value as Item, { analyze, bulkThreshold: options.bulkThreshold ?? batchSize, progress: options.onProgress });
          continue;
        }
        if (!state) throw new SnapshotError(`workspace: must come before ${part.section}`);
        if (part.kind === 'end') {
          await write(part.section, batch);
          batch = [];
          await inFlight;
          options.onProgress?.({ phase: 'rows', section: part.section, rows: counts[part.section] ?? 0 });
          await endBulk(state, part.section);
          continue;
        }
        const path = `${part.section}[${part.index}]`;
        validatePart(part.section, path, part.value);
        batch.push(checkItem(state.known, part.section, path, part.value as Item));
        counts[part.section] = (counts[part.section] ?? 0) + 1;
        // A turn for the event loop now and then: a 1 MB chunk of items parses without one, and the
        // database's replies to the batches in flight would wait for all of it.
        if (counts[part.section]! % 16 === 0) await new Promise((resolve) => setImmediate(resolve));
        if (batch.length >= batchSize) {
          await write(part.section, batch);
          batch = [];
          options.onProgress?.({ phase: 'rows', section: part.section, rows: counts[part.section]! });
        }
      }
      await inFlight;
    } catch (err) {
      await inFlight.catch(() => {});
      throw err;
    }
    for (const required of ['format', 'version', 'workspace']) if (!seen.has(required)) throw new SnapshotError(`${required}: is required`);
    // Lead totals are counters (docs/leads-total.md); they commit with the leads they count.
    if (seen.has('leads')) {
      options.onProgress?.({ phase: 'counters' });
      await rebuildLeadCounts(trx, state!.workspaceId);
    }
    const imported = { workspaceId: state!.workspaceId, bindings: state!.bindings };
    await options.beforeCommit?.(trx, imported);
    return { ...imported, counts };
  });
}

type StateOptions = Pick<ImportState, 'analyze' | 'bulkThreshold' | 'progress'>;

async function importWorkspace(db: DbOrTx, clock: Clock, value: Item, options: StateOptions): Promise<ImportState> {
  const workspaceId: string = value.id ?? newId('ws');
  const now = clock.now();
  await db
    .insertInto('workspaces')
    .values({ id: workspaceId, name: value.name, created_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ name: value.name }))
    .execute();
  if (value.credits) {
    await db.deleteFrom('credit_ledger').where('workspace_id', '=', workspaceId).execute();
    const rows = creditRows(workspaceId, value.credits);
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('credit_ledger').values(rows.slice(i, i + 500)).execute();
  }
  const known = new KnownIds();
  await known.load(db, workspaceId);
  const bindings: RecordedBindings = {};
  if (value.network) {
    const { activity, pace } = value.network;
    bindings.network = { provider: value.network.provider, options: { ...(activity === undefined ? {} : { activity }), ...(pace === undefined ? {} : { pace }) } };
  }
  if (value.enrichment) bindings.enrichment = { provider: value.enrichment.provider, options: {} };
  if (value.crm) bindings.crm = { provider: value.crm.provider, options: value.crm.options ?? {} };
  return { db, workspaceId, now, known, analyzed: new Set(), bindings, bulk: new Map(), ...options };
}

/** Checks an item's references and records the ids it brings; returns it with its final id. */
function checkItem(known: KnownIds, section: string, path: string, item: Item): Pending {
  switch (section) {
    case 'team_members': {
      const id = item.id ?? newId('tm');
      known.claimEmail(`${path}.email`, item.email, id);
      known.members.add(id);
      return { item, id };
    }
    case 'companies':
      known.companies.add(item.id);
      return { item, id: String(item.id) };
    case 'contacts':
      known.company(`${path}.company_id`, item.company_id);
      return { item, id: item.urn };
    case 'posts': {
      known.member(`${path}.team_member_id`, item.team_member_id);
      const id = item.id ?? newId('p');
      known.posts.set(id, item.post_url);
      return { item, id };
    }
    case 'leads':
      known.member(`${path}.team_member_id`, item.team_member_id);
      known.post(`${path}.source_post_id`, item.source_post_id);
      known.company(`${path}.company_id`, item.company_id);
      return { item, id: item.id ?? newId('ld') };
    case 'connections':
      known.member(`${path}.team_member_id`, item.team_member_id);
      return { item, id: `${item.team_member_id}/${item.contact_urn}` };
    default: {
      known.member(`${path}.creator_id`, item.creator_id);
      (item.participant_ids ?? []).forEach((id: string, i: number) => known.member(`${path}.participant_ids[${i}]`, id));
      return { item, id: item.id ?? newId('cmp') };
    }
  }
}
