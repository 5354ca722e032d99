import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

// Drawing random bytes costs about as much for 4 KiB as for 16, so ids take theirs from a pool.
const pool = Buffer.alloc(4096);
let next = pool.length;

/** App-generated ids (portable across SQLite and PostgreSQL): `<prefix>_<16 base32 chars>`. */
export function newId(prefix: string): string {
  if (next + 16 > pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  let out = '';
  for (let i = next; i < next + 16; i++) out += ALPHABET[pool[i]! & 31];
  next += 16;
  return `${prefix}_${out}`;
}
