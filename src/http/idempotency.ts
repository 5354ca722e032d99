// Idempotency-Key on every write (docs/operations.md "Retries"): the first request with a key
// claims it for its workspace, acts, and stores its answer; a retry with the same key and the
// same request (method, path, body) gets that answer again, status and body, for 24 hours,
// without acting again. The same key with another request is refused (422); a retry while the
// first is still in flight gets 409 and is to be retried. Answers of 500 and above are not
// kept (the act did not complete, or not knowably): the key is released and a retry acts.
// Answers are sealed at rest: some carry a secret shown once (a new key, a webhook's signing
// secret, a sign-in link), which only the same request with the same key gets again.
import { createHash, randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { SecretBox } from '../shared/secret-box.js';
import { DAY_MS } from '../shared/time.js';
import { HttpError } from './error-table.js';
import { claimKey, findKey, releaseKey, retakeKey, storeAnswer, type StoredAnswer } from './idempotency.repository.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long an answer is replayed; the worker deletes older rows (deleteExpiredKeys). */
export const IDEMPOTENCY_TTL_MS = DAY_MS;
/**
 * A claim without an answer, made by a process of another machine, counts as abandoned after
 * this long (that process may have stopped mid-request). One of this machine is checked at once.
 */
export const ABANDONED_CLAIM_MS = 2 * 60_000;

/** The SecretBox purpose of a stored answer. */
const ANSWER_PURPOSE = 'idempotency answer';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** This process, as its claims name it: host, pid, and a nonce (a pid is reused after a restart). */
const HOST = os.hostname().replaceAll('|', '_');
const THIS_PROCESS = `${HOST}|${process.pid}|${randomUUID()}`;
/** The claims this process holds and has not answered yet (workspace, NUL, key). */
const inFlight = new Set<string>();

export const IDEMPOTENCY_TEXT =
  ' With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request ' +
  'answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; ' +
  'the same key with another request: 422; while the first is still in flight: 409 (retry shortly).';

/** The header as each write declares it: the validator refuses a longer one or one with control characters (422). */
const keyProperty = Type.String({ maxLength: 255, pattern: '^[^\\x00-\\x1f\\x7f]+$', description: "A key of the client's choosing that makes a retry of this write safe." });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST or PATCH that changes nothing (a check, a preview): it takes no Idempotency-Key. */
    readsOnly?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed (its answer is stored on send); null: none. */
    idempotencyClaim: { workspaceId: string; key: string } | null;
  }
}

const requestHash = (request: FastifyRequest) =>
  createHash('sha256').update(`${request.method} ${request.url}\u0000${JSON.stringify(request.body ?? null)}`).digest('hex');

/** Declares the header on every write of `app` (validation, OpenAPI) and keeps its answers; `workspaceOf` scopes the keys. */
export function registerIdempotency(app: FastifyInstance, deps: { db: Db; clock: Clock; secret: Buffer; workspaceOf: (request: FastifyRequest) => string }): void {
  const box = new SecretBox(deps.secret, ANSWER_PURPOSE);
  app.decorateRequest('idempotencyClaim', null);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((m) => WRITES.has(m)) || route.config?.readsOnly) return;
    const headers = (route.schema?.headers as { properties?: object } | undefined) ?? Type.Object({});
    route.schema = {
      ...route.schema,
      description: `${route.schema?.description ?? ''}${IDEMPOTENCY_TEXT}`.trim(),
      headers: { ...headers, properties: { ...headers.properties, [IDEMPOTENCY_HEADER]: keyProperty } },
      response: { 409: Type.Ref('ErrorDetail'), ...(route.schema?.response as object) },
    };
  });

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (!WRITES.has(request.method) || request.routeOptions.config.readsOnly || typeof key !== 'string') return;
    const workspaceId = deps.workspaceOf(request);
    const hash = requestHash(request);
    const now = deps.clock.now();
    const claimed = () => {
      request.idempotencyClaim = { workspaceId, key };
      inFlight.add(`${workspaceId}\u0000${key}`);
    };
    if (await claimKey(deps.db, workspaceId, key, hash, THIS_PROCESS, now)) return claimed();
    const found = await findKey(deps.db, workspaceId, key);
    // Gone between the two statements (expired and deleted): a new claim.
    const retaken =
      found === null
        ? await claimKey(deps.db, workspaceId, key, hash, THIS_PROCESS, now)
        : isOver(found, `${workspaceId}\u0000${key}`, now) && (await retakeKey(deps.db, workspaceId, key, found, hash, THIS_PROCESS, now));
    if (retaken) return claimed();
    if (found === null || found.request_hash !== hash) throw new HttpError(422, 'The Idempotency-Key header was already used with another request; send a new key for a new request');
    if (found.status === null) throw new HttpError(409, 'A request with this Idempotency-Key is still in progress; retry it shortly', { 'retry-after': '1' });
    return replay(reply, found, box);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (claim === null) return payload;
    request.idempotencyClaim = null;
    try {
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      const contentType = reply.getHeader('content-type');
      if (reply.statusCode < 500 && body !== null) {
        await storeAnswer(deps.db, claim.workspaceId, claim.key, { status: reply.statusCode, contentType: typeof contentType === 'string' ? contentType : null, body: box.seal(body) });
      } else await releaseKey(deps.db, claim.workspaceId, claim.key);
    } catch (err) {
      // The act is done and its answer goes out; the claim left unanswered is taken over as abandoned.
      request.log.warn({ err }, 'could not store the answer of an Idempotency-Key request');
    } finally {
      inFlight.delete(`${claim.workspaceId}\u0000${claim.key}`);
    }
    return payload;
  });
}

/** Past its 24 hours, or claimed by a request that will never answer. */
function isOver(row: StoredAnswer, flightKey: string, now: number): boolean {
  if (row.created_at <= now - IDEMPOTENCY_TTL_MS) return true;
  return row.status === null && isAbandoned(row.claimed_by, flightKey, row.created_at, now);
}

/**
 * Whether the process that claimed a key will never answer: this one when it holds no such
 * request; another of this machine when it no longer runs (a crash, a kill, a restart); one of
 * another machine once its claim is older than ABANDONED_CLAIM_MS.
 */
function isAbandoned(claimedBy: string, flightKey: string, claimedAt: number, now: number): boolean {
  if (claimedBy === THIS_PROCESS) return !inFlight.has(flightKey);
  const [host, pid] = claimedBy.split('|');
  if (host === HOST && !isRunning(Number(pid))) return true;
  return claimedAt <= now - ABANDONED_CLAIM_MS;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function replay(reply: FastifyReply, row: StoredAnswer, box: SecretBox): FastifyReply {
  reply.code(row.status!).header('idempotent-replayed', 'true');
  if (row.content_type !== null) reply.header('content-type', row.content_type);
  return reply.send(box.open(row.body!));
}
