// Opaque, signed keyset cursors. A cursor carries the sort position after the last item of a
// page plus the resolved `days` window start, and is bound (by HMAC) to the workspace, the
// endpoint, the sort and the normalized filter set it was issued for. Anything else is
// DomainError('invalid_cursor').
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from './errors.js';

export type CursorValue = string | number | null;

export interface CursorScope {
  workspaceId: string;
  endpoint: string;
  sort: string;
  /** Normalized filters, built with a fixed key order by the caller. */
  filters: Record<string, unknown>;
}

export interface CursorState {
  /** Sort-key values of the last item, tie-breaker last. */
  position: CursorValue[];
  /** Epoch ms where a `days` window started when the walk began (null without `days`). */
  windowStart: number | null;
}

const VERSION = 1;

function scopeDigest(scope: CursorScope): string {
  const text = JSON.stringify([scope.workspaceId, scope.endpoint, scope.sort, scope.filters]);
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

const sign = (secret: Buffer, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

export function encodeCursor(secret: Buffer, scope: CursorScope, state: CursorState): string {
  const body = Buffer.from(JSON.stringify([VERSION, scopeDigest(scope), state.position, state.windowStart])).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

const isValue = (v: unknown): v is CursorValue => v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

export function decodeCursor(secret: Buffer, scope: CursorScope, token: string, positionLength: number): CursorState {
  const invalid = () => new DomainError('invalid_cursor');
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) throw invalid();
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(payload) || payload.length !== 4) throw invalid();
  const [version, digest, position, windowStart] = payload;
  if (version !== VERSION || digest !== scopeDigest(scope)) throw invalid();
  if (!Array.isArray(position) || position.length !== positionLength || !position.every(isValue)) throw invalid();
  if (windowStart !== null && typeof windowStart !== 'number') throw invalid();
  return { position, windowStart };
}
