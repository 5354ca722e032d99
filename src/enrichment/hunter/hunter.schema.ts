// Hunter's Email Finder answers (https://hunter.io/api-documentation/v2#email-finder), as far as
// Warmline reads them; other fields may come and are ignored.
import { Type, type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** 200: `data.email` is null when Hunter found none. */
export const HunterFinderAnswer = Type.Object({
  data: Type.Object({
    first_name: Type.Optional(Nullable(Type.String())),
    last_name: Type.Optional(Nullable(Type.String())),
    email: Nullable(Type.String()),
    score: Type.Optional(Nullable(Type.Number())),
    domain: Type.Optional(Nullable(Type.String())),
    phone_number: Type.Optional(Nullable(Type.String())),
    verification: Type.Optional(Nullable(Type.Object({ date: Type.Optional(Nullable(Type.String())), status: Type.Optional(Nullable(Type.String())) }))),
  }),
  meta: Type.Optional(Type.Object({})),
});

/** 4xx: `errors[].id` such as `wrong_params`, `authentication_failed`, `unavailable_for_legal_reasons`. */
export const HunterErrorAnswer = Type.Object({
  errors: Type.Array(Type.Object({ id: Type.String(), code: Type.Optional(Type.Number()), details: Type.Optional(Type.String()) })),
});
