// @hubspot/api-client is CommonJS and loads hundreds of generated modules: required on first use,
// so a process that never meets a workspace bound to HubSpot never pays for it.
import { createRequire } from 'node:module';
import type * as Sdk from '@hubspot/api-client';

const require = createRequire(import.meta.url);
let sdk: typeof Sdk | undefined;

export const hubspotSdk = (): typeof Sdk => (sdk ??= require('@hubspot/api-client') as typeof Sdk);
