// The reader behind parsePythonJson (python-json.ts): CPython's json scanner, step for step, for
// the bodies JSON.parse rejects. It walks the text once, by UTF-16 index, and keeps open arrays
// and objects on its own stack instead of the call stack, so neither size nor nesting can stall
// or crash it.

/**
 * A body nested deeper than this is refused as a whole. CPython's json module gives up near
 * 1,000 levels with a RecursionError, which FastAPI answers 400 "There was an error parsing
 * the body"; no real payload comes close, and the bound keeps every later step (validation,
 * echoing the input in a 422) shallow.
 */
export const MAX_JSON_DEPTH = 512;
/**
 * Nor does any request of this API hold more than ~1,100 arrays and objects (1,000 profiles);
 * a body with more than this many is refused the same way, because building them is most of the
 * cost of a mebibyte of `[{},{},…]` (docs/decisions.md).
 */
export const MAX_JSON_CONTAINERS = 150_000;

/** A body beyond MAX_JSON_DEPTH or MAX_JSON_CONTAINERS. */
export class JsonLimitError extends Error {
  constructor() {
    super(`JSON nested deeper than ${MAX_JSON_DEPTH} levels or with more than ${MAX_JSON_CONTAINERS} arrays and objects`);
  }
}

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const isDigit = (c: number) => c >= ZERO && c <= NINE;
const isWs = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** `obj[key] = value` as JSON.parse does it: `"__proto__"` becomes a key, not the prototype. */
function setMember(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** Offsets are thrown as UTF-16 indexes and reported as code points, as Python counts them. */
export class Fail {
  constructor(readonly msg: string, readonly at: number) {}
}

export class Reader {
  private readonly len: number;
  /**
   * False: only find the first error (every body that JSON.parse rejects is read this way first);
   * true: also build the value, for the rare body only Python accepts (NaN, Infinity).
   */
  constructor(private readonly s: string, private readonly build: boolean) {
    this.len = s.length;
  }

  private ws(i: number): number {
    while (i < this.len && isWs(this.s.charCodeAt(i))) i++;
    return i;
  }

  /** Same steps as CPython's `JSONDecoder.decode`: one value, then only whitespace. */
  decode(): unknown {
    const [value, end] = this.scanValue(this.ws(0));
    const rest = this.ws(end);
    if (rest !== this.len) throw new Fail('Extra data', rest);
    return value;
  }

  /**
   * CPython's recursive scan_once, unrolled: `closers` holds, per container still open, the
   * character that closes it; `open` and `keys` its value and pending key when building.
   */
  private scanValue(start: number): [unknown, number] {
    const s = this.s;
    const closers: number[] = [];
    const open: Array<unknown[] | Record<string, unknown>> = [];
    const keys: string[] = [];
    let containers = 0;
    let i = start;
    for (;;) {
      // Read one value at i: a scalar, an empty container, or the opening of a container.
      let value: unknown;
      const c = s.charCodeAt(i);
      if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
        if (closers.length >= MAX_JSON_DEPTH || ++containers > MAX_JSON_CONTAINERS) throw new JsonLimitError();
        i = this.ws(i + 1);
        const close = c === OPEN_ARRAY ? CLOSE_ARRAY : CLOSE_OBJECT;
        if (s.charCodeAt(i) === close) {
          value = close === CLOSE_ARRAY ? [] : {};
          i++;
        } else {
          closers.push(close);
          if (this.build) open.push(close === CLOSE_ARRAY ? [] : {});
          if (close === CLOSE_OBJECT) {
            i = this.scanKey(i);
            if (this.build) keys.push(this.scalar as string);
          }
          continue;
        }
      } else {
        i = this.scanScalar(i);
        value = this.scalar;
      }
      // Store the value in the containers it completes, until one expects another value.
      for (;;) {
        const depth = closers.length;
        if (depth === 0) return [value, i];
        const close = closers[depth - 1];
        if (this.build) {
          const target = open[depth - 1];
          if (close === CLOSE_ARRAY) (target as unknown[]).push(value);
          else setMember(target as Record<string, unknown>, keys.pop()!, value);
        }
        i = this.ws(i);
        const next = s.charCodeAt(i);
        if (next === close) {
          closers.pop();
          value = open.pop();
          i++;
          continue;
        }
        if (next !== COMMA) throw new Fail("Expecting ',' delimiter", i);
        i = this.ws(i + 1);
        if (close === CLOSE_OBJECT) {
          i = this.scanKey(i);
          if (this.build) keys.push(this.scalar as string);
        }
        break;
      }
    }
  }

  /** `"key" :` at i (after whitespace); the key is left in `scalar`, returns where the value starts. */
  private scanKey(i: number): number {
    if (this.s.charCodeAt(i) !== QUOTE) throw new Fail('Expecting property name enclosed in double quotes', i);
    const colon = this.ws(this.scanString(i + 1));
    if (this.s.charCodeAt(colon) !== COLON) throw new Fail("Expecting ':' delimiter", colon);
    return this.ws(colon + 1);
  }

  /** The last scalar read (set only when building). */
  private scalar: unknown = undefined;

  /** Strings, literals and numbers, in the order CPython's scanner tries them; returns the end. */
  private scanScalar(i: number): number {
    const s = this.s;
    switch (s.charCodeAt(i)) {
      case QUOTE:
        return this.scanString(i + 1);
      case 0x6e: // n
        if (s.startsWith('null', i)) return this.found(null, i + 4);
        break;
      case 0x74: // t
        if (s.startsWith('true', i)) return this.found(true, i + 4);
        break;
      case 0x66: // f
        if (s.startsWith('false', i)) return this.found(false, i + 5);
        break;
      case 0x4e: // N
        if (s.startsWith('NaN', i)) return this.found(NaN, i + 3);
        break;
      case 0x49: // I
        if (s.startsWith('Infinity', i)) return this.found(Infinity, i + 8);
        break;
      case MINUS:
        if (s.startsWith('-Infinity', i)) return this.found(-Infinity, i + 9);
        break;
    }
    const end = this.numberEnd(i);
    if (end === i) throw new Fail('Expecting value', i);
    return this.build ? this.found(Number(s.slice(i, end)), end) : end;
  }

  private found(value: unknown, end: number): number {
    this.scalar = value;
    return end;
  }

  /** End of `-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?` at i, or i when there is no number there. */
  private numberEnd(start: number): number {
    const s = this.s;
    let i = start;
    if (s.charCodeAt(i) === MINUS) i++;
    const first = s.charCodeAt(i);
    if (first === ZERO) i++;
    else if (isDigit(first)) while (isDigit(s.charCodeAt(i))) i++;
    else return start;
    if (s.charCodeAt(i) === 0x2e && isDigit(s.charCodeAt(i + 1))) {
      i += 2;
      while (isDigit(s.charCodeAt(i))) i++;
    }
    const e = s.charCodeAt(i);
    if (e === 0x65 || e === 0x45) {
      let j = i + 1;
      const sign = s.charCodeAt(j);
      if (sign === 0x2b || sign === MINUS) j++;
      if (isDigit(s.charCodeAt(j))) {
        while (isDigit(s.charCodeAt(j))) j++;
        i = j;
      }
    }
    return i;
  }

  private hex4(at: number): number {
    const digits = this.s.slice(at, at + 4);
    return /^[0-9a-fA-F]{4}$/.test(digits) ? parseInt(digits, 16) : -1;
  }

  /** A string whose opening quote is just before `from` (CPython's scanstring, strict mode). */
  private scanString(from: number): number {
    const s = this.s;
    const begin = from - 1;
    let out = '';
    let chunk = from;
    let i = from;
    for (;;) {
      if (i >= this.len) throw new Fail('Unterminated string starting at', begin);
      const c = s.charCodeAt(i);
      if (c === QUOTE) return this.build ? this.found(out + s.slice(chunk, i), i + 1) : i + 1;
      if (c < 0x20) throw new Fail('Invalid control character at', i);
      if (c !== BACKSLASH) {
        i++;
        continue;
      }
      if (this.build) out += s.slice(chunk, i);
      if (i + 1 >= this.len) throw new Fail('Unterminated string starting at', begin);
      const esc = s[i + 1];
      if (esc !== 'u') {
        const mapped = ESCAPES[esc];
        if (mapped === undefined) throw new Fail('Invalid \\escape', i);
        if (this.build) out += mapped;
        i += 2;
      } else {
        const u = i + 1;
        // CPython wants the four digits and at least one more character before the end.
        if (u + 5 >= this.len) throw new Fail('Invalid \\uXXXX escape', u);
        let code = this.hex4(u + 1);
        if (code < 0) throw new Fail('Invalid \\uXXXX escape', u);
        i = u + 5;
        if (code >= 0xd800 && code <= 0xdbff && i + 6 < this.len && s.charCodeAt(i) === BACKSLASH && s[i + 1] === 'u') {
          const low = this.hex4(i + 2);
          if (low < 0) throw new Fail('Invalid \\uXXXX escape', i + 1);
          if (low >= 0xdc00 && low <= 0xdfff) {
            code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
            i += 6;
          }
        }
        if (this.build) out += String.fromCodePoint(code);
      }
      chunk = i;
    }
  }
}
