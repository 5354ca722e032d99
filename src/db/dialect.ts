// The few places where SQLite and PostgreSQL differ are decided here, never in a feature.
import { PostgresAdapter } from 'kysely';
import type { DbOrTx } from './database.js';

export const isPostgres = (db: DbOrTx): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
