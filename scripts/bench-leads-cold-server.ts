// The server half of scripts/bench-leads-cold.ts, a child process so the load generator does not
// share its event loop: opens the cold-bench database (BENCH_COLD_DB: a SQLite file or a
// postgres:// URL, built by bench-cold-data.ts), starts the real server (HTTPS, auth, page cache
// on, rate limit lifted) plus a floor route with a precomputed body, and on request runs an
// ingestion round every second (the writer variant; PATCHes come over HTTPS from the driver).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiKey } from '../src/auth/api-keys.service.js';
import { loadConfig } from '../src/config.js';
import { createContext, createLogger, loadOrCreateSecret } from '../src/context.js';
import { buildServer } from '../src/http/server.js';
import { loadTlsMaterial } from '../src/http/tls.js';
import { foldEngagement } from '../src/ingestion/fold.js';
import type { FoldEvent } from '../src/ingestion/fold.types.js';
import { profileFor } from '../src/network/sandbox/sandbox.content.js';
import { coldDataDay, COLD_WORKSPACE } from './bench-cold-data.js';

const send = (message: unknown) => process.send!(message);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'warmline-bench-cold-'));
const config = loadConfig({ dataDir, db: process.env.BENCH_COLD_DB!, host: '127.0.0.1', port: 0, logLevel: 'silent', demo: false, rateLimit: 100_000_000 }, {});
const ctx = await createContext(config, { logger: createLogger('silent') });
const { db } = ctx.database;
const { key } = await createApiKey(db, ctx.clock, COLD_WORKSPACE, 'bench-cold');
const dataDay = await coldDataDay(db);

const app = await buildServer({ config, db, clock: ctx.clock, logger: ctx.logger, secret: loadOrCreateSecret(config), networks: ctx.networks.resolve, metrics: ctx.metrics, tls: await loadTlsMaterial(config) });
// The floor: same TLS, same framework, a precomputed body of the page's byte size, no auth, no DB.
let floorBody = Buffer.from('{}');
app.get('/bench/floor', { schema: { hide: true } }, async (_request, reply) => reply.type('application/json').send(floorBody));
const address = await app.listen({ host: '127.0.0.1', port: 0 });

// The writer's ingestion rounds: 20 engagement events a second on 5 posts, half of them from
// people never seen (new leads), half from people seen in earlier rounds (refreshed leads).
let rounds = 0;
let roundErrors = 0;
let timer: NodeJS.Timeout | undefined;
async function ingestionRound(): Promise<void> {
  const round = rounds++;
  const now = Date.now();
  const events: FoldEvent[] = Array.from({ length: 20 }, (_, i) => {
    const person = i % 2 === 0 ? `ACoCOLD${process.pid}_${round}_${i}` : `ACoCOLD${process.pid}_${Math.floor(round / 2)}_${i - 1}`;
    const post = `cold_post_${i % 5}`;
    return {
      id: `cold_evt_${process.pid}_${round}_${i}`,
      post: { id: post, content: `Cold bench post ${post}`, url: `https://network.test/posts/${post}`, teamMemberId: 'tm_0' },
      kind: i % 3 === 0 ? 'COMMENT' : 'LIKE',
      at: now - i * 1000,
      person: profileFor(ctx.sandbox, { urn: person })!,
    };
  });
  try {
    await foldEngagement(db, COLD_WORKSPACE, now, events);
  } catch {
    roundErrors++;
  }
}

process.on('message', async (msg: { floorBytes?: number; writer?: boolean; memory?: boolean; close?: boolean }) => {
  // Where the resident size goes (the driver prints it at the end): V8's heap, buffers, the rest (SQLite's cache, code).
  if (msg.memory) send({ memory: process.memoryUsage() });
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
    await app.close();
    await ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    send({ closed: true });
    process.disconnect();
  }
});
send({ url: address.replace(/^http:/, 'https:'), key, dataDay, dialect: ctx.database.dialect });
