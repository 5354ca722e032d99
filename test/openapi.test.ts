import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnce } from './helpers/dialects.js';
import { startServer, type TestServer } from './helpers/server.js';

describeOnce('OpenAPI document and docs page', (dialect) => {
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
    const named = ['LinkedinLeadExport', 'LinkedinCompanyRead', 'ApiWorkspaceUserRead', 'WorkspaceBalanceRead', 'TeamFeedPostRead',
      'TeamFeedPostsListResponse', 'WorkspaceLeadsPageResponse', 'NetworkingCampaignList', 'LeadUpdatePayload', 'HTTPValidationError', 'ValidationError'];
    for (const name of named) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    const users = doc.paths['/v2/workspace/users'].get;
    expect(users.security).toEqual([{ HTTPBearer: [] }]);
    expect(users.responses['200'].content['application/json'].schema.items.$ref).toBe('#/components/schemas/ApiWorkspaceUserRead');
    expect(users.responses['422'].content['application/json'].schema.$ref).toBe('#/components/schemas/HTTPValidationError');
    expect(doc.paths['/v2/health'].get.security).toBeUndefined();
    // Required keys exactly as api-v2.md gives them (responses still carry every key).
    const required = (name: string) => doc.components.schemas[name].required ?? [];
    expect(required('ApiWorkspaceUserRead')).toEqual(['id', 'email', 'is_active_seat']);
    expect(required('LinkedinLeadExport')).toEqual(['created_at']);
    expect(required('LinkedinCompanyRead')).toEqual(['website_url', 'created_at']);
    expect(required('TeamFeedPostRead')).toEqual(['id', 'author', 'post_url', 'published_at']);
    expect(required('WorkspaceBalanceRead')).toEqual(['current_balance']);
    expect(required('WorkspaceLeadsPageResponse')).toEqual(['total', 'items']);
    expect(Object.keys(doc.components.schemas.LinkedinLeadExport.properties).slice(0, 4)).toEqual(['id', 'crm_id', 'first_name', 'last_name']);
    for (const path of ['/v2/leads', '/v2/leads/{lead_id}', '/v2/content/team/feed', '/v2/content/tracked-contacts/feed', '/v2/networking/campaigns',
      '/v2/networking/campaigns/{campaign_id}', '/v2/networking/connections/check', '/v2/networking/connections/send',
      '/v2/networking/connections/direct-message', '/v2/workspace/credits', '/v2/health', '/']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/v2/leads/{lead_id}'].patch.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/LeadUpdatePayload');
    expect(doc.paths['/v2/leads'].get.parameters.map((p: any) => p.name)).toEqual(
      ['sort_by', 'start_date', 'end_date', 'days', 'status', 'company_public_id', 'post_id', 'email_enriched', 'cursor', 'limit']);
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
