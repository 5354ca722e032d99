import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../scripts/openapi-document.js';
import { describeOnce } from './helpers/dialects.js';
import { startServer, type TestServer } from './helpers/server.js';
import { tempDir } from './helpers/temp-dirs.js';

const REDOCLY = path.resolve('node_modules/@redocly/cli/bin/cli.js');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of a document with its path and method. */
const operations = (doc: any) =>
  Object.entries(doc.paths).flatMap(([p, item]: [string, any]) => METHODS.filter((m) => item[m]).map((m) => ({ path: p, method: m, op: item[m] })));

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
    expect(doc.paths['/v2/health'].get.security).toEqual([]);
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

  it('documents the 409 of send and direct-message in a workspace bound to no network (and none for check)', async () => {
    const doc = (await server.client.get('/openapi.json')).body;
    for (const path of ['/v2/networking/connections/send', '/v2/networking/connections/direct-message']) {
      const op = doc.paths[path].post;
      expect(op.responses['409'].content['application/json'].schema.$ref, path).toBe('#/components/schemas/ErrorDetail');
      expect(op.description, path).toContain('409 when the workspace is bound to no network');
    }
    const check = doc.paths['/v2/networking/connections/check'].patch;
    expect(check.responses['409']).toBeUndefined();
    expect(check.description).toContain('bound to no network is answered from its recorded connections');
  });

  it('serves the docs page and its assets from the service itself', async () => {
    const page = await server.client.get('/docs/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger');
    // The service's own name, not the plugin's ("Swagger UI", Fastify's logo).
    expect(page.text).toContain('<title>Warmline API reference</title>');
    const initializer = (await server.client.get('/docs/static/swagger-initializer.js')).text;
    const logo = Buffer.from(/data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/.exec(initializer)![1]!, 'base64').toString('utf8');
    expect(logo).toContain('>Warmline</text>');
    expect(logo).not.toMatch(/fastify/i);
    expect(page.text).not.toMatch(/https?:\/\/(cdn|unpkg|cdnjs|jsdelivr)/);
    const assets = [...page.text.matchAll(/(?:src|href)="\.?\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const res = await server.client.get(`/docs/${asset.replace(/^docs\//, '')}`);
      expect(res.status, asset).toBe(200);
    }
  });

  it('lints clean with @redocly/cli, recommended rules, no ignore file: no error, no warning', async () => {
    const dir = tempDir('lint');
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, (await server.client.get('/openapi.json')).text);
    // Run where no redocly.yaml can be found; no telemetry or update check (offline).
    const run = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', '--extends=recommended', '--format=json', file], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((err: { stdout: string; stderr: string }) => err);
    const report = JSON.parse(run.stdout);
    expect(report.problems.map((p: any) => `${p.ruleId} ${p.location[0]?.pointer}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('names every operation, declares its security and a 4xx answer, and has a license', async () => {
    const doc = (await server.client.get('/openapi.json')).body;
    const ops = operations(doc);
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['listLeads', 'getLead', 'updateLead', 'listCampaigns', 'getCampaign', 'listTeamFeed', 'getHealth']));
    for (const { path: p, method, op } of ops) {
      expect(op.operationId, `${method} ${p}`).toMatch(/^[a-z][A-Za-z]+$/);
      const consoleSession = p.startsWith('/app/api/') && !['/app/api/sign-in', '/app/api/password'].includes(p);
      const security = p.startsWith('/hooks/unipile/')
        ? [{ UnipileHookSecret: [] }]
        : p.startsWith('/v2/') && !['/v2/health', '/v2/ready'].includes(p)
          ? [{ HTTPBearer: [] }]
          : consoleSession
            ? [{ ConsoleSession: [] }]
            : [];
      expect(op.security, `${method} ${p}`).toEqual(security);
      expect(Object.keys(op.responses).some((status) => status.startsWith('4')), `${method} ${p}`).toBe(true);
    }
    expect(doc.info.license).toEqual({ name: 'Proprietary', identifier: 'LicenseRef-Proprietary' });
  });

  it('names as its server the address the client reached, never the Host header', async () => {
    const res = await server.client.get('/openapi.json', { headers: { host: 'evil.example' } });
    expect(res.body.servers).toEqual([{ url: server.url }]);
    const ui = await server.client.get('/docs/json');
    expect(ui.body.servers).toEqual([{ url: server.url }]);
  });

  it('is the document the client types are generated from (scripts/openapi-document.ts builds it without a server)', async () => {
    const { servers, ...served } = (await server.client.get('/openapi.json')).body;
    expect(servers).toHaveLength(1);
    expect(await buildOpenApiDocument()).toEqual(served);
  });
});

describeOnce('OpenAPI document behind --public-url', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { flags: { publicUrl: 'https://api.example.test/warmline/' } });
  });
  afterAll(() => server.close());

  it('names the public URL as its one server', async () => {
    expect((await server.client.get('/openapi.json')).body.servers).toEqual([{ url: 'https://api.example.test/warmline' }]);
  });
});
