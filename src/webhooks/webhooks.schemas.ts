// The shapes of the webhook subscription endpoints (one schema per shape).
import { Type, type Static } from 'typebox';
import { NullableInteger, NullableString, StringEnum } from '../shared/schemas.js';
import { EVENT_TYPES } from './outbox.js';

const Url = Type.String({ minLength: 1, maxLength: 2000, description: 'Where events are POSTed: https, resolving to public addresses only (unless the operator allows private ones).' });
const EventTypes = Type.Array(StringEnum(EVENT_TYPES), { minItems: 1, maxItems: EVENT_TYPES.length, description: 'The event types sent to this URL.' });

export const WebhookCreateBody = Type.Object(
  { url: Url, event_types: EventTypes, enabled: Type.Optional(Type.Boolean({ default: true })) }
);
export type WebhookCreate = Static<typeof WebhookCreateBody>;

export const WebhookUpdateBody = Type.Object(
  { url: Type.Optional(Url), event_types: Type.Optional(EventTypes), enabled: Type.Optional(Type.Boolean({ description: 'true enables it again after the service disabled it (its back-off starts afresh).' })) }
);

export const WebhookParams = Type.Object({ webhook_id: Type.String({ maxLength: 100 }) });

const subscriptionFields = {
  id: Type.String(),
  url: Type.String(),
  event_types: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  disabled_reason: NullableString({ description: 'Why the service disabled it (deliveries failing for 24 hours); null otherwise.' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
};

export const WebhookSchema = Type.Object(subscriptionFields, { $id: 'WebhookSubscription' });
export const WebhookCreatedSchema = Type.Object(
  { ...subscriptionFields, secret: Type.String({ description: 'The signing secret (whsec_…), shown this once: store it to verify deliveries.' }) },
  { $id: 'WebhookSubscriptionCreated' },
);
export const WebhookListSchema = Type.Object({ items: Type.Array(Type.Ref('WebhookSubscription')) }, { $id: 'WebhookSubscriptionList' });

export const WebhookDeliverySchema = Type.Object(
  {
    id: Type.String(),
    event_id: Type.String({ description: 'The webhook-id header: the same on every attempt at one event.' }),
    event_type: Type.String(),
    attempt: Type.Integer({ description: 'The attempt at this event, from 1.' }),
    attempted_at: Type.String({ format: 'date-time' }),
    status_code: NullableInteger({ description: "The receiver's status; null when none came (time-out, refused address, connection error)." }),
    response_ms: Type.Integer(),
    error: NullableString(),
  },
  { $id: 'WebhookDelivery' },
);
export const WebhookDeliveryListSchema = Type.Object(
  { total: Type.Integer(), items: Type.Array(Type.Ref('WebhookDelivery')), has_more: Type.Boolean(), cursor: NullableString() },
  { $id: 'WebhookDeliveryList' },
);
export const DeliveryListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'Page size, 1 to 100.' })),
  cursor: Type.Optional(Type.String({ description: 'Cursor from the previous page.' })),
});
export const TestEventSchema = Type.Object({ event_id: Type.String({ description: 'The webhook-id the test event is sent with.' }) }, { $id: 'WebhookTestEvent' });

export const webhookSchemas = [WebhookSchema, WebhookCreatedSchema, WebhookListSchema, WebhookDeliverySchema, WebhookDeliveryListSchema, TestEventSchema];
