// A JSON reader that fails exactly where and how CPython's `json.loads` fails, because
// FastAPI clients read the message and the code-point offset of a `json_invalid` error.
// JSON.parse reads every body first; the Python-compatible reader (python-json-reader.ts) only
// runs for a body JSON.parse rejects or that is unclosed, beyond limits or Python-only (NaN).
import {
  BACKSLASH,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  Fail,
  MAX_JSON_CONTAINERS,
  MAX_JSON_DEPTH,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
  Reader,
} from './python-json-reader.js';

export { JsonLimitError, MAX_JSON_CONTAINERS, MAX_JSON_DEPTH } from './python-json-reader.js';

export class PythonJsonError extends Error {
  constructor(readonly msg: string, readonly pos: number) {
    super(`${msg}: char ${pos}`);
  }
}

/** Python counts offsets in code points; the text holds only well-formed pairs (it was UTF-8). */
function codePointOffset(text: string, utf16Index: number, astral: boolean): number {
  if (!astral) return utf16Index;
  let pairs = 0;
  for (let i = 0; i < utf16Index; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) pairs++;
  }
  return utf16Index - pairs;
}

interface Shape {
  /** More than MAX_JSON_DEPTH brackets open at once, or more than MAX_JSON_CONTAINERS in all. */
  beyondLimits: boolean;
  /** Brackets and quotes left open at the end: JSON.parse would fail, so it is not tried. */
  unclosed: boolean;
  /** Characters outside the BMP, whose UTF-16 offsets differ from Python's. */
  astral: boolean;
}

/**
 * One pass over the text, outside strings except for `astral`. Exact for valid JSON; for broken
 * JSON it only decides whether JSON.parse is worth trying (V8 spends ~60 ms on a mebibyte of `[`,
 * and fails only at the end of an unclosed document), the reader being the judge.
 */
function shapeOf(text: string): Shape {
  let depth = 0;
  let containers = 0;
  let astral = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === QUOTE) break;
        if (d === BACKSLASH) i++;
        else if (d >= 0xd800 && d <= 0xdfff) astral = true;
      }
      if (i >= text.length) return { beyondLimits: false, unclosed: true, astral };
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > MAX_JSON_DEPTH || ++containers > MAX_JSON_CONTAINERS) return { beyondLimits: true, unclosed: true, astral: true };
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      astral = true;
    }
  }
  return { beyondLimits: false, unclosed: depth > 0, astral };
}

/**
 * Parses like Python's json.loads: the value, a PythonJsonError with its message and offset, or a
 * JsonLimitError for a body beyond MAX_JSON_DEPTH or MAX_JSON_CONTAINERS (whichever the text
 * reaches first, as Python would meet its own limit while reading).
 */
export function parsePythonJson(text: string): unknown {
  const shape = shapeOf(text);
  if (!shape.beyondLimits && !shape.unclosed) {
    try {
      return JSON.parse(text);
    } catch {
      // Broken for JavaScript; Python may still accept it (NaN) or fail with its own words.
    }
  }
  try {
    new Reader(text, false).decode();
  } catch (err) {
    if (err instanceof Fail) throw new PythonJsonError(err.msg, codePointOffset(text, err.at, shape.astral));
    throw err;
  }
  return new Reader(text, true).decode();
}
