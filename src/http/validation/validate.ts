// Validates request parts against the routes' TypeBox (JSON Schema) definitions with Pydantic v2
// semantics: lax coercion, every error collected, locations and messages as FastAPI reports them.
// Ajv cannot do this: its coercions and error objects differ from Pydantic's, and clients of the
// original service parse these bodies.
import { issues, MAX_REPORTED_ERRORS, type Loc, type ValidationIssue } from './errors.js';
import { parseBoolString, parseDateString, parseIntString } from './coerce.js';

export type JsonSchema = Record<string, any>;
/** `text`: values arrive as raw strings (path, query); `json`: values were parsed from a JSON body. */
type Mode = 'text' | 'json';

const registry = new Map<string, JsonSchema>();
const modelChecks = new Map<string, (value: Record<string, unknown>) => string | null>();

/** Makes a shared schema resolvable by `$ref` (the same schemas are given to Fastify's addSchema). */
export function registerSchema(schema: JsonSchema): void {
  if (typeof schema.$id === 'string') registry.set(schema.$id, schema);
}

/**
 * A cross-field rule on an object schema (`'x-check': name`), run like a Pydantic model
 * validator: only when every field of the object is valid. It returns a message or null.
 */
export function registerModelCheck(name: string, check: (value: Record<string, unknown>) => string | null): void {
  modelChecks.set(name, check);
}

export function resolve(schema: JsonSchema): JsonSchema {
  if (typeof schema.$ref === 'string') {
    const target = registry.get(schema.$ref.replace(/^#\/components\/schemas\//, '').replace(/#$/, ''));
    if (!target) throw new Error(`unknown schema $ref ${schema.$ref}`);
    return target;
  }
  return schema;
}

/** The non-null branch of a nullable schema, or null when the schema does not allow null. */
function nonNullBranch(schema: JsonSchema): JsonSchema | null {
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf as JsonSchema[];
    if (branches.some((b) => b.type === 'null')) return branches.find((b) => b.type !== 'null') ?? null;
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = schema.type.filter((t: string) => t !== 'null');
    return { ...schema, type: types.length === 1 ? types[0] : types };
  }
  return null;
}

const codePoints = (s: string) => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

function checkString(schema: JsonSchema, input: unknown, loc: Loc, out: ValidationIssue[]): unknown {
  if (Array.isArray(schema.enum)) {
    if (typeof input !== 'string' || !schema.enum.includes(input)) {
      out.push(issues.enum(loc, input, schema.enum));
      return undefined;
    }
    return input;
  }
  if (typeof input !== 'string') {
    out.push(issues.stringType(loc, input));
    return undefined;
  }
  if (schema.format === 'date') {
    const date = parseDateString(input);
    if (date.ok) return date.value;
    out.push('inexact' in date ? issues.dateFromDatetimeInexact(loc, input) : issues.dateFromDatetimeParsing(loc, input, date.error));
    return undefined;
  }
  const length = schema.minLength !== undefined || schema.maxLength !== undefined ? codePoints(input) : 0;
  if (schema.minLength !== undefined && length < schema.minLength) {
    out.push(issues.stringTooShort(loc, input, schema.minLength));
  } else if (schema.maxLength !== undefined && length > schema.maxLength) {
    out.push(issues.stringTooLong(loc, input, schema.maxLength));
  } else if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(input)) {
    out.push(issues.stringPatternMismatch(loc, input, schema.pattern));
  } else {
    // PostgreSQL text cannot hold U+0000; both stores get U+FFFD instead, so they behave alike.
    return input.includes('\0') ? input.replaceAll('\0', '\uFFFD') : input;
  }
  return undefined;
}

function toInteger(input: unknown, loc: Loc, mode: Mode, out: ValidationIssue[]): number | undefined {
  if (typeof input === 'string') {
    const parsed = parseIntString(input);
    if (parsed.ok) return parsed.value;
    out.push(issues.intParsing(loc, input));
  } else if (mode === 'json' && typeof input === 'number') {
    if (Number.isInteger(input)) return input;
    out.push(Number.isFinite(input) ? issues.intFromFloat(loc, input) : issues.intParsing(loc, input));
  } else if (mode === 'json' && typeof input === 'boolean') {
    return input ? 1 : 0;
  } else {
    out.push(issues.intType(loc, input));
  }
  return undefined;
}

