// The typed client's committed types are the ones the current OpenAPI document generates:
// after a change to a route's schema, `npm run client:types` regenerates them.
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { CLIENT_TYPES_FILE, clientTypesSource } from '../scripts/client-types.js';

it('clients/typescript/src/schema.ts is generated from the current document (else: npm run client:types)', async () => {
  const committed = fs.readFileSync(CLIENT_TYPES_FILE, 'utf8');
  const fresh = await clientTypesSource();
  expect(committed === fresh, 'the client types are stale: run `npm run client:types` and commit the result').toBe(true);
  expect(fresh).toContain('listLeads: {');
});
