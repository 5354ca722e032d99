// The helper process of scripts/bench-leads-cold.ts, beside the real server (`warmline serve`,
// which the driver starts as users do): the floor, a bare Fastify HTTPS route with the server's own
// certificate returning a precomputed body; the ceiling (--ceiling), a bare route beside it that
// answers GET /v2/leads with the list's own page work and nothing of the HTTP app around it; and the
// writer's ingestion rounds, written to the same database from this process as a `warmline worker`
// would (PATCHes come over HTTPS from the driver).
import Fastify from 'fastify';
import { loadConfig } from '../src/config.js';
import { createContext, createLogger } from '../src/context.js';
import { PLACEHOLDER_PATH } from '../src/http/asset-url.js';
import { listLeads } from '../src/leads/leads.service.js';
import type { LeadsQuery } from '../src/leads/leads.schemas.js';
import { loadTlsMaterial } from '../src/http/tls.js';
import { foldEngagement } from '../src/ingestion/fold.js';
import type { FoldEvent } from '../src/ingestion/fold.types.js';
import { profileFor } from '../src/network/sandbox/sandbox.content.js';

const send = (message: unknown) => process.send!(message);
const config = loadConfig({ dataDir: process.env.BENCH_COLD_DATA_DIR!, db: process.env.BENCH_COLD_DB!, logLevel: 'silent', demo: false }, {});
const ctx = await createContext(config, { logger: createLogger('silent') });
const { db } = ctx.database;
// The walked workspace, one of its team members (the posts' author) and the time its rounds start
// at, given by the driver: now for the bench's own data; for a workspace as it is, the last day of
// its data, so that the leads the rounds add do not move the data's span the next run scales its
// windows to.
const workspaceId = process.env.BENCH_COLD_WORKSPACE!;
const member = process.env.BENCH_COLD_MEMBER!;
const clockOffset = Number(process.env.BENCH_COLD_START_AT) - Date.now();

// The floor: same certificate, same framework, no auth, no database.
const tls = await loadTlsMaterial(config);
const floor = Fastify({ https: { cert: tls.cert, key: tls.key } });
let floorBody = Buffer.from('{}');
floor.get('/bench/floor', async (_request, reply) => reply.type('application/json').send(floorBody));

// The ceiling: the list's page work as the server's route runs it (cursor, plan, page and total
// statements on the same kind of reading connection, the leads rendered by the database, the
// envelope), with none of the HTTP app around it: no key look-up, rate limiter, validation, page
// cache or metrics. Its rate is the most any server doing that work could answer on this machine;
// the walkers' query strings are well formed, so they are read as the route's schema would coerce them.
// The server's own secret and origin (its placeholder picture's links), so that both answer a URL
// with the same bytes (the driver checks it) and each goes on with the other's walks.
const leadDeps = { reads: ctx.database.reads, clock: ctx.clock, secret: ctx.secret() };
const placeholder = `${process.env.BENCH_COLD_ORIGIN}${PLACEHOLDER_PATH}`;
floor.get('/v2/leads', async (request, reply) => {
  const { days, limit, email_enriched, ...text } = request.query as Record<string, string | undefined>;
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  const query = { ...text, days: number(days), limit: number(limit), email_enriched: email_enriched === undefined ? undefined : email_enriched === 'true' } as LeadsQuery;
  const page = await listLeads(leadDeps, workspaceId, query, placeholder);
  return reply.type('application/json; charset=utf-8').send(page.text);
});
const address = await floor.listen({ host: '127.0.0.1', port: 0 });

// The writer's ingestion rounds: 20 engagement events a second on 5 posts, half of them from
// people never seen (new leads), half from people seen in earlier rounds (refreshed leads).
let rounds = 0;
let roundErrors = 0;
let timer: NodeJS.Timeout | undefined;
async function ingestionRound(): Promise<void> {
  const round = rounds++;
  const now = Date.now() + clockOffset;
  const events: FoldEvent[] = Array.from({ length: 20 }, (_, i) => {
    const person = i % 2 === 0 ? `ACoCOLD${process.pid}_${round}_${i}` : `ACoCOLD${process.pid}_${Math.floor(round / 2)}_${i - 1}`;
    const post = `cold_post_${i % 5}`;
    return {
      id: `cold_evt_${process.pid}_${round}_${i}`,
      post: { id: post, content: `Cold bench post ${post}`, url: `https://network.test/posts/${post}`, teamMemberId: member },
      kind: i % 3 === 0 ? 'COMMENT' : 'LIKE',
      at: now - i * 1000,
      person: profileFor(ctx.sandbox, { urn: person })!,
    };
  });
  try {
    await foldEngagement(db, workspaceId, now, events);
  } catch {
    roundErrors++;
  }
}

// Gone with the script that forked it, whether it closed us or failed: an orphan would keep serving.
process.once('disconnect', () => process.exit());
process.on('message', async (msg: { floorBytes?: number; writer?: boolean; close?: boolean }) => {
  if (msg.floorBytes !== undefined) {
    floorBody = Buffer.from(`{"pad":"${'x'.repeat(Math.max(0, msg.floorBytes - 10))}"}`);
    send({ floorReady: true });
  }
  if (msg.writer !== undefined) {
    if (timer) clearInterval(timer);
    timer = msg.writer ? setInterval(() => void ingestionRound(), 1000) : undefined;
    send({ writerSet: msg.writer, rounds, roundErrors });
  }
  if (msg.close) {
    if (timer) clearInterval(timer);
    await floor.close();
    await ctx.close();
    send({ closed: true });
    process.disconnect();
  }
});
send({ floorUrl: address.replace(/^http:/, 'https:') });
