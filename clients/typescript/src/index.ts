// @warmline/client: the typed client of the Warmline v2 API (README.md beside this package).
export { createWarmlineClient, type Campaign, type FeedPost, type Lead, type LeadUpdate, type WarmlineClient, type WarmlineClientOptions, type WorkspaceUser } from './client.js';
export { WarmlineError, WarmlineRateLimitError, WarmlineValidationError, type ValidationProblem } from './errors.js';
export { walkPages, type Page } from './paging.js';
export { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './retry.js';
export { verifyWebhook, WarmlineWebhookError, type WebhookDelivery } from './webhooks.js';
export type { components, operations, paths } from './schema.js';
