// Dropcontact's batch API answers (https://developer.dropcontact.com), as far as Warmline reads
// them; other fields may come and are ignored.
import { Type, type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** POST /batch: the request is queued under `request_id`. */
export const DropcontactSubmitted = Type.Object({
  error: Type.Boolean(),
  success: Type.Boolean(),
  request_id: Type.String({ minLength: 1 }),
  credits_left: Type.Optional(Type.Number()),
});

/** One enriched contact: `email` lists the addresses found, each qualified (`nominative@pro`, `catch_all@pro`, …). */
const DropcontactContact = Type.Object({
  first_name: Type.Optional(Nullable(Type.String())),
  last_name: Type.Optional(Nullable(Type.String())),
  email: Type.Optional(Nullable(Type.Array(Type.Object({ email: Type.String(), qualification: Type.Optional(Nullable(Type.String())) })))),
  phone: Type.Optional(Nullable(Type.String())),
  mobile_phone: Type.Optional(Nullable(Type.String())),
});

/** GET /batch/{request_id}: not ready yet (`success` false, a `reason`), or the contacts in the order sent. */
export const DropcontactResult = Type.Union([
  Type.Object({ error: Type.Boolean(), success: Type.Literal(true), data: Type.Array(DropcontactContact) }),
  Type.Object({ error: Type.Boolean(), success: Type.Literal(false), reason: Type.Optional(Type.String()) }),
]);

/** 4xx: `{"error": true, "reason": …}`. */
export const DropcontactError = Type.Object({ error: Type.Boolean(), reason: Type.Optional(Type.String()) });
