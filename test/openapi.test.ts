import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './helpers/dialects.js';
import { startServer, type TestServer } from './helpers/server.js';

describeEachDialect('OpenAPI document and docs page', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  it('is OpenAPI 3.1 with version 0.2.0, bearer security and the named components', async () => {
    const res = await server.client.get('/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.version).toBe('0.2.0');
    expect(doc.info.title).toContain('API');
    expect(doc.components.securitySchemes.HTTPBearer).toEqual({ type: 'http', scheme: 'bearer' });
    for (const name of ['ApiWorkspaceUserRead', 'WorkspaceBalanceRead', 'HTTPValidationError', 'ValidationError']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    const users = doc.paths['/v2/workspace/users'].get;
    expect(users.security).toEqual([{ HTTPBearer: [] }]);
    expect(users.responses['200'].content['application/json'].schema.items.$ref).toBe('#/components/schemas/ApiWorkspaceUserRead');
    expect(users.responses['422'].content['application/json'].schema.$ref).toBe('#/components/schemas/HTTPValidationError');
    expect(doc.paths['/v2/health'].get.security).toBeUndefined();
    expect(doc.components.schemas.ApiWorkspaceUserRead.required).toEqual(['id', 'email', 'is_active_seat']);
  });

  it('serves the docs page and its assets from the service itself', async () => {
    const page = await server.client.get('/docs/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger');
    expect(page.text).not.toMatch(/https?:\/\/(cdn|unpkg|cdnjs|jsdelivr)/);
    const assets = [...page.text.matchAll(/(?:src|href)="\.?\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const res = await server.client.get(`/docs/${asset.replace(/^docs\//, '')}`);
      expect(res.status, asset).toBe(200);
    }
  });
});
