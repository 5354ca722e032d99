import { Type, type Static } from 'typebox';
import { NullableDateTime, NullableInteger, NullableString, StringEnum } from '../http/schemas.js';

export const INTEGRATION_STATUSES = ['NOT_CONNECTED', 'CONNECTED', 'DISCONNECTED'] as const;

export const WorkspaceUserSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    first_name: NullableString(),
    last_name: NullableString(),
    is_active_seat: Type.Boolean(),
    integration_status: NullableString({ enum: [...INTEGRATION_STATUSES, null] }),
    network_username: NullableString(),
    profile_views_count: NullableInteger(),
    followers_count: NullableInteger(),
    last_network_update: NullableDateTime(),
    profile_picture: NullableString({ description: "Defaults to the service's placeholder image URL." }),
  },
  { $id: 'ApiWorkspaceUserRead', title: 'ApiWorkspaceUserRead' },
);
export type WorkspaceUser = Static<typeof WorkspaceUserSchema>;

export const WorkspaceBalanceSchema = Type.Object(
  {
    current_balance: Type.Integer(),
    last_updated: NullableDateTime(),
  },
  { $id: 'WorkspaceBalanceRead', title: 'WorkspaceBalanceRead' },
);
export type WorkspaceBalance = Static<typeof WorkspaceBalanceSchema>;

export const IntegrationStatusSchema = StringEnum(INTEGRATION_STATUSES);

export const workspaceSchemas = [WorkspaceUserSchema, WorkspaceBalanceSchema];
