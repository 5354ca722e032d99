// Lax-mode coercions of Pydantic v2 (pydantic-core and speedate), for values that arrive as
// strings (path and query parameters) or as JSON scalars in a body.
import { daysInMonth } from '../../shared/time.js';

export type Coerced<T> = { ok: true; value: T } | { ok: false; error?: string };

const INT_STRING = /^[+-]?\d+(?:_\d+)*(?:\.0+)?$/;

/** Pydantic's str -> int: trimmed, sign, leading zeros, `_` between digits and a `.0…` tail. */
export function parseIntString(raw: string): Coerced<number> {
  const text = raw.trim();
  if (!INT_STRING.test(text)) return { ok: false };
  const value = Number(text.replace(/_/g, '').replace(/\.0+$/, ''));
  return Number.isSafeInteger(value) ? { ok: true, value } : { ok: false };
}

const TRUE_WORDS = new Set(['1', 't', 'y', 'on', 'yes', 'true']);
const FALSE_WORDS = new Set(['0', 'f', 'n', 'no', 'off', 'false']);

export function parseBoolString(raw: string): Coerced<boolean> {
  const word = raw.toLowerCase();
  if (TRUE_WORDS.has(word)) return { ok: true, value: true };
  if (FALSE_WORDS.has(word)) return { ok: true, value: false };
  return { ok: false };
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** Outcome of reading a date: a `YYYY-MM-DD` string, or why it is not one (speedate's words). */
export type DateOutcome = { ok: true; value: string } | { ok: false; inexact: true } | { ok: false; error: string };

function twoDigits(text: string, at: number, what: string): number | string {
  if (!isDigit(text[at]) || !isDigit(text[at + 1])) return `invalid character in ${what}`;
  return Number(text.slice(at, at + 2));
}

function parseDatePart(text: string): { y: number; m: number; d: number } | string {
  if (text.length < 10) return 'input is too short';
  for (let i = 0; i < 4; i++) if (!isDigit(text[i])) return 'invalid character in year';
  if (text[4] !== '-') return 'invalid date separator, expected `-`';
  const m = twoDigits(text, 5, 'month');
  if (typeof m === 'string') return m;
  if (text[7] !== '-') return 'invalid date separator, expected `-`';
  const d = twoDigits(text, 8, 'day');
  if (typeof d === 'string') return d;
  const y = Number(text.slice(0, 4));
  if (m < 1 || m > 12) return 'month value is outside expected range of 1-12';
  if (d < 1 || d > daysInMonth(y, m)) return 'day value is outside expected range';
  return { y, m, d };
}

/** The time part after `YYYY-MM-DD`: true when it is a valid, all-zero time. */
function timeTail(tail: string): { zero: boolean } | string {
  const sep = tail[0];
  if (sep !== 'T' && sep !== 't' && sep !== ' ' && sep !== '_') {
    return 'invalid datetime separator, expected `T`, `t`, `_` or space';
  }
  const t = tail.slice(1);
  const hh = twoDigits(t, 0, 'hour');
  if (typeof hh === 'string') return hh;
  if (t[2] !== ':') return 'invalid time separator, expected `:`';
  const mm = twoDigits(t, 3, 'minute');
  if (typeof mm === 'string') return mm;
  let rest = t.slice(5);
  let ss = 0;
  let fractionZero = true;
  if (rest.startsWith(':')) {
    const s = twoDigits(rest, 1, 'second');
    if (typeof s === 'string') return s;
    ss = s;
    rest = rest.slice(3);
    const frac = /^[.,](\d+)/.exec(rest);
    if (frac) {
      fractionZero = /^0+$/.test(frac[1]);
      rest = rest.slice(frac[0].length);
    }
  }
  if (hh > 23) return 'hour value is outside expected range of 0-23';
  if (mm > 59) return 'minute value is outside expected range of 0-59';
  if (ss > 59) return 'second value is outside expected range of 0-59';
  let offsetZero = true;
  if (rest === 'Z' || rest === 'z' || rest === '') {
    // UTC or naive
  } else if (/^[+-]\d{2}:?\d{2}$/.test(rest)) {
    offsetZero = /^[+-]00:?00$/.test(rest);
  } else {
    return 'unexpected extra characters at the end of the input';
  }
  return { zero: hh === 0 && mm === 0 && ss === 0 && fractionZero && offsetZero };
}

function fromUnixDigits(text: string): DateOutcome {
  let seconds = Number(text);
  if (seconds > 2e10) seconds /= 1000; // speedate reads large numbers as milliseconds
  if (seconds % 86400 !== 0) return { ok: false, inexact: true };
  return { ok: true, value: new Date(seconds * 1000).toISOString().slice(0, 10) };
}

/** Pydantic's str -> date (`YYYY-MM-DD`, a zero-time datetime, or unix seconds). */
export function parseDateString(text: string): DateOutcome {
  if (/^\d+$/.test(text) && text.length !== 8) return fromUnixDigits(text);
  const date = parseDatePart(text);
  if (typeof date === 'string') return { ok: false, error: date };
  const value = text.slice(0, 10);
  if (text.length === 10) return { ok: true, value };
  const time = timeTail(text.slice(10));
  if (typeof time === 'string') return { ok: false, error: time };
  return time.zero ? { ok: true, value } : { ok: false, inexact: true };
}
