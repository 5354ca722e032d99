// Generates the typed client's types from the service's OpenAPI document (openapi-typescript):
// `npm run client:types` writes clients/typescript/src/schema.ts; a test fails when it is stale.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { buildOpenApiDocument } from './openapi-document.js';

export const CLIENT_TYPES_FILE = fileURLToPath(new URL('../clients/typescript/src/schema.ts', import.meta.url));

export async function clientTypesSource(): Promise<string> {
  const ast = await openapiTS((await buildOpenApiDocument()) as unknown as OpenAPI3, { silent: true });
  return `// Generated from the service's OpenAPI document by \`npm run client:types\`; do not edit.\n${astToString(ast)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(CLIENT_TYPES_FILE, await clientTypesSource());
  process.stdout.write(`wrote ${CLIENT_TYPES_FILE}\n`);
}
