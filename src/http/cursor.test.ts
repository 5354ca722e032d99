import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.js';
import { decodeCursor, encodeCursor, type CursorScope } from './cursor.js';

const secret = Buffer.from('test-secret');
const scope: CursorScope = { workspaceId: 'ws_a', endpoint: 'leads', sort: 'newest_first', filters: { status: 'NEW', days: null } };
const state = { position: [1_700_000_000_000, 'ld_1'], windowStart: null };

const rejects = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('invalid_cursor');
    return;
  }
  throw new Error('expected invalid_cursor');
};

describe('cursor codec', () => {
  it('round-trips a position and window start, opaque base64url', () => {
    const token = encodeCursor(secret, scope, { position: [null, 'ld_2'], windowStart: 123 });
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(decodeCursor(secret, scope, token, 2)).toEqual({ position: [null, 'ld_2'], windowStart: 123 });
  });

  it('rejects malformed and tampered tokens', () => {
    const token = encodeCursor(secret, scope, state);
    rejects(() => decodeCursor(secret, scope, 'garbage', 2));
    rejects(() => decodeCursor(secret, scope, '', 2));
    rejects(() => decodeCursor(secret, scope, `${token}.x`, 2));
    const [body, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify([1, 'x', [0, 'ld_9'], null])).toString('base64url');
    rejects(() => decodeCursor(secret, scope, `${forged}.${mac}`, 2));
    const flipped = mac!.endsWith('A') ? 'B' : 'A';
    rejects(() => decodeCursor(secret, scope, `${body}.${mac!.slice(0, -1)}${flipped}`, 2));
    rejects(() => decodeCursor(Buffer.from('other'), scope, token, 2));
    rejects(() => decodeCursor(secret, scope, token, 3));
  });

  it('is bound to workspace, endpoint, sort and filters', () => {
    const token = encodeCursor(secret, scope, state);
    rejects(() => decodeCursor(secret, { ...scope, workspaceId: 'ws_b' }, token, 2));
    rejects(() => decodeCursor(secret, { ...scope, endpoint: 'team_feed' }, token, 2));
    rejects(() => decodeCursor(secret, { ...scope, sort: 'oldest_first' }, token, 2));
    rejects(() => decodeCursor(secret, { ...scope, filters: { status: 'QUALIFIED', days: null } }, token, 2));
    expect(decodeCursor(secret, { ...scope, filters: { status: 'NEW', days: null } }, token, 2)).toEqual(state);
  });
});
