// One table of the FastAPI/Pydantic v2 error types this API can produce (docs/validation-errors
// in shared/spec). Keys of every error object are built in wire order: type, loc, msg, input, ctx.

export type Loc = Array<string | number>;

/**
 * A 422 reports at most this many errors, the first ones in FastAPI's order (docs/decisions.md),
 * and stops adding errors once its body passes MAX_ERROR_BODY_CHARS: Pydantic reports them all,
 * which lets a small body buy a response many times its size.
 */
export const MAX_REPORTED_ERRORS = 1000;
export const MAX_ERROR_BODY_CHARS = 2 * 1024 * 1024;

export interface ValidationIssue {
  type: string;
  loc: Loc;
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Python repr of a string, as Pydantic uses it in `enum` messages. */
export function pyRepr(value: string): string {
  return value.includes("'") && !value.includes('"') ? `"${value}"` : `'${value.replace(/'/g, "\\'")}'`;
}

export function expectedList(values: readonly string[]): string {
  const reprs = values.map(pyRepr);
  return reprs.length <= 1 ? reprs.join('') : `${reprs.slice(0, -1).join(', ')} or ${reprs[reprs.length - 1]}`;
}

function issue(type: string, loc: Loc, msg: string, input: unknown, ctx?: Record<string, unknown>): ValidationIssue {
  return ctx === undefined ? { type, loc, msg, input } : { type, loc, msg, input, ctx };
}

export const issues = {
  missing: (loc: Loc, input: unknown) => issue('missing', loc, 'Field required', input),
  intParsing: (loc: Loc, input: unknown) =>
    issue('int_parsing', loc, 'Input should be a valid integer, unable to parse string as an integer', input),
  intType: (loc: Loc, input: unknown) => issue('int_type', loc, 'Input should be a valid integer', input),
  intFromFloat: (loc: Loc, input: unknown) =>
    issue('int_from_float', loc, 'Input should be a valid integer, got a number with a fractional part', input),
  greaterThanEqual: (loc: Loc, input: unknown, ge: number) =>
    issue('greater_than_equal', loc, `Input should be greater than or equal to ${ge}`, input, { ge }),
  lessThanEqual: (loc: Loc, input: unknown, le: number) =>
    issue('less_than_equal', loc, `Input should be less than or equal to ${le}`, input, { le }),
  enum: (loc: Loc, input: unknown, values: readonly string[]) => {
    const expected = expectedList(values);
    return issue('enum', loc, `Input should be ${expected}`, input, { expected });
  },
  boolParsing: (loc: Loc, input: unknown) =>
    issue('bool_parsing', loc, 'Input should be a valid boolean, unable to interpret input', input),
  boolType: (loc: Loc, input: unknown) => issue('bool_type', loc, 'Input should be a valid boolean', input),
  stringType: (loc: Loc, input: unknown) => issue('string_type', loc, 'Input should be a valid string', input),
  stringTooShort: (loc: Loc, input: unknown, min: number) =>
    issue('string_too_short', loc, `String should have at least ${plural(min, 'character')}`, input, { min_length: min }),
  stringTooLong: (loc: Loc, input: unknown, max: number) =>
    issue('string_too_long', loc, `String should have at most ${plural(max, 'character')}`, input, { max_length: max }),
  stringPatternMismatch: (loc: Loc, input: unknown, pattern: string) =>
    issue('string_pattern_mismatch', loc, `String should match pattern '${pattern}'`, input, { pattern }),
  listType: (loc: Loc, input: unknown) => issue('list_type', loc, 'Input should be a valid list', input),
  tooShort: (loc: Loc, input: unknown, min: number, actual: number) =>
    issue('too_short', loc, `List should have at least ${plural(min, 'item')} after validation, not ${actual}`, input, {
      field_type: 'List',
      min_length: min,
      actual_length: actual,
    }),
  tooLong: (loc: Loc, input: unknown, max: number, actual: number) =>
    issue('too_long', loc, `List should have at most ${plural(max, 'item')} after validation, not ${actual}`, input, {
      field_type: 'List',
      max_length: max,
      actual_length: actual,
    }),
  modelAttributesType: (loc: Loc, input: unknown) =>
    issue('model_attributes_type', loc, 'Input should be a valid dictionary or object to extract fields from', input),
  dateFromDatetimeParsing: (loc: Loc, input: unknown, error: string) =>
    issue('date_from_datetime_parsing', loc, `Input should be a valid date or datetime, ${error}`, input, { error }),
  dateFromDatetimeInexact: (loc: Loc, input: unknown) =>
    issue('date_from_datetime_inexact', loc, 'Datetimes provided to dates should have zero time - e.g. be exact dates', input),
  valueError: (loc: Loc, input: unknown, message: string) =>
    issue('value_error', loc, `Value error, ${message}`, input, { error: {} }),
  jsonInvalid: (pos: number, error: string) => issue('json_invalid', ['body', pos], 'JSON decode error', {}, { error }),
};

/** The 422 body, `{"detail":[...]}`, within the bounds above (always with the first error). */
export function validationErrorBody(list: readonly ValidationIssue[]): string {
  const parts: string[] = [];
  let size = 0;
  for (const item of list.slice(0, MAX_REPORTED_ERRORS)) {
    const json = JSON.stringify(item);
    if (parts.length > 0 && size + json.length > MAX_ERROR_BODY_CHARS) break;
    parts.push(json);
    size += json.length + 1;
  }
  return `{"detail":[${parts.join(',')}]}`;
}
