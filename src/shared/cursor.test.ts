import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
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

/** A token with a valid signature over any payload: what a client holding the secret could forge. */
const signed = (payload: unknown, body = Buffer.from(JSON.stringify(payload)).toString('base64url')) =>
  `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
const digestOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8'))[1];

describe('cursor codec', () => {
  it('decodes cursors issued earlier (clients hold them across deploys): the format is fixed', () => {
    const token = encodeCursor(secret, scope, state);
    expect(token).toBe(
      'WzEsIlNLU0hSSEpmeFJlUDc4MC0iLFsxNzAwMDAwMDAwMDAwLCJsZF8xIl0sbnVsbF0.rGJtTb8kWsR66DOw5CpQWX2PtfM9E5fD9bZ4thsuAoA',
    );
    expect(decodeCursor(secret, scope, token, 2)).toEqual(state);
  });

  it('refuses a correctly signed payload of the wrong shape', () => {
    const digest = digestOf(encodeCursor(secret, scope, state));
    const good = [1, digest, [5, 'ld_1'], null];
    expect(decodeCursor(secret, scope, signed(good), 2)).toEqual({ position: [5, 'ld_1'], windowStart: null });
    for (const payload of [
      { version: 1 },
      [1, digest, [5, 'ld_1']],
      [1, digest, [5, 'ld_1'], null, 'extra'],
      [2, digest, [5, 'ld_1'], null],
      [1, 'other-digest', [5, 'ld_1'], null],
      [1, digest, 'ld_1', null],
      [1, digest, [{}, 'ld_1'], null],
      [1, digest, [true, 'ld_1'], null],
      [1, digest, [5, ['ld_1']], null],
      [1, digest, [5, 'ld_1'], '123'],
    ]) rejects(() => decodeCursor(secret, scope, signed(payload), 2));
    // Not JSON at all, yet signed.
    rejects(() => decodeCursor(secret, scope, signed(null, Buffer.from('{not json').toString('base64url')), 2));
    // A signature of the wrong length is refused as invalid, not thrown as a crash.
    const token = encodeCursor(secret, scope, state);
    rejects(() => decodeCursor(secret, scope, `${token.split('.')[0]}.${token.split('.')[1]!.slice(0, 10)}`, 2));
  });

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
