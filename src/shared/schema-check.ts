// Checks a JSON document (a rules file, a settings column) against its TypeBox schema and names
// the first problem the way an operator reads it: `$.company_size.min: must be …`. A subschema's
// `errorMessage` replaces TypeBox's own words; an object's `unknownMessage` says what a key it
// does not know is.
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

export interface SchemaProblem {
  /** `$`, `$.key`, `$.list[2]`. */
  path: string;
  message: string;
}

function pathOf(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : `${path}.${part}`), '$');
}

function at(schema: unknown, pointer: string): Record<string, unknown> | undefined {
  let node = schema as Record<string, unknown> | undefined;
  for (const part of pointer.replace(/^#\/?/, '').split('/').filter((p) => p !== '')) node = node?.[part] as Record<string, unknown> | undefined;
  return typeof node === 'object' && node !== null ? node : undefined;
}

/**
 * The `errorMessage` of the failing subschema or of the nearest one above it that checks the same
 * value (a union's branches fail one by one; the union says what was wanted).
 */
function messageFor(schema: TSchema, schemaPath: string): string | undefined {
  const parts = schemaPath.replace(/^#\/?/, '').split('/').filter((p) => p !== '');
  // Below the last step into a property or an item, every schema checks the same value.
  let floor = 0;
  parts.forEach((part, i) => {
    if (part === 'items') floor = i + 1;
    if (parts[i - 1] === 'properties' && i >= 1) floor = i + 1;
  });
  for (let end = parts.length; end >= floor; end--) {
    const message = at(schema, `#/${parts.slice(0, end).join('/')}`)?.errorMessage;
    if (typeof message === 'string') return message;
  }
  return undefined;
}

/** The first problem of `value` against `schema`, or null when it conforms. */
export function firstSchemaProblem(schema: TSchema, value: unknown): SchemaProblem | null {
  for (const error of Value.Errors(schema, value)) {
    const path = pathOf(error.instancePath);
    if (error.keyword === 'boolean' && error.schemaPath.endsWith('/additionalProperties')) {
      const owner = at(schema, error.schemaPath.slice(0, -'/additionalProperties'.length));
      return { path, message: String(owner?.unknownMessage ?? 'unknown field') };
    }
    if (error.keyword === 'additionalProperties') continue; // reported by the key itself above
    return { path, message: messageFor(schema, error.schemaPath) ?? error.message };
  }
  return null;
}
