import type { Migration } from 'kysely';
import * as base from './0001_base.js';
import * as leadIndexes from './0002_lead_indexes.js';

/** Every migration, in order. Explicit on purpose: no folder scanning, names never change. */
export const migrations: Record<string, Migration> = {
  '0001_base': base,
  '0002_lead_indexes': leadIndexes,
};
