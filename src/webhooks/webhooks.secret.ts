// Signing secrets: `whsec_` + base64 of 24 random bytes (the Standard Webhooks form), sealed at
// rest under their own purpose because the signer needs them in clear.
import { randomBytes } from 'node:crypto';
import { SecretBox } from '../shared/secret-box.js';

export const webhookSecretBox = (serverSecret: Buffer) => new SecretBox(serverSecret, 'webhook-secret');
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
