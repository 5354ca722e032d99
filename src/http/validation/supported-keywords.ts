// The request validator (validate.ts) implements a subset of JSON Schema. A keyword outside it
// would be accepted silently (a union, `const`, `exclusiveMinimum`, a `number`…), and a route
// would validate nothing without anyone noticing; so a schema that uses one is refused when the
// route is compiled, at start-up.
import { resolve, type JsonSchema } from './validate.js';

/** Words that only describe (documentation, OpenAPI, TypeBox's own markers): no check rests on them. */
const ANNOTATIONS = ['$id', '$schema', 'title', 'description', 'examples', 'example', 'deprecated', 'readOnly', 'writeOnly', 'default', '~kind', '~optional', '~readonly'];

/** What walk() checks, by type; `x-check` is the registered cross-field rule of an object. */
const CHECKED: Record<string, string[]> = {
  string: ['enum', 'minLength', 'maxLength', 'pattern', 'format'],
  integer: ['minimum', 'maximum'],
  boolean: [],
  array: ['items', 'minItems', 'maxItems'],
  object: ['properties', 'required', 'x-check'],
  any: [],
};

const FORMATS = ['date'];

export class UnsupportedSchemaError extends Error {
  constructor(at: string, what: string) {
    super(`request schema ${at}: ${what} is not implemented by the request validator`);
    this.name = 'UnsupportedSchemaError';
  }
}

/** The non-null branch of the only union the validator knows: `T | null`. */
function nullableBranch(schema: JsonSchema): JsonSchema | null {
  const branches = schema.anyOf as JsonSchema[] | undefined;
  if (!Array.isArray(branches) || branches.length !== 2) return null;
  const nullIndex = branches.findIndex((b) => b.type === 'null' && Object.keys(b).every((k) => k === 'type' || ANNOTATIONS.includes(k)));
  return nullIndex === -1 ? null : branches[1 - nullIndex];
}

export function assertSupportedSchema(schema: JsonSchema, at: string): void {
  if (typeof schema.$ref === 'string') return assertSupportedSchema(resolve(schema), `${at} (${schema.$ref})`);
  const inner = nullableBranch(schema);
  let rest = schema;
  if (inner) {
    assertSupportedSchema(inner, at);
    rest = Object.fromEntries(Object.entries(schema).filter(([k]) => k !== 'anyOf'));
  }
  let type = rest.type ?? (inner ? undefined : 'any');
  if (Array.isArray(type)) {
    const types = type.filter((t: string) => t !== 'null');
    if (types.length !== 1 || type.length !== 2) throw new UnsupportedSchemaError(at, `type ${JSON.stringify(type)}`);
    type = types[0];
  }
  const allowed = type === undefined ? [] : CHECKED[type];
  if (!allowed) throw new UnsupportedSchemaError(at, `type "${type}"`);
  for (const key of Object.keys(rest)) {
    if (key === 'type' || ANNOTATIONS.includes(key) || allowed.includes(key)) continue;
    throw new UnsupportedSchemaError(at, `keyword "${key}"${type ? ` on a ${type}` : ''}`);
  }
  if (rest.format !== undefined && !FORMATS.includes(rest.format)) throw new UnsupportedSchemaError(at, `format "${rest.format}"`);
  if (rest.items) assertSupportedSchema(rest.items, `${at}[]`);
  for (const [key, prop] of Object.entries<JsonSchema>(rest.properties ?? {})) assertSupportedSchema(prop, `${at}.${key}`);
}
