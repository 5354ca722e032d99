// Validates a snapshot piece by piece as it streams, against the shipped JSON Schema: each
// top-level section and each array item is checked with the sub-schema for its part.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import schema from './workspace-snapshot.schema.json' with { type: 'json' };
import { SnapshotError } from './snapshot.errors.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as (ajv: Ajv, formats: string[]) => Ajv;

export const SECTION_ORDER = ['format', 'version', 'workspace', 'team_members', 'companies', 'contacts', 'posts', 'leads', 'connections', 'campaigns'] as const;
export type SectionName = (typeof SECTION_ORDER)[number];
export const ARRAY_SECTIONS = new Set<string>(['team_members', 'companies', 'contacts', 'posts', 'leads', 'connections', 'campaigns']);

const ajv = new Ajv({ allErrors: false, strict: true });
addFormats(ajv, ['date-time']);
ajv.addSchema(schema);

const validators = new Map<string, ValidateFunction>();
function validatorFor(section: string): ValidateFunction {
  let fn = validators.get(section);
  if (!fn) {
    const ref = ARRAY_SECTIONS.has(section) ? `#/properties/${section}/items` : `#/properties/${section}`;
    fn = ajv.getSchema(`${schema.$id}${ref}`);
    if (!fn) throw new Error(`no schema for snapshot section ${section}`);
    validators.set(section, fn);
  }
  return fn;
}

/** `leads[3]` + `/history/0/recorded_at` -> `leads[3].history[0].recorded_at`. */
function joinPath(base: string, pointer: string): string {
  let out = base;
  for (const segment of pointer.split('/').slice(1)) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(key) ? `[${key}]` : out ? `.${key}` : key;
  }
  return out;
}

function describe(base: string, error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return `${joinPath(base, `${error.instancePath}/${params.missingProperty}`)}: is required`;
  if (error.keyword === 'additionalProperties') return `${joinPath(base, `${error.instancePath}/${params.additionalProperty}`)}: is not a snapshot field`;
  const path = joinPath(base, error.instancePath);
  if (error.keyword === 'format') return `${path}: must be a ${params.format} string`;
  if (error.keyword === 'enum') return `${path}: must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
  return `${path}: ${error.message}`;
}

/** Throws a SnapshotError naming the JSON path at fault; `path` is where `value` sits. */
export function validatePart(section: string, path: string, value: unknown): void {
  const fn = validatorFor(section);
  if (!fn(value)) throw new SnapshotError(describe(path, fn.errors![0]));
}
