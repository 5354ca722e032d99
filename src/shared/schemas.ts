// Shapes shared by every route. Nullable scalars use JSON Schema type arrays (OpenAPI 3.1),
// which fast-json-stringify serializes without the cost of anyOf.
import { Type, type TSchema } from 'typebox';

export const NullableString = (options: Record<string, unknown> = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });
export const NullableInteger = (options: Record<string, unknown> = {}) =>
  Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options });
export const NullableBoolean = (options: Record<string, unknown> = {}) =>
  Type.Unsafe<boolean | null>({ type: ['boolean', 'null'], ...options });
export const NullableDateTime = (options: Record<string, unknown> = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'date-time', ...options });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * The same object schema with the `required` list the API contract gives. Responses still carry
 * every key (the handlers fill them and the serializer keeps schema order); this only makes the
 * OpenAPI document say which keys a client may rely on, as api-v2.md does.
 */
export const withRequired = <T extends TSchema>(schema: T, required: string[]): T => ({ ...schema, required }) as T;

/** A string enum that validates as Pydantic's `enum` type and shows as `enum` in OpenAPI. */
export const StringEnum = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

export const DateQuery = (description: string) => Type.String({ format: 'date', description });

export const ValidationErrorSchema = Type.Object(
  {
    loc: Type.Array(Type.Union([Type.String(), Type.Integer()]), { title: 'Location' }),
    msg: Type.String({ title: 'Message' }),
    type: Type.String({ title: 'Error Type' }),
    input: Type.Optional(Type.Any({ title: 'Input' })),
    ctx: Type.Optional(Type.Object({}, { title: 'Context', additionalProperties: true })),
  },
  { $id: 'ValidationError', title: 'ValidationError' },
);

export const HTTPValidationErrorSchema = Type.Object(
  { detail: Type.Array(Type.Ref('ValidationError'), { title: 'Detail' }) },
  { $id: 'HTTPValidationError', title: 'HTTPValidationError' },
);

export const ErrorDetailSchema = Type.Object(
  { detail: Type.String() },
  { $id: 'ErrorDetail', title: 'ErrorDetail', description: 'Every error other than 422 has this body.' },
);

export const EmptyObjectSchema = Type.Object({}, { title: 'Empty', additionalProperties: false });

/** Response entries shared by every authenticated route (OpenAPI only: error bodies are sent pre-serialized). */
export const authErrorResponses = {
  401: Type.Ref('ErrorDetail'),
  422: Type.Ref('HTTPValidationError'),
  429: Type.Ref('ErrorDetail'),
};

export const sharedSchemas = [ValidationErrorSchema, HTTPValidationErrorSchema, ErrorDetailSchema];
