// Working hours against instants written out by hand (from the zones' published rules), never
// computed by the functions under test: weekdays and weekends, the DST changes of 2025 in
// Europe/Berlin (30 Mar, 26 Oct) and America/New_York (9 Mar, 2 Nov), a zone ahead of UTC.
import { describe, expect, it } from 'vitest';
import { isWorkingTime, localTime, nextWorkingTime, startOfLocalDay } from './working-hours.js';

const at = (iso: string) => Date.parse(iso);

describe('isWorkingTime (9 to 18)', () => {
  const cases: [string, string, boolean][] = [
    // UTC: Monday 2 June 2025, Friday 6 June, Saturday 7 June, Sunday 8 June.
    ['UTC', '2025-06-02T08:59:59Z', false],
    ['UTC', '2025-06-02T09:00:00Z', true],
    ['UTC', '2025-06-02T17:59:59Z', true],
    ['UTC', '2025-06-02T18:00:00Z', false],
    ['UTC', '2025-06-06T12:00:00Z', true],
    ['UTC', '2025-06-07T12:00:00Z', false],
    ['UTC', '2025-06-08T12:00:00Z', false],
    // Berlin, Friday 28 March 2025 (CET, UTC+1): 09:00 is 08:00Z, 18:00 is 17:00Z.
    ['Europe/Berlin', '2025-03-28T07:59:59Z', false],
    ['Europe/Berlin', '2025-03-28T08:00:00Z', true],
    ['Europe/Berlin', '2025-03-28T16:59:59Z', true],
    ['Europe/Berlin', '2025-03-28T17:00:00Z', false],
    // Saturday 29 March 11:00 CET, and the DST Sunday.
    ['Europe/Berlin', '2025-03-29T10:00:00Z', false],
    ['Europe/Berlin', '2025-03-30T10:00:00Z', false],
    // Monday 31 March (CEST, UTC+2): 09:00 is 07:00Z, 18:00 is 16:00Z.
    ['Europe/Berlin', '2025-03-31T06:59:59Z', false],
    ['Europe/Berlin', '2025-03-31T07:00:00Z', true],
    ['Europe/Berlin', '2025-03-31T15:59:59Z', true],
    ['Europe/Berlin', '2025-03-31T16:00:00Z', false],
    // Monday 27 October, back to CET: 09:00 is 08:00Z again.
    ['Europe/Berlin', '2025-10-27T07:59:59Z', false],
    ['Europe/Berlin', '2025-10-27T08:00:00Z', true],
    // Midweek in Berlin (CEST): Tuesday, Wednesday and Thursday 1 April to 3 April, 10:00 local.
    ['Europe/Berlin', '2025-04-01T08:00:00Z', true],
    ['Europe/Berlin', '2025-04-02T08:00:00Z', true],
    ['Europe/Berlin', '2025-04-03T08:00:00Z', true],
    // New York, Friday 7 March 2025 (EST, UTC-5): 17:59 local is 22:59Z; Saturday 8 March at noon.
    ['America/New_York', '2025-03-07T22:59:59Z', true],
    ['America/New_York', '2025-03-07T23:00:00Z', false],
    ['America/New_York', '2025-03-08T17:00:00Z', false],
    // Monday 10 March (EDT, UTC-4): 09:00 is 13:00Z.
    ['America/New_York', '2025-03-10T12:59:59Z', false],
    ['America/New_York', '2025-03-10T13:00:00Z', true],
    // Monday 3 November (EST again): 09:00 is 14:00Z.
    ['America/New_York', '2025-11-03T13:59:59Z', false],
    ['America/New_York', '2025-11-03T14:00:00Z', true],
    // Late Friday in UTC is already Saturday in Tokyo; late Sunday in UTC is Monday 09:00 there.
    ['Asia/Tokyo', '2025-06-06T08:59:59Z', true],
    ['Asia/Tokyo', '2025-06-06T09:00:00Z', false],
    ['Asia/Tokyo', '2025-06-08T23:59:59Z', false],
    ['Asia/Tokyo', '2025-06-09T00:00:00Z', true],
  ];
  for (const [zone, iso, expected] of cases) {
    it(`${iso} in ${zone} is ${expected ? '' : 'not '}working time`, () => {
      expect(isWorkingTime(at(iso), zone, 9, 18)).toBe(expected);
    });
  }

  it('uses the hours it is given', () => {
    expect(isWorkingTime(at('2025-06-02T07:30:00Z'), 'UTC', 7, 8)).toBe(true);
    expect(isWorkingTime(at('2025-06-02T08:00:00Z'), 'UTC', 7, 8)).toBe(false);
    expect(isWorkingTime(at('2025-06-02T06:59:59Z'), 'UTC', 7, 8)).toBe(false);
  });
});

