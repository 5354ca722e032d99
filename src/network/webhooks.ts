// What a provider that delivers events by webhook offers the service (Unipile does; the sandbox
// does not). Its format is the provider's, not a workspace's: the endpoint authenticates and
// stores a delivery before any workspace's provider is resolved, so the composition root hands
// the format to the endpoint, the worker's inbox and the registration. Registering webhooks is a
// call with a workspace's credentials: a provider instance's capability (NetworkProvider.webhooks).

/** An event the service acts on, with the key that makes a second delivery of it a no-op. */
export type WebhookEvent =
  /** An invitation was accepted (the provider may notice it hours late). */
  | { kind: 'new_relation'; key: string; accountId: string; contactUrn: string }
  /** A message arrived in one of the account's chats; `fromAccount` when the account itself wrote it. */
  | { kind: 'message_received'; key: string; accountId: string; contactUrn: string; chatId: string; messageId: string; text: string; fromAccount: boolean; at: number }
  /** The account's connection status at the provider changed. */
  | { kind: 'account_status'; key: string; accountId: string; connected: boolean; status: string };

/** How a provider's deliveries read. */
export interface WebhookFormat {
  /** The header that carries the workspace's hook secret in every delivery (the provider is told to send it). */
  readonly secretHeader: string;
  /** Whether the delivered secret is the workspace's (constant time; a missing one fails). */
  secretMatches(expected: string, given: string | string[] | undefined): boolean;
  /** The event a delivery's body carries, or null for one the service has no use for. */
  parse(body: unknown): WebhookEvent | null;
}

/** A webhook as the provider lists it: what the service reads of it. */
export interface RegisteredWebhook {
  id: string;
  name?: string;
  request_url: string;
  headers?: { key: string; value: string }[];
}

/** A webhook to create: which of the provider's events (`source`, `events`) go to `request_url`, with `headers` on every delivery. */
export interface WebhookSpec {
  name: string;
  source: string;
  events?: string[];
  request_url: string;
  format: 'json';
  enabled: boolean;
  headers: { key: string; value: string }[];
}

/** The webhooks registered at the provider under one workspace's credentials. */
export interface ProviderWebhooks {
  list(): Promise<RegisteredWebhook[]>;
  /** Answers the new webhook's id. */
  create(spec: WebhookSpec): Promise<string>;
  delete(id: string): Promise<void>;
}
