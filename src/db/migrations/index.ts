import type { Migration } from 'kysely';
import * as base from './0001_base.js';

/** Every migration, in order. Explicit on purpose: no folder scanning, names never change. */
export const migrations: Record<string, Migration> = {
  '0001_base': base,
};
