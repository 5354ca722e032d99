// Every error leaves the service through here, in the bodies of decisions.md, with the request id.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { DomainError } from '../shared/errors.js';
import { clientErrorTable, domainErrorTable, frameworkErrorTable, HttpError } from './error-table.js';
import { validationErrorBody } from './validation/errors.js';
import { BodyDecodeError, collectIssues, RequestValidationError } from './validation/request.js';

// A PostgreSQL restart takes a few seconds; the pool reconnects on the next request.
const DATABASE_RETRY_AFTER_S = '2';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

// Error bodies are serialized here rather than by response schemas, so their key order and
// compactness never depend on a route's schema. The request id is set here too: some errors
// (a URL the router cannot read) are answered before any hook has run.
function sendJson(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).header('x-request-id', reply.request.id).type('application/json').send(body);
}

const sendDetail = (reply: FastifyReply, status: number, detail: string) => sendJson(reply, status, JSON.stringify({ detail }));

function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof RequestValidationError) return sendJson(reply, 422, validationErrorBody(collectIssues(request)));
  if (error instanceof DomainError) {
    const { status, detail } = domainErrorTable[error.code];
    if (error.retryAfterMs !== null) reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
    return sendDetail(reply, status, detail);
  }
  if (error instanceof HttpError) {
    reply.headers(error.headers);
    return sendDetail(reply, error.statusCode, error.detail);
  }
  if (error instanceof BodyDecodeError) return sendDetail(reply, 400, error.message);
  const { code, statusCode } = error as FastifyError;
  const known = frameworkErrorTable[code];
  if (known) return sendDetail(reply, known.status, known.detail);
  // A plugin's own client error: its status, in our shape.
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return sendDetail(reply, statusCode, STATUS_CODES[statusCode] ?? 'Bad Request');
  if (isDatabaseUnavailable(error)) {
    // The database is restarting, failing over, or its disk is full or read-only: a client retries.
    request.log.warn({ err: error.message }, 'database unavailable');
    reply.header('retry-after', DATABASE_RETRY_AFTER_S);
    return sendDetail(reply, 503, 'The database is temporarily unavailable; try again later');
  }
  request.log.error({ err: error }, 'unexpected error');
  return sendDetail(reply, 500, 'Internal Server Error');
}

function handleNotFound(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  // Only a path names a route (`OPTIONS *` does not ask about any); a route of this very method
  // that found nothing (a static file) is a 404, not a 405.
  const allowed = path.startsWith('/') ? METHODS.filter((method) => app.findRoute({ method, url: path }) !== null) : [];
  if (allowed.length > 0 && !allowed.includes(request.method as (typeof METHODS)[number])) {
    reply.header('allow', allowed.join(', '));
    return sendDetail(reply, 405, 'Method Not Allowed');
  }
  return sendDetail(reply, 404, 'Not Found');
}

/** An answer written to the socket by hand, for requests that never become a Fastify request. */
function answerOnSocket(socket: Duplex, status: number, detail: string): string {
  const body = JSON.stringify({ detail });
  const requestId = randomUUID();
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${requestId}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
  return requestId;
}

/**
 * Fastify's `clientErrorHandler`: a request the HTTP parser refused (headers over 16 KiB, bad
 * syntax, a timeout) has no request object.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail } = clientErrorTable[error.code ?? ''] ?? { status: 400, detail: 'Bad Request' };
  this.log.debug({ err: error, request_id: answerOnSocket(socket, status, detail) }, 'client error');
}

/** Fastify's `frameworkErrors`: a URL the router refused, answered like any other error. */
export const answerFrameworkError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => handleError(error, request, reply);

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => handleError(error as Error, request, reply));
  app.setNotFoundHandler((request, reply) => handleNotFound(app, request, reply));
  // Node hands CONNECT requests to a 'connect' listener and closes the socket when there is none;
  // its target names a host, not a path, so it is answered like `OPTIONS *`.
  app.server.on('connect', (_request, socket: Duplex) => answerOnSocket(socket, 404, 'Not Found'));
}
