// Signed, opaque keyset cursors: base64url(JSON position) + "." + HMAC, where the HMAC also
// covers the scope (workspace + endpoint), so a cursor is useless anywhere it was not issued.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../shared/errors.js';

function sign(secret: Buffer, scope: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(scope).update('\u0000').update(payload).digest();
}

export function encodeCursor(secret: Buffer, scope: string, position: unknown): string {
  const payload = Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
  return `${payload}.${sign(secret, scope, payload).toString('base64url')}`;
}

/** The position the cursor carries; DomainError('invalid_cursor') when malformed, tampered or out of scope. */
export function decodeCursor(secret: Buffer, scope: string, cursor: string): unknown {
  const [payload, mac, extra] = cursor.split('.');
  if (!payload || !mac || extra !== undefined) throw new DomainError('invalid_cursor');
  const given = Buffer.from(mac, 'base64url');
  const expected = sign(secret, scope, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new DomainError('invalid_cursor');
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new DomainError('invalid_cursor');
  }
}
