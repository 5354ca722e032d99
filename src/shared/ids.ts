import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case
const TIME_CHARS = 9; // milliseconds since 2020, good until the year 3135
const RANDOM_CHARS = 11; // 55 bits: ids of the same millisecond collide with odds of ~n²/2^56
const EPOCH_2020 = Date.UTC(2020, 0, 1);

// Drawing random bytes costs about as much for 4 KiB as for 16, so ids take theirs from a pool.
const pool = Buffer.alloc(4096);
let next = pool.length;

/**
 * App-generated ids (portable across SQLite and PostgreSQL): `<prefix>_<20 base32 chars>`, the
 * creation time first. Ids made one after another sort one after another, so the (workspace_id,
 * id) keys a page of new rows writes land at the end of their b-trees instead of all over them:
 * that halves the index work of a fold (docs/ingestion.md). The wall clock, not an injected one,
 * sets the order: only locality depends on it.
 */
export function newId(prefix: string): string {
  if (next + RANDOM_CHARS > pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  let out = '';
  let time = Math.max(0, Date.now() - EPOCH_2020);
  for (let i = 0; i < TIME_CHARS; i++) {
    out = ALPHABET[time % 32]! + out;
    time = Math.floor(time / 32);
  }
  for (let i = next; i < next + RANDOM_CHARS; i++) out += ALPHABET[pool[i]! & 31];
  next += RANDOM_CHARS;
  return `${prefix}_${out}`;
}
