import fastJsonStringify from 'fast-json-stringify';

// fast-json-stringify writes required properties before the others; clients of the original
// service see fields in schema order. Our handlers always send every field, so serialization
// ignores `required` (the OpenAPI document keeps it).
function withoutRequired(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutRequired);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) if (key !== 'required') out[key] = withoutRequired(value);
  return out;
}

/** Fastify `schemaController.compilersFactory.buildSerializer`. */
export function buildSerializer(externalSchemas?: unknown) {
  const external = Object.fromEntries(Object.entries((externalSchemas ?? {}) as Record<string, unknown>).map(([id, s]) => [id, withoutRequired(s)]));
  return ({ schema }: { schema?: unknown }): ((doc: any) => string) =>
    fastJsonStringify(withoutRequired(schema ?? {}) as any, { schema: external as any });
}
