// The HTTP server assembled: the edge of src/http (parsing, validation, auth, rate limit, errors)
// around every feature's routes, the console and the documentation. It stands above the features,
// which use that edge, so the edge imports none of them but the key look-up its auth hook calls.
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Logger } from 'pino';
import { featureSchemas, registerApiRoutes } from './api.routes.js';
import { registerAuth, registerAuthRejection } from '../http/auth.js';
import { registerDocs } from './docs.js';
import { answerClientError, answerFrameworkError, registerErrorHandling } from '../http/error-handler.js';
import { HttpError } from '../http/error-table.js';
import { rewriteUndecodablePath } from '../http/lenient-path.js';
import { publicRoutes } from '../http/public.routes.js';
import { buildSerializer } from '../http/serializer.js';
import { rateLimitStore, registerRateLimit } from '../http/rate-limit.js';
import { proxyTrust } from '../http/trust-proxy.js';
import { registerIdempotency } from '../http/idempotency.js';
import { registerRequestMetrics } from '../http/request-metrics.js';
import { authErrorResponses, sharedSchemas } from '../shared/schemas.js';
import type { AppContext } from '../context.js';
import { pingDatabase } from '../db/unavailable.js';
import { registerHooks, type HookRouteDeps } from '../inbound/inbound.routes.js';
import { consolePublicRoutes, consoleSessionRoutes } from '../console/console.routes.js';
import { registerConsoleStatic } from '../console/console.static.js';
import type { TlsMaterial } from '../http/tls.js';
import { isJsonMediaType, pydanticValidatorCompiler, readBody } from '../http/validation/request.js';
import { registerSchema } from '../http/validation/validate.js';

export interface ServerDeps extends HookRouteDeps {
  logger: Logger;
  /** Null only behind a TLS-terminating proxy (trust-proxy mode). */
  tls: TlsMaterial | null;
}

/**
 * The server's dependencies, from the composition root's context: `serve`, the tests' servers and
 * the benches assemble them here alone. `overrides`: a caller's own view of a store or the
 * metrics (a statement counter's plugin, a bench's timing); the context's otherwise.
 */
export function serverDeps(ctx: AppContext, tls: TlsMaterial | null, overrides: Partial<Pick<ServerDeps, 'db' | 'reads' | 'metrics'>> = {}): ServerDeps {
  return {
    config: ctx.config,
    db: ctx.database.db,
    reads: ctx.database.reads,
    clock: ctx.clock,
    logger: ctx.logger,
    secret: ctx.secret(),
    networks: ctx.networks.resolve,
    webhookFormat: ctx.webhookFormat,
    metrics: ctx.metrics,
    tls,
    ...overrides,
  };
}

const BODY_LIMIT = 1024 * 1024;
// Longer than any URL Node's HTTP parser takes (16 KiB of request line and headers), so a long
// id reaches its route and is not found there, as with FastAPI, instead of Fastify's bare 414.
const MAX_PARAM_LENGTH = 16 * 1024;
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Query strings as Starlette reads them: `+` is a space and a repeated parameter's last value wins. */
function parseQuery(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) out[key] = value;
  return out;
}

export type App = FastifyInstance;

export async function buildServer(deps: ServerDeps): Promise<App> {
  const { config, tls } = deps;
  const app = Fastify({
    loggerInstance: deps.logger.child({ subsystem: 'http' }) as FastifyBaseLogger,
    // Node would answer a request without a Host header itself (400, empty body); nothing here
    // reads that header, so such a request is served like any other.
    ...(tls ? { https: { cert: tls.cert, key: tls.key, minVersion: 'TLSv1.2' as const, requireHostHeader: false } } : { http: { requireHostHeader: false } }),
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: BODY_LIMIT,
    routerOptions: { querystringParser: parseQuery, maxParamLength: MAX_PARAM_LENGTH },
    rewriteUrl: (req) => rewriteUndecodablePath(req.url ?? '/'),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    genReqId: (req) => {
      const sent = req.headers['x-request-id'];
      return typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : crypto.randomUUID();
    },
    logController: new LogController({
      requestIdLogLabel: 'request_id',
      // One line per request is noise at info level; debug and trace show them.
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    return503OnClosing: true,
    schemaController: { compilersFactory: { buildSerializer } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(pydanticValidatorCompiler);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (request, body, done) => {
    try {
      done(null, readBody(request.headers['content-type'], body as Buffer));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  for (const schema of [...sharedSchemas, ...featureSchemas]) {
    app.addSchema(schema);
    registerSchema(schema);
  }
  registerErrorHandling(app);
  registerRequestMetrics(app, deps.metrics);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // FastAPI reads a body as JSON for a JSON media type and as text for any other header, an
    // empty or malformed one included; Fastify would refuse the header it cannot parse with a 415.
    const contentType = request.headers['content-type'];
    if (contentType !== undefined) {
      if (isJsonMediaType(contentType)) request.headers['content-type'] = 'application/json';
      else delete request.headers['content-type'];
    }
    if (config.trustProxy && request.headers['x-forwarded-proto'] !== 'https') throw new HttpError(400, 'HTTPS required');
  });

  // A stop lets the requests in flight finish (return503OnClosing refuses new ones); their answers
  // close their connections, or clients' idle keep-alive connections would hold the close for a minute.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  await registerDocs(app, { publicUrl: config.publicUrl, hookSecretHeader: deps.webhookFormat.secretHeader });
  await app.register(publicRoutes, { pingDatabase: () => pingDatabase(deps.db) });
  const limitStore = await rateLimitStore(app, { redisUrl: config.redisUrl, redisTimeoutMs: config.redisTimeoutMs, now: () => deps.clock.now() });
  await registerHooks(app, deps, limitStore);
  // The console: its own session auth, outside the v2 key and its limiter (docs/console.md).
  await registerConsoleStatic(app);
  await app.register(consolePublicRoutes, deps);
  await app.register(consoleSessionRoutes, deps);
  await app.register(async (api) => {
    // Every route in here is authenticated, rate limited and documented as such.
    api.addHook('onRoute', (route) => {
      route.schema = {
        ...route.schema,
        security: [{ HTTPBearer: [] }],
        response: { ...authErrorResponses, ...(route.schema?.response as object) },
      };
    });
    registerAuth(api, deps.db);
    await registerRateLimit(api, { perMinute: config.rateLimit, store: limitStore, onRejected: () => deps.metrics.rateLimitRejected() });
    registerAuthRejection(api);
    registerIdempotency(api, { db: deps.db, clock: deps.clock, secret: deps.secret, workspaceOf: (request) => request.workspaceId });
    await registerApiRoutes(api, deps);
  });
  return app;
}
