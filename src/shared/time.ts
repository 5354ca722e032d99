// Timestamps are stored as epoch milliseconds (one choice for both SQLite and PostgreSQL) and
// shown as ISO 8601 UTC with a `Z`, without a fraction when there is none (as Pydantic does).

export function toIso(ms: number): string;
export function toIso(ms: number | null | undefined): string | null;
export function toIso(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined) return null;
  const iso = new Date(ms).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}

/** Parses an ISO 8601 date-time with an offset or `Z`; undefined when it is not one. */
export function parseIso(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})$/.test(text) || !isCalendarDate(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

export const DAY_MS = 86_400_000;

/** Days in a month (1–12) of a year of the Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether text starting `YYYY-MM-DD` names a real day: Date.parse rolls 2025-02-30 over to March 2nd. */
export function isCalendarDate(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** Epoch ms of 00:00:00Z of a `YYYY-MM-DD` date. */
export function startOfDay(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** Exponential back-off: `base` after the first failure, doubling with each further one, never over `max`. */
export function backoffMs(base: number, max: number, failures: number): number {
  return Math.min(max, base * 2 ** Math.max(0, failures - 1));
}

/**
 * An interval of a network that lives `pace` times faster than real time (the demo's simulated
 * one): shortened by the pace, but never under `floorMs` of clock time unless the interval itself
 * is shorter. Every real network (pace 1) keeps the interval.
 */
export function pacedInterval(intervalMs: number, pace: number, floorMs: number): number {
  if (pace <= 1) return intervalMs;
  return Math.max(intervalMs / pace, Math.min(intervalMs, floorMs));
}
