// The helper process of scripts/bench-leads-cold.ts, beside the real server (`warmline serve`,
// which the driver starts as users do): the floor, a bare Fastify HTTPS route with the server's own
// certificate returning a precomputed body, and the writer's ingestion rounds, written to the same
// database from this process as a `warmline worker` would (PATCHes come over HTTPS from the driver).
import Fastify from 'fastify';
import { loadConfig } from '../src/config.js';
import { createContext, createLogger } from '../src/context.js';
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
