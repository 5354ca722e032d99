import { sql } from 'kysely';
import type { Db } from './database.js';

// Which database errors mean "the database is away" (a restart, a failover, a full or read-only
// disk) rather than a bug: those answer 503 with Retry-After and recover by themselves.

// SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, starting up),
// plus 53 (insufficient resources: too many connections, disk full on the server).
const PG_UNAVAILABLE = /^(08|57P|53)/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
const SQLITE_UNAVAILABLE = /^SQLITE_(READONLY|FULL|BUSY|LOCKED|IOERR|CANTOPEN)/;
// pg-pool and pg raise these without a code.
const PG_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error)/;

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (PG_UNAVAILABLE.test(code) || SOCKET_CODES.has(code) || SQLITE_UNAVAILABLE.test(code))) return true;
  return PG_MESSAGES.test(err.message);
}

/** Resolves when the database answers a trivial statement (readiness, start-up). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
