import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('clock settings', () => {
  it('take epoch milliseconds or ISO 8601 dates and times with a zone', () => {
    const config = loadConfig({}, { WARMLINE_CLOCK_START: '2025-06-02T09:00:00+02:00', WARMLINE_CLOCK_ANCHOR: '1750000000000', WARMLINE_CLOCK_RATE: '3600' });
    expect([config.clockStart, config.clockAnchor, config.clockRate]).toEqual([Date.parse('2025-06-02T07:00:00Z'), 1_750_000_000_000, 3600]);
    expect(loadConfig({}, { WARMLINE_CLOCK_START: '2025-06-02' }).clockStart).toBe(Date.parse('2025-06-02T00:00:00Z'));
    expect(loadConfig({}, {})).toMatchObject({ clockStart: null, clockAnchor: null, clockRate: 1 });
  });

  it('refuse what they cannot read without guessing, with a message naming the setting', () => {
    const load = (env: Record<string, string>) => () => loadConfig({}, env);
    expect(load({ WARMLINE_CLOCK_START: '2025-06-02T09:00:00' })).toThrow('clock start must be epoch milliseconds or an ISO 8601 time with its zone'); // local time of which zone?
    expect(load({ WARMLINE_CLOCK_START: 'next monday' })).toThrow('(got "next monday")');
    expect(load({ WARMLINE_CLOCK_START: '2025-02-29T09:00:00Z' })).toThrow('(got "2025-02-29T09:00:00Z")');
    expect(load({ WARMLINE_CLOCK_START: '2025-04-31' })).toThrow('clock start must be');
    expect(loadConfig({}, { WARMLINE_CLOCK_START: '2024-02-29' }).clockStart).toBe(Date.UTC(2024, 1, 29));
    expect(load({ WARMLINE_CLOCK_ANCHOR: '-5' })).toThrow('clock anchor must be');
    expect(load({ WARMLINE_CLOCK_RATE: '0' })).toThrow('clock rate must be a whole number from 1 to 1000000 (got "0")');
    expect(load({ WARMLINE_CLOCK_RATE: '2.5' })).toThrow('clock rate must be a whole number');
  });
});
