// Session authentication and CSRF for the console API: a cookie, never an API key.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/error-table.js';
import type { Clock } from '../shared/clock.js';
import { CONSOLE_LIMITS, resumeSession, type ConsoleSession } from './console-auth.service.js';

export const SESSION_COOKIE = 'wl_session';

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession: ConsoleSession | null;
  }
}

export function sessionToken(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE && value.length) return value.join('=');
  }
  return null;
}

export function setSessionCookie(reply: FastifyReply, token: string): void {
  const maxAge = Math.floor(CONSOLE_LIMITS.sessionAbsoluteMs / 1000);
  reply.header('set-cookie', `${SESSION_COOKIE}=${token}; Path=/app; HttpOnly; Secure; SameSite=Strict; Max-Age=${maxAge}`);
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.header('set-cookie', `${SESSION_COOKIE}=; Path=/app; HttpOnly; Secure; SameSite=Strict; Max-Age=0`);
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Every route in `app` needs a live session; every state-changing one the session's CSRF token too. */
export function requireSession(app: FastifyInstance, db: Db, clock: Clock): void {
  app.decorateRequest('consoleSession', null);
  app.addHook('preParsing', async (request) => {
    const token = sessionToken(request);
    const session = token ? await resumeSession(db, clock, token) : null;
    if (!session) throw new HttpError(401, 'Not signed in');
    if (!SAFE.has(request.method)) {
      const sent = request.headers['x-csrf-token'];
      if (typeof sent !== 'string' || !same(sent, session.csrfToken)) throw new HttpError(403, 'Missing or wrong CSRF token');
    }
    request.consoleSession = session;
  });
}

export function requireAdmin(request: FastifyRequest): ConsoleSession {
  const session = request.consoleSession!;
  if (session.role !== 'admin') throw new HttpError(403, 'Admins only');
  return session;
}
