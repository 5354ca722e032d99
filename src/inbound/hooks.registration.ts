// Registers a workspace's webhooks at Unipile (through the SDK's webhook.create), idempotently:
// the workspace gets one hook (a random id for its URL and a random secret, sealed at rest), and
// each of the three webhooks (new relations, messages, account status) is created only when
// Unipile does not already have it with this URL and this secret. Binding again therefore
// registers nothing new; a new public URL or a rotated secret replaces the three webhooks.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { NetworkProvider } from '../network/provider.js';
import type { ProviderFor } from '../network/registry.js';
import type { RegisteredWebhook, WebhookFormat, WebhookSpec } from '../network/webhooks.js';
import type { Clock } from '../shared/clock.js';
import { UsageError } from '../shared/errors.js';
import * as repo from './inbox.repository.js';
import { hookPath, hookSecretBox } from './hooks.secret.js';

export interface HookDeps {
  db: Db;
  clock: Clock;
  networks: ProviderFor<NetworkProvider>;
  /** The server secret: the hook secret is sealed under a key derived from it. */
  secret: Buffer;
  /** How the provider's deliveries read: the header the secret travels in (Unipile's, from the composition root). */
  webhookFormat: WebhookFormat;
}

// One webhook per event source; the name tells ours apart in the account's list.
const WEBHOOKS = [
  { name: 'warmline-new_relation', source: 'users', events: ['new_relation'] },
  { name: 'warmline-message_received', source: 'messaging', events: ['message_received'] },
  { name: 'warmline-account_status', source: 'account_status' },
] as const;

export interface HookRegistration {
  hookId: string;
  url: string;
  /** Webhooks created by this call (0 when Unipile had them all). */
  created: number;
  /** Stale webhooks of this hook (another URL or secret) removed. */
  removed: number;
}

/**
 * Makes sure Unipile delivers the workspace's events to `<publicUrl>/hooks/unipile/<hook id>`.
 * `rotate`: a new secret first (deliveries carrying the old one are refused from then on).
 */
export async function ensureUnipileWebhooks(deps: HookDeps, workspaceId: string, publicUrl: string, options: { rotate?: boolean } = {}): Promise<HookRegistration> {
  const base = httpsBase(publicUrl);
  const webhooks = (await deps.networks(workspaceId))?.webhooks;
  if (!webhooks) throw new UsageError(`workspace ${workspaceId} is not bound to the unipile network: webhooks are Unipile's`);
  const { secretHeader } = deps.webhookFormat;
  const box = hookSecretBox(deps.secret);
  const now = deps.clock.now();
  let hook = await repo.createHookOnce(deps.db, {
    workspace_id: workspaceId, hook_id: randomToken(16), secret: box.seal(randomToken(32)), public_url: null, webhook_ids: '[]', created_at: now, updated_at: now,
  });
  if (options.rotate) {
    await repo.updateHook(deps.db, workspaceId, { secret: box.seal(randomToken(32)), updated_at: now });
    hook = (await repo.findHookOfWorkspace(deps.db, workspaceId))!;
  }
  const secret = box.open(hook.secret);
  const url = `${base}${hookPath(hook.hook_id)}`;
  const headers = [
    { key: secretHeader, value: secret },
    // Unipile adds no content type to webhooks created through its API
    { key: 'content-type', value: 'application/json' },
  ];
  const existing = (await webhooks.list()).filter((w) => w.request_url.endsWith(hookPath(hook.hook_id)));
  const current = (w: RegisteredWebhook, name: string) => w.name === name && w.request_url === url && w.headers?.some((h) => h.key.toLowerCase() === secretHeader && h.value === secret);
  const ids: string[] = [];
  let created = 0;
  for (const spec of WEBHOOKS) {
    const kept = existing.find((w) => current(w, spec.name));
    if (kept) {
      ids.push(kept.id);
      continue;
    }
    const webhook: WebhookSpec = { ...spec, events: 'events' in spec ? [...spec.events] : undefined, request_url: url, format: 'json', enabled: true, headers };
    ids.push(await webhooks.create(webhook));
    created++;
  }
  const stale = existing.filter((w) => !ids.includes(w.id));
  for (const w of stale) await webhooks.delete(w.id);
  await repo.updateHook(deps.db, workspaceId, { public_url: base, webhook_ids: JSON.stringify(ids), updated_at: deps.clock.now() });
  return { hookId: hook.hook_id, url, created, removed: stale.length };
}

/** The public base URL, https only (Unipile must reach it and the secret travels in a header). */
function httpsBase(publicUrl: string): string {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    throw new UsageError(`public URL "${publicUrl}" is not a URL`);
  }
  if (url.protocol !== 'https:') throw new UsageError(`public URL "${publicUrl}" must be https: the hook secret travels in a header`);
  return url.toString().replace(/\/+$/, '');
}

const randomToken = (bytes: number) => randomBytes(bytes).toString('base64url');
