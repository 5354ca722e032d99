import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { processClock } from '../context.js';
import { ScaledClock, systemClock } from './clock.js';

const MONDAY = Date.parse('2025-06-02T09:00:00Z');

describe('ScaledClock', () => {
  it('shows the start at the anchor and runs `rate` times as fast as real time', () => {
    let real = 1_000_000;
    const clock = new ScaledClock(MONDAY, 1_000_000, 3600, () => real);
    expect(clock.now()).toBe(MONDAY);
    real += 1_000; // one real second…
    expect(clock.now()).toBe(MONDAY + 3_600_000); // …is an hour on this clock
    real += 0.4; // fractions of a millisecond are not lost over time, only floored
    expect(clock.now()).toBe(MONDAY + 3_601_440);
  });

  it('is the same clock in every process given the same settings, so a restart carries on', () => {
    const anchor = Date.now() - 2_000;
    const env = { WARMLINE_CLOCK_START: '2025-06-02T09:00:00Z', WARMLINE_CLOCK_ANCHOR: String(anchor), WARMLINE_CLOCK_RATE: '60' };
    const before = processClock(loadConfig({}, env)).now();
    const restarted = processClock(loadConfig({}, env)).now(); // built later, as by a restarted process
    expect(before).toBeGreaterThanOrEqual(MONDAY + 120_000);
    expect(restarted).toBeGreaterThanOrEqual(before);
    expect(restarted - before).toBeLessThan(60_000);
  });

  it('starts at real time when only the rate is set, and is the system clock when nothing is', () => {
    expect(processClock(loadConfig({}, {}))).toBe(systemClock);
    const fast = processClock(loadConfig({}, { WARMLINE_CLOCK_RATE: '10' }));
    expect(fast).toBeInstanceOf(ScaledClock);
    expect(Math.abs(fast.now() - Date.now())).toBeLessThan(1_000);
  });
});
