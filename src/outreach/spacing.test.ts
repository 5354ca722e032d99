// Spacing between a sender's actions: inside [min, max] seconds, in whole milliseconds, the same
// for the same inputs, different from one action to the next, and spread over the whole range.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './limits.js';
import { seededRandom } from '../shared/random.js';
import { spacingMs as spacingOf } from './spacing.js';

const fraction = (seed: string, ...parts: string[]) => seededRandom(seed).fraction(...parts);
const spacingMs = (seed: string, ...rest: [string, string, number, typeof limits]) => spacingOf(seededRandom(seed), ...rest);

const limits = { ...DEFAULT_LIMITS, minSpacingSeconds: 120, maxSpacingSeconds: 360 };

describe('spacing', () => {
  it('draws fractions in [0, 1) fixed by the seed and every part', () => {
    const draws = Array.from({ length: 500 }, (_, i) => fraction('seed', 'ws', 'tm', String(i)));
    for (const d of draws) expect(d >= 0 && d < 1).toBe(true);
    expect(fraction('seed', 'ws', 'tm', '1')).toBe(draws[1]);
    expect(fraction('other', 'ws', 'tm', '1')).not.toBe(draws[1]);
    expect(fraction('seed', 'ws2', 'tm', '1')).not.toBe(draws[1]);
    // Parts are kept apart: ('a', 'bc') is not ('ab', 'c').
    expect(fraction('seed', 'a', 'bc')).not.toBe(fraction('seed', 'ab', 'c'));
    // Spread: every tenth of the range is hit.
    expect(new Set(draws.map((d) => Math.floor(d * 10))).size).toBe(10);
  });

  it('stays within the limits, in whole milliseconds, and varies between actions', () => {
    const gaps = Array.from({ length: 500 }, (_, i) => spacingMs('seed', 'ws', 'tm', i, limits));
    for (const g of gaps) {
      expect(Number.isInteger(g)).toBe(true);
      expect(g).toBeGreaterThanOrEqual(120_000);
      expect(g).toBeLessThanOrEqual(360_000);
    }
    expect(Math.min(...gaps)).toBeLessThan(130_000);
    expect(Math.max(...gaps)).toBeGreaterThan(350_000);
    expect(spacingMs('seed', 'ws', 'tm', 7, limits)).toBe(gaps[7]);
    expect(spacingMs('seed', 'ws', 'tm2', 7, limits)).not.toBe(gaps[7]);
  });

  it('is exactly the minimum when the range is one value', () => {
    expect(spacingMs('seed', 'ws', 'tm', 3, { ...limits, minSpacingSeconds: 90, maxSpacingSeconds: 90 })).toBe(90_000);
  });

  it('scales the drawn fraction over the range: min + fraction × (max − min) seconds, rounded', () => {
    const f = fraction('seed', 'ws', 'tm', '5');
    expect(spacingMs('seed', 'ws', 'tm', 5, { ...limits, minSpacingSeconds: 10, maxSpacingSeconds: 1010 })).toBe(Math.round((10 + f * 1000) * 1000));
  });
});
