// A JSON reader that fails exactly where and how CPython's `json.loads` fails, because
// FastAPI clients read the message and the code-point offset of a `json_invalid` error.
// It only runs after JSON.parse has rejected a body (or for Python-only literals such as NaN).

export class PythonJsonError extends Error {
  constructor(readonly msg: string, readonly pos: number) {
    super(`${msg}: char ${pos}`);
  }
}

const WS = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /^(-?(?:0|[1-9]\d*))(\.\d+)?([eE][-+]?\d+)?/;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

class Reader {
  private readonly s: string[];
  constructor(text: string) {
    this.s = Array.from(text); // offsets are in code points, as in Python
  }

  decode(): unknown {
    const [value, end] = this.scanOnce(this.ws(0));
    const rest = this.ws(end);
    if (rest !== this.s.length) throw new PythonJsonError('Extra data', rest);
    return value;
  }

  private ws(i: number): number {
    while (i < this.s.length && WS.has(this.s[i])) i++;
    return i;
  }

  private startsWith(i: number, word: string): boolean {
    return this.s.slice(i, i + word.length).join('') === word;
  }

  private scanOnce(i: number): [unknown, number] {
    const c = this.s[i];
    if (c === undefined) throw new PythonJsonError('Expecting value', i);
    if (c === '"') return this.scanString(i + 1);
    if (c === '{') return this.scanObject(i + 1);
    if (c === '[') return this.scanArray(i + 1);
    // Same order as CPython's scanner: literals, then a number, then Python's extra constants.
    if (c === 'n' && this.startsWith(i, 'null')) return [null, i + 4];
    if (c === 't' && this.startsWith(i, 'true')) return [true, i + 4];
    if (c === 'f' && this.startsWith(i, 'false')) return [false, i + 5];
    const m = NUMBER.exec(this.s.slice(i, i + 400).join(''));
    if (m) return [Number(m[0]), i + m[0].length];
    if (c === 'N' && this.startsWith(i, 'NaN')) return [NaN, i + 3];
    if (c === 'I' && this.startsWith(i, 'Infinity')) return [Infinity, i + 8];
    if (c === '-' && this.startsWith(i, '-Infinity')) return [-Infinity, i + 9];
    throw new PythonJsonError('Expecting value', i);
  }

  private scanString(end: number): [string, number] {
    const begin = end - 1;
    let out = '';
    for (;;) {
      const c = this.s[end];
      if (c === undefined) throw new PythonJsonError('Unterminated string starting at', begin);
      if (c === '"') return [out, end + 1];
      if (c === '\\') {
        const esc = this.s[end + 1];
        if (esc === undefined) throw new PythonJsonError('Unterminated string starting at', begin);
        if (esc === 'u') {
          const hex = this.s.slice(end + 2, end + 6).join('');
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new PythonJsonError('Invalid \\uXXXX escape', end + 1);
          out += String.fromCharCode(parseInt(hex, 16));
          end += 6;
          continue;
        }
        const mapped = ESCAPES[esc];
        if (mapped === undefined) throw new PythonJsonError('Invalid \\escape', end);
        out += mapped;
        end += 2;
        continue;
      }
      if (c < ' ') throw new PythonJsonError('Invalid control character at', end);
      out += c;
      end++;
    }
  }

  private scanObject(end: number): [Record<string, unknown>, number] {
    const obj: Record<string, unknown> = {};
    end = this.ws(end);
    if (this.s[end] === '}') return [obj, end + 1];
    if (this.s[end] !== '"') throw new PythonJsonError('Expecting property name enclosed in double quotes', end);
    end++;
    for (;;) {
      const [key, afterKey] = this.scanString(end);
      end = this.ws(afterKey);
      if (this.s[end] !== ':') throw new PythonJsonError("Expecting ':' delimiter", end);
      const [value, afterValue] = this.scanOnce(this.ws(end + 1));
      obj[key] = value;
      end = this.ws(afterValue);
      const next = this.s[end];
      end++;
      if (next === '}') return [obj, end];
      if (next !== ',') throw new PythonJsonError("Expecting ',' delimiter", end - 1);
      end = this.ws(end);
      if (this.s[end] !== '"') throw new PythonJsonError('Expecting property name enclosed in double quotes', end);
      end++;
    }
  }

  private scanArray(end: number): [unknown[], number] {
    const arr: unknown[] = [];
    end = this.ws(end);
    if (this.s[end] === ']') return [arr, end + 1];
    for (;;) {
      const [value, afterValue] = this.scanOnce(end);
      arr.push(value);
      end = this.ws(afterValue);
      const next = this.s[end];
      end++;
      if (next === ']') return [arr, end];
      if (next !== ',') throw new PythonJsonError("Expecting ',' delimiter", end - 1);
      end = this.ws(end);
    }
  }
}

/** Parses like Python's json.loads: the value, or a PythonJsonError with its message and offset. */
export function parsePythonJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return new Reader(text).decode();
  }
}
