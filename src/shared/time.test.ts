import { describe, expect, it } from 'vitest';
import { parseIso } from './time.js';

describe('parseIso', () => {
  it('reads date-times with a zone and refuses days the month does not have', () => {
    expect(parseIso('2025-03-01T10:00:00Z')).toBe(Date.UTC(2025, 2, 1, 10));
    expect(parseIso('2024-02-29T00:00:00+01:00')).toBe(Date.UTC(2024, 1, 28, 23));
    expect(parseIso('2025-02-29T00:00:00Z')).toBeUndefined();
    expect(parseIso('2025-04-31T10:00:00Z')).toBeUndefined();
    expect(parseIso('2025-03-01T10:00:00')).toBeUndefined();
  });
});