function checkInteger(schema: JsonSchema, input: unknown, loc: Loc, mode: Mode, out: ValidationIssue[]): unknown {
  const value = toInteger(input, loc, mode, out);
  if (value === undefined) return undefined;
  if (schema.minimum !== undefined && value < schema.minimum) {
    out.push(issues.greaterThanEqual(loc, input, schema.minimum));
    return undefined;
  }
  if (schema.maximum !== undefined && value > schema.maximum) {
    out.push(issues.lessThanEqual(loc, input, schema.maximum));
    return undefined;
  }
  return value;
}

function checkBoolean(input: unknown, loc: Loc, out: ValidationIssue[]): unknown {
  if (typeof input === 'boolean') return input;
  if (typeof input === 'string') {
    const parsed = parseBoolString(input);
    if (parsed.ok) return parsed.value;
    out.push(issues.boolParsing(loc, input));
  } else if (typeof input === 'number') {
    if (input === 0 || input === 1) return input === 1;
    out.push(issues.boolParsing(loc, input));
  } else {
    out.push(issues.boolType(loc, input));
  }
  return undefined;
}

function checkArray(schema: JsonSchema, input: unknown, loc: Loc, mode: Mode, out: ValidationIssue[]): unknown {
  if (!Array.isArray(input)) {
    out.push(issues.listType(loc, input));
    return undefined;
  }
  // Pydantic counts items as it validates them and, at the first one past max_length, drops
  // their errors for a lone too_long: the outcome for a longer list, found here without the work.
  if (schema.maxItems !== undefined && input.length > schema.maxItems) {
    out.push(issues.tooLong(loc, input, schema.maxItems, input.length));
    return undefined;
  }
  const before = out.length;
  const items = schema.items ? input.map((item, i) => walk(schema.items, item, [...loc, i], mode, out)) : input;
  if (out.length > before) return undefined;
  if (schema.minItems !== undefined && items.length < schema.minItems) {
    out.push(issues.tooShort(loc, input, schema.minItems, items.length));
    return undefined;
  }
  return items;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Validates the declared properties of an object in declaration order; unknown keys are dropped. */
export function checkObject(
  schema: JsonSchema,
  input: unknown,
  loc: Loc,
  mode: Mode,
  out: ValidationIssue[],
  missingInput: (obj: Record<string, unknown>) => unknown = (obj) => obj,
): unknown {
  if (!isPlainObject(input)) {
    out.push(issues.modelAttributesType(loc, input));
    return undefined;
  }
  const required = new Set<string>(schema.required ?? []);
  const before = out.length;
  const value: Record<string, unknown> = {};
  for (const [key, propSchema] of Object.entries<JsonSchema>(schema.properties ?? {})) {
    const raw = input[key];
    if (raw === undefined) {
      if (required.has(key)) out.push(issues.missing([...loc, key], missingInput(input)));
      else if (propSchema.default !== undefined) value[key] = structuredClone(propSchema.default);
      continue;
    }
    const checked = walk(propSchema, raw, [...loc, key], mode, out);
    if (checked !== undefined) value[key] = checked;
  }
  const check = schema['x-check'] !== undefined ? modelChecks.get(schema['x-check']) : undefined;
  if (check && out.length === before) {
    const message = check(value);
    if (message !== null) out.push(issues.valueError(loc, input, message));
  }
  return value;
}

/** Returns the validated value (undefined when invalid) and appends any issues to `out`. */
export function walk(schemaIn: JsonSchema, input: unknown, loc: Loc, mode: Mode, out: ValidationIssue[]): unknown {
  if (out.length >= MAX_REPORTED_ERRORS) return undefined; // the request fails anyway; the rest goes unreported
  let schema = resolve(schemaIn);
  const inner = nonNullBranch(schema);
  if (inner) {
    if (input === null) return null;
    schema = resolve(inner);
  }
  switch (schema.type) {
    case 'string':
      return checkString(schema, input, loc, out);
    case 'integer':
      return checkInteger(schema, input, loc, mode, out);
    case 'boolean':
      return checkBoolean(input, loc, out);
    case 'array':
      return checkArray(schema, input, loc, mode, out);
    case 'object':
      return checkObject(schema, input, loc, mode, out);
    default:
      return input; // schemas without a type (Type.Any) accept anything
  }
}
