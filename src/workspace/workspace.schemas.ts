import { Type, type Static } from 'typebox';
import { NullableDateTime, NullableInteger, NullableString, StringEnum } from '../shared/schemas.js';

export const INTEGRATION_STATUSES = ['NOT_CONNECTED', 'CONNECTED', 'DISCONNECTED'] as const;

// Required as in the spec (id, email, is_active_seat); the others are always sent, null when unknown.
export const WorkspaceUserSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    first_name: Type.Optional(NullableString()),
    last_name: Type.Optional(NullableString()),
    is_active_seat: Type.Boolean(),
    integration_status: Type.Optional(NullableString({ enum: [...INTEGRATION_STATUSES, null] })),
    network_username: Type.Optional(NullableString()),
    profile_views_count: Type.Optional(NullableInteger()),
    followers_count: Type.Optional(NullableInteger()),
    last_network_update: Type.Optional(NullableDateTime()),
    profile_picture: Type.Optional(NullableString({ description: "Defaults to the service's placeholder image URL." })),
  },
  { $id: 'ApiWorkspaceUserRead', title: 'ApiWorkspaceUserRead' },
);
export type WorkspaceUser = Static<typeof WorkspaceUserSchema>;

export const WorkspaceBalanceSchema = Type.Object(
  {
    current_balance: Type.Integer(),
    last_updated: Type.Optional(NullableDateTime()),
  },
  { $id: 'WorkspaceBalanceRead', title: 'WorkspaceBalanceRead' },
);
export type WorkspaceBalance = Static<typeof WorkspaceBalanceSchema>;

export const IntegrationStatusSchema = StringEnum(INTEGRATION_STATUSES);

export const workspaceSchemas = [WorkspaceUserSchema, WorkspaceBalanceSchema];
