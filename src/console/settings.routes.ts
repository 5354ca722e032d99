// The console's Settings page (admins only): the credit ledger, ICP rules and target accounts, the suppression list
// and its CSV upload, the network binding (read-only: binding a real provider is the operator's
// CLI act). Registered inside consoleSessionRoutes (session, CSRF).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { RouteDeps } from '../http/route-deps.js';
import { IcpRulesError } from '../ingestion/icp.js';
import { addTargetAccount, getIngestionSettings, listTargetAccounts, removeTargetAccount, setIcpRules } from '../ingestion/settings.service.js';
import { importSuppressionCsv, previewSuppressionCsv } from '../suppression/suppression.import.js';
import { listSuppressionEntries } from '../suppression/suppression.service.js';
import { bindingOf } from '../operator/bindings.operator.js';
import { HttpError } from '../http/error-table.js';
import { UsageError } from '../shared/errors.js';
import { readableCreditLedger } from './console-credits.service.js';
import { fieldRefusal } from './field-refusal.js';
import { requireAdmin } from './session.hooks.js';
import { documentValidationErrors } from './validation.docs.js';

const ERR = Type.Ref('ErrorDetail');
const tags = ['console'];
const VALIDATION = Type.Ref('HTTPValidationError');

/** `$.company_size.min` → ['icp_rules', 'company_size', 'min'] in the body: the field a form shows the message beside. */
const pathOf = (path: string) => ['icp_rules', ...[...path.matchAll(/\.([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[1] !== undefined ? m[1] : Number(m[2])))];

export const consoleSettingsRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  documentValidationErrors(app);
  app.get('/app/api/settings/credits', {
    schema: {
      tags, operationId: 'consoleCreditLedger', summary: 'The credit balance (as GET /v2/workspace/credits) and the newest ledger entries (admins)',
      querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })) }),
      response: { 200: Type.Ref('ConsoleCreditLedger') },
    },
  }, async (request) => readableCreditLedger(deps.db, requireAdmin(request).workspaceId, request.query.limit ?? 50));

  app.get('/app/api/settings/icp', { schema: { tags, operationId: 'consoleIcpRules', summary: "The workspace's ICP rules (admins); null when none are set", response: { 200: Type.Ref('ConsoleIcpSettings') } } }, async (request) => {
    const { icp_rules } = await getIngestionSettings(deps.db, requireAdmin(request).workspaceId);
    return { icp_rules };
  });
  app.put('/app/api/settings/icp', {
    schema: {
      tags, operationId: 'consoleSetIcpRules', summary: 'Replace the ICP rules (admins); they apply to leads created or refreshed from then on. An invalid rule: 422 naming the field, nothing saved',
      body: Type.Ref('ConsoleIcpUpdate'), response: { 200: Type.Ref('ConsoleIcpSettings'), 422: VALIDATION },
    },
  }, async (request, reply) => {
    const workspaceId = requireAdmin(request).workspaceId;
    try {
      return { icp_rules: await setIcpRules(deps.db, deps.clock, workspaceId, (request.body as { icp_rules: unknown }).icp_rules) };
    } catch (err) {
      if (!(err instanceof IcpRulesError)) throw err;
      return fieldRefusal(reply, request.body, pathOf(err.path), err.reason);
    }
  });

  app.get('/app/api/settings/target-accounts', { schema: { tags, operationId: 'consoleTargetAccounts', summary: 'Target accounts (admins): company slugs or ids whose people are account-based leads', response: { 200: Type.Array(Type.String()) } } }, async (request) =>
    listTargetAccounts(deps.db, requireAdmin(request).workspaceId),
  );
  app.post('/app/api/settings/target-accounts', {
    schema: {
      tags, operationId: 'consoleAddTargetAccount', summary: 'Add a target account (admins), as `warmline accounts add`; a bad value: 422 naming the field, nothing saved',
      body: Type.Ref('ConsoleTargetAccount'), response: { 201: Type.Ref('ConsoleTargetAccount'), 422: VALIDATION },
    },
  }, async (request, reply) => {
    const workspaceId = requireAdmin(request).workspaceId;
    try {
      return reply.code(201).send(await addTargetAccount(deps.db, deps.clock, workspaceId, (request.body as { value: string }).value));
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      return fieldRefusal(reply, request.body, ['value'], err.message);
    }
  });
  app.delete('/app/api/settings/target-accounts/:value', {
    schema: { tags, operationId: 'consoleRemoveTargetAccount', summary: 'Remove a target account (admins)', params: Type.Object({ value: Type.String() }), response: { 204: Type.Null(), 404: ERR } },
  }, async (request, reply) => {
    const workspaceId = requireAdmin(request).workspaceId;
    await removeTargetAccount(deps.db, workspaceId, request.params.value).catch((err: unknown) => {
      throw err instanceof UsageError ? new HttpError(404, 'Not a target account of this workspace') : err;
    });
    return reply.code(204).send(null);
  });

  app.get('/app/api/settings/suppressions', { schema: { tags, operationId: 'consoleSuppressions', summary: 'The suppression list (admins)', response: { 200: Type.Array(Type.Ref('ConsoleSuppression')) } } }, async (request) =>
    listSuppressionEntries(deps.db, requireAdmin(request).workspaceId),
  );
  const csvRoute = (commit: boolean) => async (request: FastifyRequest) => {
    const workspaceId = requireAdmin(request).workspaceId;
    const { csv } = request.body as { csv: string };
    try {
      const report = commit ? await importSuppressionCsv(deps.db, deps.clock, workspaceId, csv) : await previewSuppressionCsv(deps.db, workspaceId, csv);
      return { committed: commit && report.rejected.length === 0, ...report };
    } catch (err) {
      if (err instanceof UsageError) throw new HttpError(400, err.message);
      throw err;
    }
  };
  const csvSchema = (operationId: string, summary: string) => ({ tags, operationId, summary, body: Type.Ref('ConsoleSuppressionCsv'), response: { 200: Type.Ref('ConsoleSuppressionReport'), 400: ERR } });
  app.post('/app/api/settings/suppressions/preview', { config: { readsOnly: true }, schema: csvSchema('consolePreviewSuppressionCsv', 'Check a suppression CSV row by row; stores nothing (admins)') }, csvRoute(false));
  app.post('/app/api/settings/suppressions/import', {
    schema: csvSchema('consoleImportSuppressionCsv', 'Add a suppression CSV: every new entry in one transaction, or nothing when any row is rejected (committed false, the report says which) (admins)'),
  }, csvRoute(true));

  app.get('/app/api/settings/network', {
    schema: { tags, operationId: 'consoleNetworkBinding', summary: "The workspace's network binding, read-only (admins): binding a provider stays an operator's CLI act", response: { 200: Type.Ref('ConsoleNetworkBinding') } },
  }, async (request) => {
    const { provider, options } = await bindingOf(deps.db, requireAdmin(request).workspaceId, 'network');
    return {
      provider,
      dsn: typeof options.dsn === 'string' ? options.dsn : null,
      activity: provider === 'sandbox' ? options.activity === true : null,
      pace: provider === 'sandbox' ? (options.pace ?? 1) : null,
    };
  });
};
