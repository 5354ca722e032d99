// Request parts -> Pydantic-style issues, and the Fastify glue (validator compiler, body reader).
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { issues, type ValidationIssue } from './errors.js';
import { JsonLimitError, PythonJsonError, parsePythonJson } from './python-json.js';
import { assertSupportedSchema } from './supported-keywords.js';
import { checkObject, walk, type JsonSchema } from './validate.js';

/** Thrown by the validator compiler; the error handler re-validates every part to report all issues. */
export class RequestValidationError extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super('request validation failed');
    this.name = 'RequestValidationError';
  }
}

/**
 * A body whose bytes are not valid UTF-8, or JSON beyond what the reader takes: FastAPI answers
 * both 400 (Python's json raises UnicodeDecodeError or RecursionError, not a decode error).
 */
export class BodyDecodeError extends Error {
  readonly statusCode = 400;
  constructor() {
    super('There was an error parsing the body');
  }
}

/** What the body reader produces for JSON that Python's json module would reject. */
export class InvalidJsonBody {
  constructor(readonly issue: ValidationIssue) {}
}

const JSON_TYPE = /^application\/(?:json|[^;\s]*\+json)\s*(?:;|$)/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

/** `application/json` or `application/*+json`, with any parameters. */
export const isJsonMediaType = (contentType: string) => JSON_TYPE.test(contentType);

/** FastAPI reads a body as JSON only for a JSON media type; anything else reaches validation as raw text. */
export function readBody(contentType: string | undefined, raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  if (!contentType || !isJsonMediaType(contentType)) return lenientUtf8.decode(raw);
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw new BodyDecodeError();
  }
  try {
    return parsePythonJson(text);
  } catch (err) {
    if (err instanceof PythonJsonError) return new InvalidJsonBody(issues.jsonInvalid(err.pos, err.msg));
    if (err instanceof JsonLimitError) throw new BodyDecodeError();
    throw err;
  }
}

type Part = 'params' | 'querystring' | 'body' | 'headers';
const LOC_ROOT: Record<Part, string> = { params: 'path', querystring: 'query', body: 'body', headers: 'header' };

function validateParameters(part: Part, schema: JsonSchema, data: unknown, out: ValidationIssue[]): unknown {
  const source = (data ?? {}) as Record<string, unknown>;
  // Parameters are independent values: a missing one reports `input: null`, not the whole object.
  return checkObject(schema, source, [LOC_ROOT[part]], 'text', out, () => null);
}

export function validatePart(part: Part, schema: JsonSchema, data: unknown, out: ValidationIssue[]): unknown {
  if (part !== 'body') return validateParameters(part, schema, data, out);
  if (data instanceof InvalidJsonBody) {
    out.push(data.issue);
    return undefined;
  }
  if (data === undefined || data === null) {
    out.push(issues.missing(['body'], null));
    return undefined;
  }
  return walk(schema, data, ['body'], 'json', out);
}

export const pydanticValidatorCompiler: FastifySchemaCompiler<JsonSchema> = ({ schema, httpPart, method, url }) => {
  const part = (httpPart === 'query' ? 'querystring' : httpPart) as Part;
  assertSupportedSchema(schema, `${method} ${url} ${part}`);
  return (data: unknown) => {
    const out: ValidationIssue[] = [];
    const value = validatePart(part, schema, data, out);
    return out.length > 0 ? { error: new RequestValidationError(out) } : { value };
  };
};

/**
 * Fastify stops at the first invalid part; FastAPI reports every error of the request, path
 * first, then query, then headers, then body. A malformed JSON body is reported alone, as FastAPI does.
 */
export function collectIssues(request: FastifyRequest): ValidationIssue[] {
  const schema = (request.routeOptions.schema ?? {}) as Record<string, JsonSchema | undefined>;
  if (request.body instanceof InvalidJsonBody) return [request.body.issue];
  const out: ValidationIssue[] = [];
  if (schema.params) validatePart('params', schema.params, request.params, out);
  const querySchema = schema.querystring ?? schema.query;
  if (querySchema) validatePart('querystring', querySchema, request.query, out);
  if (schema.headers) validatePart('headers', schema.headers, request.headers, out);
  if (schema.body) validatePart('body', schema.body, request.body, out);
  return out;
}
