// The reader against CPython 3.11's json.loads: every expectation below was produced by Python.
import { describe, expect, it } from 'vitest';
import { JsonLimitError, MAX_JSON_CONTAINERS, MAX_JSON_DEPTH, parsePythonJson, PythonJsonError } from './python-json.js';

const PYTHON: Array<[string, string | null, number | null]> = [
  ['{some broken json}', 'Expecting property name enclosed in double quotes', 1],
  ['not json', 'Expecting value', 0],
  ['{"a":1} x', 'Extra data', 8],
  ['{"a" 1}', "Expecting ':' delimiter", 5],
  ['{"a":1 "b":2}', "Expecting ',' delimiter", 7],
  ['{"a":', 'Expecting value', 5],
  ['[1,]', 'Expecting value', 3],
  ['{"a":1,}', 'Expecting property name enclosed in double quotes', 7],
  ['"\\u12"', 'Invalid \\uXXXX escape', 2],
  ['"\\u123', 'Invalid \\uXXXX escape', 2],
  ['"\\u1234', 'Invalid \\uXXXX escape', 2],
  ['"\\ud83d\\uzzzz"', 'Invalid \\uXXXX escape', 8],
  ['"\\x"', 'Invalid \\escape', 1],
  ['"a\nb"', 'Invalid control character at', 2],
  ['"abc', 'Unterminated string starting at', 0],
  ['[1.]', "Expecting ',' delimiter", 2],
  ['[1e]', "Expecting ',' delimiter", 2],
  ['-', 'Expecting value', 0],
  ['[-Infinity, NaN, Infinity]', null, null],
  ['😀 x', 'Expecting value', 0],
  ['["😀", x]', 'Expecting value', 6],
  ['[01]', "Expecting ',' delimiter", 2],
  ['{"a":1}}', 'Extra data', 7],
  ['  ', 'Expecting value', 2],
  ['"\\', 'Unterminated string starting at', 0],
  ['[1 2]', "Expecting ',' delimiter", 3],
];

function outcome(text: string): [string | null, number | null] {
  try {
    parsePythonJson(text);
    return [null, null];
  } catch (err) {
    if (err instanceof PythonJsonError) return [err.msg, err.pos];
    throw err;
  }
}

describe('parsePythonJson', () => {
  for (const [text, msg, pos] of PYTHON) {
    it(`${JSON.stringify(text)} → ${msg ?? 'accepted'}${pos === null ? '' : ` at ${pos}`}`, () => {
      expect(outcome(text)).toEqual([msg, pos]);
    });
  }

  it('builds the values only Python accepts', () => {
    expect(parsePythonJson('{"a": [NaN, -Infinity], "b": "\\ud83d\\ude00\\n"}')).toEqual({ a: [NaN, -Infinity], b: '😀\n' });
  });

  it('keeps "__proto__" a key, as JSON.parse does, when it builds the value itself', () => {
    const value = parsePythonJson('{"__proto__": {"status": "QUALIFIED"}, "n": NaN}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(value.status).toBeUndefined();
    expect(Object.keys(value)).toEqual(['__proto__', 'n']);
  });

  it('reads broken documents of any length without recursion', () => {
    const unclosed = `[${'1,'.repeat(500_000)}`;
    expect(outcome(unclosed)).toEqual(['Expecting value', unclosed.length]);
    const objects = `[${'{"a":[1]},'.repeat(70_000)}x]`;
    expect(outcome(objects)).toEqual(['Expecting value', objects.length - 2]);
  });

  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more, valid or not`, () => {
    expect(parsePythonJson('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBeInstanceOf(Array);
    expect(outcome('['.repeat(MAX_JSON_DEPTH) + 'x')).toEqual(['Expecting value', MAX_JSON_DEPTH]);
    for (const text of ['['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1), '['.repeat(1_000_000), '[{"a":'.repeat(MAX_JSON_DEPTH)]) {
      expect(() => parsePythonJson(text)).toThrow(JsonLimitError);
    }
  });

  it(`accepts ${MAX_JSON_CONTAINERS} arrays and objects and refuses one more`, () => {
    const within = JSON.stringify(Array.from({ length: MAX_JSON_CONTAINERS - 1 }, () => ({})));
    expect(parsePythonJson(within)).toHaveLength(MAX_JSON_CONTAINERS - 1);
    expect(() => parsePythonJson(within.replace('{}', '{"a":[]}'))).toThrow(JsonLimitError);
    expect(() => parsePythonJson(within.replace('{}', '{"a":[NaN]}'))).toThrow(JsonLimitError);
    expect(outcome(within.replace('{}', '{x'))).toEqual(['Expecting property name enclosed in double quotes', 2]);
  });

  it('reports an error met before the depth limit as Python does', () => {
    expect(outcome(`x${'['.repeat(10_000)}`)).toEqual(['Expecting value', 0]);
    expect(outcome(`[1 ${'['.repeat(10_000)}`)).toEqual(["Expecting ',' delimiter", 3]);
  });
});
