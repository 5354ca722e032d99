// unipile-node-sdk builds some 300 TypeBox schemas as it loads (about 0.4 s of CPU: most of a CLI
// command's start). It is loaded on first use, so a process that never meets a workspace bound
// to Unipile (every CLI command but the Unipile ones, a server without such a workspace) never pays it.
import { createRequire } from 'node:module';
import type * as Sdk from 'unipile-node-sdk';

const require = createRequire(import.meta.url);
let sdk: typeof Sdk | undefined;

export const unipileSdk = (): typeof Sdk => (sdk ??= require('unipile-node-sdk') as typeof Sdk);
