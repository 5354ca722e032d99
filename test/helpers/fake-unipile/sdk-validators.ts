// The SDK's own compiled TypeBox validators for every response the fake sends, so the fake
// cannot drift from the shapes the SDK checks. Most are not re-exported by the package's entry
// point, so they are loaded from the files next to the entry point the service loads (the "cjs"
// build, required lazily by src/network/unipile/unipile.sdk.ts; loading the "esm" twin as well
// would register TypeBox kinds twice).
import { createRequire } from 'node:module';
import path from 'node:path';

interface Check {
  Check(value: unknown): boolean;
  Errors(value: unknown): Iterable<{ path: string; message: string }>;
}

const require = createRequire(import.meta.url);
const sdkDir = path.dirname(require.resolve('unipile-node-sdk'));
const load = (file: string, name: string): Check => (require(path.join(sdkDir, file)) as Record<string, Check>)[name]!;

export const validators = {
  ownProfile: load('users/account-owner-profile.js', 'AccountOwnerProfileApiResponseValidator'),
  profile: load('users/user-profile.types.js', 'UserProfileApiResponseValidator'),
  relations: load('users/user-relations-list.types.js', 'UserRelationsListApiResponseValidator'),
  invite: load('users/user-invite.types.js', 'UserInviteApiResponseValidator'),
  invitationsSent: load('users/user-invitation-sent-list.types.js', 'UserInvitationSentListApiResponseValidator'),
  invitationCanceled: load('users/user-invitation-cancel.types.js', 'CancelUserInvitationApiResponseValidator'),
  posts: load('users/user-post-list.types.js', 'UserPostListApiResponseValidator'),
  comments: load('posts/comment-list.types.js', 'PostCommentListApiResponseValidator'),
  chats: load('messaging/chats/chats-list.types.js', 'ChatListApiResponseValidator'),
  chatStarted: load('messaging/chats/chat-start.types.js', 'ChatStartedApiResponseValidator'),
  messages: load('messaging/messages/message-list.types.js', 'MessageListApiResponseValidator'),
  messageSent: load('messaging/messages/message-send.types.js', 'MessageSentResponseValidator'),
  webhookCreated: load('webhooks/webhooks-create.types.js', 'WebhookCreateResponseValidator'),
  accountList: load('accounts/accounts-list.schema.js', 'AccountListResponseValidator'),
  webhookList: load('webhooks/webhooks-list.types.js', 'WebhookListResponseValidator'),
  webhookDeleted: load('webhooks/webhooks-delete.types.js', 'WebhookDeleteResponseValidator'),
  /** A request body, not an answer: what the SDK's types let a caller send to POST /webhooks. */
  webhookCreateBody: load('webhooks/webhooks-create.types.js', 'WebhookCreateBodyValidator'),
} as const;

export type ValidatorName = keyof typeof validators;

/** Throws with the first mismatch: a fake answer the SDK would refuse is a bug in the fake. */
export function assertShape(name: ValidatorName, body: unknown): void {
  const v = validators[name];
  if (v.Check(body)) return;
  const first = [...v.Errors(body)][0];
  throw new Error(`fake Unipile answer for ${name} does not match the SDK's schema: ${first?.path} ${first?.message}`);
}
