import { Type } from 'typebox';
import { NullableString } from '../http/schemas.js';
import { registerModelCheck } from '../http/validation/validate.js';

export const CONTACT_URN_PATTERN = '^ACo[A-Za-z0-9_-]+$';

// Like the original Pydantic model validator: runs once every field is valid, reports at ["body"].
registerModelCheck('exactly-one-contact', (body) =>
  (body.contact_urn != null) === (body.lead_id != null) ? 'exactly one of contact_urn and lead_id must be provided' : null,
);

const target = {
  team_member_id: Type.String({ description: 'Team member whose network account is used.' }),
  contact_urn: Type.Optional(NullableString({ pattern: CONTACT_URN_PATTERN, description: 'Network urn of the contact (exactly one of contact_urn and lead_id).' })),
  lead_id: Type.Optional(NullableString({ description: 'A lead of the workspace; resolves to its contact.' })),
};
const check = { 'x-check': 'exactly-one-contact' };

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
