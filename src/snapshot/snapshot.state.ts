// The state of one workspace's import, shared by the importer and the section writer.
import type { DbOrTx } from '../db/database.js';
import type { Binding } from '../network/bindings.js';
import type { KnownIds } from './snapshot.refs.js';
import type { Item } from './snapshot.rows.js';

/** The bindings a snapshot records (absent: none). The import writes none of them: binding is the operator's. */
export interface RecordedBindings {
  network?: Binding;
  enrichment?: Binding;
  /** Recorded so an import can refuse it: its token is in no snapshot. */
  crm?: Binding;
}

/** An item waiting for its batch, with the id it will have. */
export interface Pending {
  item: Item;
  id: string;
}

/** What an import is doing, for a progress display. */
export type ImportProgress =
  | { phase: 'rows'; section: string; rows: number }
  | { phase: 'bulk'; section: string }
  | { phase: 'indexes'; section: string }
  | { phase: 'counters' };

export interface ImportState {
  db: DbOrTx;
  workspaceId: string;
  now: number;
  known: KnownIds;
  /** Whether to refresh planner statistics after a section's first batch (PostgreSQL). */
  analyze: boolean;
  /** Sections whose tables have had their statistics refreshed in this import. */
  analyzed: Set<string>;
  bindings: RecordedBindings;
  /** A section this large or larger, into empty tables, is loaded without their indexes (snapshot.bulk.ts). */
  bulkThreshold: number;
  /** Sections loaded in bulk: the definitions still to replay (none once replayed). */
  bulk: Map<string, string[]>;
  progress?: (event: ImportProgress) => void;
}
