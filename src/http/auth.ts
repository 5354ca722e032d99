// The workspace of every API request is taken from its key here, once; routes read
// `request.workspaceId` and pass it to every domain call.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticateApiKey } from '../auth/api-keys.service.js';
import type { Db } from '../db/database.js';
import { HttpError } from './error-table.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The workspace of the presented API key; set on every authenticated route. */
    workspaceId: string;
    /** The presented key's id: the actor of the activity log's entries (never the key itself). */
    apiKeyId: string;
    /**
     * The workspace's data version, read with the key before the route runs: what the page cache
     * keys a page by (http/page-cache.ts).
     */
    dataVersion: number;
    authFailure: 'Not authenticated' | 'Invalid API key' | null;
  }
}

const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

async function identify(db: Db, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  const match = header ? BEARER.exec(header) : null;
  if (!match) {
    request.authFailure = 'Not authenticated';
    return;
  }
  const found = await authenticateApiKey(db, match[1]);
  if (found === null) request.authFailure = 'Invalid API key';
  else {
    request.workspaceId = found.workspaceId;
    request.apiKeyId = found.keyId;
    request.dataVersion = found.dataVersion;
  }
}

/**
 * Authentication is split around the rate limiter: the key is looked up first (so the limiter
 * can count per workspace, or per client address for a failed attempt), and the 401 is sent
 * after it (so failed attempts are limited too).
 */
export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('workspaceId', '');
  app.decorateRequest('apiKeyId', '');
  app.decorateRequest('dataVersion', 0);
  app.decorateRequest('authFailure', null);
  app.addHook('onRequest', async (request) => identify(db, request));
}

export function registerAuthRejection(app: FastifyInstance): void {
  app.addHook('preParsing', async (request) => {
    if (request.authFailure) throw new HttpError(401, request.authFailure, { 'www-authenticate': 'Bearer' });
  });
}
