import { Type } from 'typebox';
import { NullableString } from '../shared/schemas.js';

export const CONTACT_URN_PATTERN = '^ACo[A-Za-z0-9_-]+$';

const target = {
  team_member_id: Type.String({ description: 'Team member whose network account is used.' }),
  contact_urn: Type.Optional(NullableString({ pattern: CONTACT_URN_PATTERN, description: 'Network urn of the contact (exactly one of contact_urn and lead_id).' })),
  lead_id: Type.Optional(NullableString({ description: 'A lead of the workspace; resolves to its contact.' })),
};
/** The cross-field rule the routes register with the validator (connections.routes.ts). */
export const EXACTLY_ONE_CONTACT = 'exactly-one-contact';
const check = { 'x-check': EXACTLY_ONE_CONTACT };

export const CheckBody = Type.Object(target, { ...check, title: 'ConnectionCheckPayload' });

export const SendBody = Type.Object(
  { ...target, message: Type.Optional(NullableString({ maxLength: 300, description: 'Optional note sent with the invitation.' })) },
  { ...check, title: 'ConnectionSendPayload' },
);

export const DirectMessageBody = Type.Object(
  { ...target, message: Type.String({ minLength: 1, maxLength: 8000, description: 'Message content.' }) },
  { ...check, title: 'DirectMessagePayload' },
);

export const ConnectionExistsSchema = Type.Object({ exists: Type.Boolean() }, { title: 'ConnectionExists' });
