import { Type } from 'typebox';

export const SignInSchema = Type.Object(
  { email: Type.String({ minLength: 3, maxLength: 320 }), password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { $id: 'ConsoleSignIn', title: 'ConsoleSignIn' },
);
export const SetPasswordSchema = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }), password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { $id: 'ConsoleSetPassword', title: 'ConsoleSetPassword' },
);
export const ConsoleSessionSchema = Type.Object(
  {
    workspace_id: Type.String(),
    member_id: Type.String(),
    email: Type.String(),
    role: Type.Union([Type.Literal('admin'), Type.Literal('member')]),
    csrf_token: Type.String({ description: 'Send it back in the x-csrf-token header of every state-changing request.' }),
  },
  { $id: 'ConsoleSession', title: 'ConsoleSession' },
);
export const ConsoleKeySchema = Type.Object(
  { id: Type.String(), name: Type.Union([Type.String(), Type.Null()]), prefix: Type.String(), created_at: Type.String(), revoked_at: Type.Union([Type.String(), Type.Null()]) },
  { $id: 'ConsoleApiKey', title: 'ConsoleApiKey' },
);
export const NewKeySchema = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) }, { $id: 'ConsoleNewKey', title: 'ConsoleNewKey' });
export const CreatedKeySchema = Type.Object({ id: Type.String(), key: Type.String({ description: 'Shown once.' }) }, { $id: 'ConsoleCreatedKey', title: 'ConsoleCreatedKey' });

export const ActivityEntrySchema = Type.Object(
  {
    id: Type.String(),
    at: Type.String({ format: 'date-time' }),
    actor: Type.Object({ kind: Type.String({ description: 'member, api_key or operator (the CLI)' }), id: Type.Union([Type.String(), Type.Null()], { description: "The member's or the API key's id; null for the operator." }) }),
    action: Type.String({ description: 'api_key.created, api_key.revoked, webhook.created, webhook.updated, webhook.deleted' }),
    subject: Type.Union([Type.String(), Type.Null()]),
    details: Type.Record(Type.String(), Type.Unknown(), { description: 'What the act set; never a secret.' }),
  },
  { $id: 'ConsoleActivityEntry', title: 'ConsoleActivityEntry' },
);
export const ActivityPageSchema = Type.Object(
  { items: Type.Array(Type.Ref('ConsoleActivityEntry')), next_cursor: Type.Union([Type.String(), Type.Null()]) },
  { $id: 'ConsoleActivityPage', title: 'ConsoleActivityPage' },
);
export const ActivityQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  cursor: Type.Optional(Type.String({ maxLength: 100 })),
});

export const consoleSchemas = [SignInSchema, SetPasswordSchema, ConsoleSessionSchema, ConsoleKeySchema, NewKeySchema, CreatedKeySchema, ActivityEntrySchema, ActivityPageSchema];
