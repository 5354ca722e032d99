import { describe, expect, it, vi } from 'vitest';
import { newId } from './ids.js';

describe('newId', () => {
  it('is the prefix and 20 base32 characters, unique', () => {
    const ids = Array.from({ length: 50_000 }, () => newId('ld'));
    for (const id of ids.slice(0, 100)) expect(id).toMatch(/^ld_[0-9a-hjkmnp-tv-z]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sorts ids of later milliseconds after earlier ones', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 21, 12) });
    try {
      const earlier = Array.from({ length: 100 }, () => newId('lh'));
      vi.setSystemTime(Date.UTC(2026, 10, 21, 12) + 1);
      const later = Array.from({ length: 100 }, () => newId('lh'));
      expect(earlier.reduce((a, b) => (a > b ? a : b)) < later.reduce((a, b) => (a < b ? a : b))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
