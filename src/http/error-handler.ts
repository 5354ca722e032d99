// Every error leaves the service through here, in the bodies of decisions.md.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../shared/errors.js';
import { domainErrorTable, HttpError } from './error-table.js';
import { BodyDecodeError, collectIssues, RequestValidationError } from './validation/request.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

// Error bodies are serialized here rather than by response schemas, so their key order and
// compactness never depend on a route's schema.
function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).type('application/json').send(JSON.stringify(body));
}

export const sendDetail = (reply: FastifyReply, status: number, detail: string) => sendJson(reply, status, { detail });

function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof RequestValidationError) return sendJson(reply, 422, { detail: collectIssues(request) });
  if (error instanceof DomainError) {
    const { status, detail } = domainErrorTable[error.code];
    return sendDetail(reply, status, detail);
  }
  if (error instanceof HttpError) {
    reply.headers(error.headers);
    return sendDetail(reply, error.statusCode, error.detail);
  }
  if (error instanceof BodyDecodeError) return sendDetail(reply, 400, error.message);
  const code = (error as FastifyError).code;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendDetail(reply, 413, 'Request body too large');
  if (code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return sendDetail(reply, 400, 'There was an error parsing the body');
  }
  request.log.error({ err: error }, 'unexpected error');
  return sendDetail(reply, 500, 'Internal Server Error');
}

function handleNotFound(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  const allowed = METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
  if (allowed.length > 0) {
    reply.header('allow', allowed.join(', '));
    return sendDetail(reply, 405, 'Method Not Allowed');
  }
  return sendDetail(reply, 404, 'Not Found');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => handleError(error as Error, request, reply));
  app.setNotFoundHandler((request, reply) => handleNotFound(app, request, reply));
}
