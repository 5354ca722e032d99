// Calendar arithmetic in a sender's own time zone (Intl only; no wall clock involved).
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', weekday: 'short',
    });
    formatters.set(zone, f);
  }
  return f;
}

export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function localTime(ms: number, zone: string): LocalTime {
  // The default zone needs no Intl, which costs far more than the Date arithmetic.
  if (zone === 'UTC') {
    const d = new Date(ms);
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(), weekday: d.getUTCDay() };
  }
  const parts = Object.fromEntries(formatter(zone).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year), month: Number(parts.month), day: Number(parts.day),
    hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday!),
  };
}

/** The instant of a local wall time (the first one when a DST change makes it ambiguous). */
function instantOf(zone: string, year: number, month: number, day: number, hour: number): number {
  const guess = Date.UTC(year, month - 1, day, hour);
  let ms = guess;
  for (let i = 0; i < 3; i++) {
    const t = localTime(ms, zone);
    const shownAsUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
    ms += guess - shownAsUtc;
  }
  return ms;
}

/** Start of the calendar day that contains `ms`, in the zone. */
export function startOfLocalDay(ms: number, zone: string): number {
  const t = localTime(ms, zone);
  return instantOf(zone, t.year, t.month, t.day, 0);
}

/**
 * Working days a week: 5 is Monday to Friday (the default), 6 adds Saturday, 7 is every day (a
 * demo that must be seen working at any hour, a team that works weekends).
 */
export function isWorkDay(weekday: number, workDays: number): boolean {
  return workDays >= 7 || (weekday >= 1 && weekday <= workDays);
}

export function isWorkingTime(ms: number, zone: string, startHour: number, endHour: number, workDays = 5): boolean {
  const t = localTime(ms, zone);
  return isWorkDay(t.weekday, workDays) && t.hour >= startHour && t.hour < endHour;
}

/** `ms` itself when it is working time, else the start of the next working period. */
export function nextWorkingTime(ms: number, zone: string, startHour: number, endHour: number, workDays = 5): number {
  let at = ms;
  for (let i = 0; i < 10 && !isWorkingTime(at, zone, startHour, endHour, workDays); i++) {
    const t = localTime(at, zone);
    const today = isWorkDay(t.weekday, workDays) && t.hour < startHour;
    const day = today ? t.day : t.day + 1; // Date.UTC normalizes day overflow
    const next = new Date(Date.UTC(t.year, t.month - 1, day));
    at = Math.max(at + 1, instantOf(zone, next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), startHour));
  }
  return at;
}