describe('nextWorkingTime (9 to 18)', () => {
  const cases: [string, string, string][] = [
    // Already working time: the instant itself.
    ['UTC', '2025-06-02T10:15:00Z', '2025-06-02T10:15:00Z'],
    // Before the day starts: 09:00 the same day.
    ['UTC', '2025-06-02T07:30:00Z', '2025-06-02T09:00:00Z'],
    // After hours on a Monday: Tuesday 09:00.
    ['UTC', '2025-06-02T18:00:00Z', '2025-06-03T09:00:00Z'],
    // Friday evening, Saturday, Sunday: Monday 09:00.
    ['UTC', '2025-06-06T18:30:00Z', '2025-06-09T09:00:00Z'],
    ['UTC', '2025-06-07T08:00:00Z', '2025-06-09T09:00:00Z'],
    ['UTC', '2025-06-08T20:00:00Z', '2025-06-09T09:00:00Z'],
    // Across the spring change in Berlin: Friday 18:00 CET → Monday 09:00 CEST.
    ['Europe/Berlin', '2025-03-28T17:00:00Z', '2025-03-31T07:00:00Z'],
    // Across the autumn change: Saturday → Monday 09:00 CET.
    ['Europe/Berlin', '2025-10-25T12:00:00Z', '2025-10-27T08:00:00Z'],
    // New York: Friday 18:00 EST → Monday 09:00 EDT; Friday 17:00 EDT is still working time.
    ['America/New_York', '2025-03-07T23:00:00Z', '2025-03-10T13:00:00Z'],
    ['America/New_York', '2025-10-31T21:00:00Z', '2025-10-31T21:00:00Z'],
    ['America/New_York', '2025-10-31T22:00:00Z', '2025-11-03T14:00:00Z'],
    // Tokyo: Friday 18:00 JST → Monday 09:00 JST (Monday 00:00Z).
    ['Asia/Tokyo', '2025-06-06T09:00:00Z', '2025-06-09T00:00:00Z'],
  ];
  for (const [zone, from, expected] of cases) {
    it(`from ${from} in ${zone}: ${expected}`, () => {
      expect(new Date(nextWorkingTime(at(from), zone, 9, 18)).toISOString()).toBe(new Date(at(expected)).toISOString());
    });
  }
});

describe('startOfLocalDay', () => {
  const cases: [string, string, string][] = [
    ['UTC', '2025-06-07T23:59:59Z', '2025-06-07T00:00:00Z'],
    // Berlin's 23-hour day (30 March) and 25-hour day (26 October), and the days after them.
    ['Europe/Berlin', '2025-03-30T12:00:00Z', '2025-03-29T23:00:00Z'],
    ['Europe/Berlin', '2025-03-30T21:59:59Z', '2025-03-29T23:00:00Z'],
    ['Europe/Berlin', '2025-03-30T22:00:00Z', '2025-03-30T22:00:00Z'],
    ['Europe/Berlin', '2025-10-26T12:00:00Z', '2025-10-25T22:00:00Z'],
    ['Europe/Berlin', '2025-10-26T22:59:59Z', '2025-10-25T22:00:00Z'],
    ['Europe/Berlin', '2025-10-26T23:00:00Z', '2025-10-26T23:00:00Z'],
    ['America/New_York', '2025-03-09T12:00:00Z', '2025-03-09T05:00:00Z'],
    ['America/New_York', '2025-03-10T03:59:59Z', '2025-03-09T05:00:00Z'],
    ['America/New_York', '2025-11-02T12:00:00Z', '2025-11-02T04:00:00Z'],
    ['America/New_York', '2025-11-03T04:59:59Z', '2025-11-02T04:00:00Z'],
    ['Asia/Tokyo', '2025-06-08T23:00:00Z', '2025-06-08T15:00:00Z'],
  ];
  for (const [zone, instant, expected] of cases) {
    it(`of ${instant} in ${zone}: ${expected}`, () => {
      expect(new Date(startOfLocalDay(at(instant), zone)).toISOString()).toBe(new Date(at(expected)).toISOString());
    });
  }
});

describe('nextWorkingTime with no working hour at all', () => {
  it('gives up after ten days instead of looping (the limits refuse such hours)', () => {
    const from = at('2025-06-02T00:00:00Z');
    const result = nextWorkingTime(from, 'UTC', 10, 10);
    expect(result).toBeGreaterThan(from);
    expect(result).toBeLessThan(from + 14 * 86_400_000);
  });
});

describe('localTime', () => {
  it('names every weekday in a zone read through Intl', () => {
    // Sunday 6 April to Saturday 12 April 2025, noon in Berlin (CEST).
    const days = Array.from({ length: 7 }, (_, i) => localTime(at(`2025-04-${String(6 + i).padStart(2, '0')}T10:00:00Z`), 'Europe/Berlin'));
    expect(days.map((d) => [d.day, d.weekday, d.hour])).toEqual([[6, 0, 12], [7, 1, 12], [8, 2, 12], [9, 3, 12], [10, 4, 12], [11, 5, 12], [12, 6, 12]]);
  });

  it('reads the wall clock and weekday of the zone', () => {
    expect(localTime(at('2025-03-30T01:30:00Z'), 'Europe/Berlin')).toEqual({ year: 2025, month: 3, day: 30, hour: 3, minute: 30, second: 0, weekday: 0 });
    // 05:30Z is 01:30 EDT, half an hour before the clocks go back (06:00Z).
    expect(localTime(at('2025-11-02T05:30:15Z'), 'America/New_York')).toEqual({ year: 2025, month: 11, day: 2, hour: 1, minute: 30, second: 15, weekday: 0 });
    expect(localTime(at('2025-06-07T12:34:56Z'), 'UTC')).toEqual({ year: 2025, month: 6, day: 7, hour: 12, minute: 34, second: 56, weekday: 6 });
  });
});
