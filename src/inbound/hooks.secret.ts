// The hook secret at rest: sealed, because Unipile must be given it in clear when webhooks are
// registered (a hash could not be sent). Its own purpose, so no other sealed value opens with its key.
import { SecretBox } from '../shared/secret-box.js';

export const hookSecretBox = (serverSecret: Buffer) => new SecretBox(serverSecret, 'unipile-hook-secret');

/** The path Unipile calls for a hook (hooks.routes.ts serves it). */
export const hookPath = (hookId: string) => `/hooks/unipile/${hookId}`;
