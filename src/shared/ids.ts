import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

/** App-generated ids (portable across SQLite and PostgreSQL): `<prefix>_<16 base32 chars>`. */
// Random bytes drawn in blocks: one randomBytes call per id costs more than the rest of a bulk
// insert's JS work (ingestion creates tens of thousands of ids per second).
const BLOCK = 4096;
let pool = Buffer.alloc(0);
let offset = BLOCK;

export function newId(prefix: string): string {
  if (offset + 16 > pool.length) {
    pool = randomBytes(BLOCK);
    offset = 0;
  }
  let out = '';
  for (let i = offset; i < offset + 16; i++) out += ALPHABET[pool[i]! & 31];
  offset += 16;
  return `${prefix}_${out}`;
}
