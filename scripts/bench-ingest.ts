// Ingestion throughput on SQLite (or PostgreSQL, BENCH_PG): engagement events folded per second
// (with history, scoring, profile refresh and exact counters), and the time to re-score 1,000,000
// leads (USAGE below, `--help`).
// Folding runs once to warm up, then BENCH_ROUNDS times (default 3), each in a fresh database,
// and reports the median: on a shared 2-CPU machine single runs vary by ±10%.
// The last line is machine-readable: `ingest-bench: events-per-s=<n> rescore-1m-s=<s> rescore-block-ms=<ms>`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { createContext, createLogger, type AppContext } from '../src/context.js';
import { foldEngagement } from '../src/ingestion/fold.js';
import type { FoldEvent, FoldPost } from '../src/ingestion/fold.types.js';
import { FOLD_PAGE } from '../src/ingestion/sync.js';
import { rescoreLeads } from '../src/ingestion/ingestion.engine.js';
import type { EngagementKind } from '../src/ingestion/scoring.js';
import { profileFor } from '../src/network/sandbox/sandbox.content.js';
import { SandboxNetwork } from '../src/network/sandbox/sandbox.network.js';
import { Prng } from '../src/demo/prng.js';
import { bindingDeps } from '../src/cli/network.commands.js';
import { bind } from '../src/operator/bindings.operator.js';
import { createWorkspace, addTeamMember } from '../src/workspace/workspace.service.js';
import { freshPostgres } from './fresh-postgres.js';
import { exitOnHelp, refuseArguments } from './usage.js';

const USAGE = `
Ingestion throughput on SQLite (or PostgreSQL: BENCH_PG): engagement events folded per second
(with history, scoring, profile refresh and exact counters; the median of the rounds, each in a
fresh temporary database, after one warm-up), and the time to re-score 1,000,000 leads with the
longest the event loop waited meanwhile (on SQLite, whose statements run on this thread, the
longest slice: docs/ingestion.md). Progress on stderr; the last line, on stdout:
ingest-bench: events-per-s=<n> rescore-1m-s=<s> rescore-block-ms=<ms>.

  npm run bench:ingest
  BENCH_EVENTS=50000 BENCH_RESCORE_LEADS=100000 npm run bench:ingest   a quick run
  BENCH_PG=postgres://postgres@127.0.0.1:5432/warmline_ingest_bench npm run bench:ingest
                                                                       the same on PostgreSQL

Options:
  -h, --help   this text

Environment: BENCH_EVENTS (default 200000), BENCH_PEOPLE who engage (default 60000), BENCH_PAGE
events per fold (default ${FOLD_PAGE}, the worker's page), BENCH_ROUNDS (default 3),
BENCH_RESCORE_LEADS (default 1000000; the figure is scaled to 1,000,000), BENCH_PG (a PostgreSQL
database to fold into instead of SQLite: dropped and created again for each round; left as the last
round wrote it), BENCH_SQLITE_SYNCHRONOUS (normal, the default, or full: --sqlite-synchronous).

Any other argument is refused: the settings are the environment variables above.
`;
exitOnHelp(USAGE);
refuseArguments('bench-ingest');

const EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 60_000);
const PAGE = Number(process.env.BENCH_PAGE ?? FOLD_PAGE);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RESCORE_LEADS = Number(process.env.BENCH_RESCORE_LEADS ?? 1_000_000);
const PG = process.env.BENCH_PG;
const SYNCHRONOUS = process.env.BENCH_SQLITE_SYNCHRONOUS ?? 'normal';
const now = Date.now();

/** A fresh database per round, so no round folds into another's indexes. */
async function withDatabase<T>(run: (ctx: AppContext) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'warmline-bench-ingest-'));
  if (PG) await freshPostgres(PG);
  const config = loadConfig({ dataDir: dir, db: PG ?? path.join(dir, 'bench.db'), logLevel: 'silent', demo: false, sqliteSynchronous: SYNCHRONOUS }, {});
  const ctx = await createContext(config, { logger: createLogger('silent') });
  try {
    return await run(ctx);
  } finally {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The same world every round: people from the sandbox, repeat engagers, 200 posts. */
function engagement(network: SandboxNetwork, memberId: string): FoldEvent[] {
  const people = Array.from({ length: PEOPLE }, (_, i) => profileFor(network, { urn: `ACoBENCH${i}` })!);
  const posts: FoldPost[] = Array.from({ length: 200 }, (_, i) => ({ id: `bench_post_${i}`, content: `Bench post number ${i} about pipeline reviews`, url: `https://network.test/posts/${i}`, teamMemberId: memberId }));
  const rng = new Prng(42);
  const kinds: EngagementKind[] = ['LIKE', 'LIKE', 'LIKE', 'COMMENT', 'SHARE'];
  return Array.from({ length: EVENTS }, (_, i) => ({
    id: `bench_evt_${i}`,
    post: posts[rng.int(0, posts.length - 1)]!,
    kind: kinds[rng.int(0, kinds.length - 1)]!,
    at: now - rng.int(0, 30 * 86_400_000),
    // Repeat engagers: a quarter of the people make most of the events.
    person: people[rng.chance(0.6) ? rng.int(0, Math.floor(PEOPLE / 4)) : rng.int(0, PEOPLE - 1)]!,
  }));
}

/** Folds every event in pages; `round` 0 is the warm-up (the JIT compiles the fold), unreported. */
async function foldRound(round: number): Promise<number> {
  return withDatabase(async (ctx) => {
    const db = ctx.database.db;
    const { id: ws } = await createWorkspace(db, ctx.clock, 'bench');
    const { id: member } = await addTeamMember(db, ctx.clock, ws, { email: 'bench@acme.test' });
    const events = engagement(ctx.sandbox, member);
    process.stderr.write(`round ${round}: folding ${EVENTS} events from ${PEOPLE} people in pages of ${PAGE}...\n`);
    const t0 = performance.now();
    let created = 0;
    for (let i = 0; i < events.length; i += PAGE) created += (await foldEngagement(db, ws, now, events.slice(i, i + PAGE))).created;
    const foldS = (performance.now() - t0) / 1000;
    const eventsPerS = Math.round(EVENTS / foldS);
    process.stderr.write(`round ${round}: folded ${EVENTS} events into ${created} leads in ${foldS.toFixed(2)} s: ${eventsPerS} events/s\n`);
    const again = performance.now();
    let refolded = 0;
    for (let i = 0; i < events.length; i += PAGE) refolded += (await foldEngagement(db, ws, now, events.slice(i, i + PAGE))).folded;
    process.stderr.write(`round ${round}: re-folding the same events: ${refolded} new, ${((performance.now() - again) / 1000).toFixed(2)} s\n`);
    return eventsPerS;
  });
}

async function rescoreMillion(): Promise<{ perMillion: number; blockMs: number }> {
  return withDatabase(async (ctx) => {
    const db = ctx.database.db;
    const { id: big } = await createWorkspace(db, ctx.clock, 'rescore');
    // Only a workspace bound to a network is re-scored (docs/networking.md): unbound, the UPDATE
    // never ran and the figure measured nothing.
    await bind(bindingDeps(ctx), big, 'network', { provider: 'sandbox', options: { activity: false } });
    // Ids in the order the leads are written, as the service's time-ordered ids are (src/shared/ids.ts).
    process.stderr.write(`inserting ${RESCORE_LEADS} scored leads...\n`);
    const old = now - 2 * 86_400_000;
    // 100,000 per statement: PostgreSQL's statement timeout (60 s) would stop a million at once.
    for (let from = 1; from <= RESCORE_LEADS; from += 100_000) {
      const to = Math.min(RESCORE_LEADS, from + 99_999);
      await sql`
        WITH RECURSIVE s(i) AS (SELECT cast(${from} as integer) UNION ALL SELECT i + 1 FROM s WHERE i < ${to})
        INSERT INTO leads (workspace_id, id, contact_urn, status, tags, is_icp_match, icp_manual, is_account_based, created_at, updated_at,
                           engagement_events_count, engagement_mass, mass_at, engagement_score, last_engagement_dt)
        SELECT ${big}, 'ld_r' || (10000000 + i), 'ACoR' || i, 'NEW', '[]', 0, 0, 0, ${old}, ${old}, 1 + i % 7, (i % 97) / 7.0, ${old}, 50, ${old} FROM s`.execute(db);
    }
    // The longest gap between ticks of a 5 ms timer: how long a request arriving meanwhile could
    // wait (monitorEventLoopDelay missed a single 24 s statement).
    let lastTick = performance.now();
    let blockMs = 0;
    const ticks = setInterval(() => {
      blockMs = Math.max(blockMs, performance.now() - lastTick);
      lastTick = performance.now();
    }, 5);
    const t1 = performance.now();
    const rescored = await rescoreLeads(db, now, big);
    const rescoreS = (performance.now() - t1) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 20)); // the tick that ends the last gap
    clearInterval(ticks);
    process.stderr.write(`re-scored ${RESCORE_LEADS} leads (${rescored} scores changed) in ${rescoreS.toFixed(2)} s; the event loop waited ${blockMs.toFixed(0)} ms at most\n`);
    if (rescored === 0) throw new Error('no score changed: the re-scoring measured nothing');
    return { perMillion: (rescoreS * 1_000_000) / RESCORE_LEADS, blockMs };
  });
}

const rates: number[] = [];
for (let round = 0; round <= ROUNDS; round++) {
  const rate = await foldRound(round);
  if (round > 0) rates.push(rate);
}
const median = [...rates].sort((a, b) => a - b)[Math.floor((rates.length - 1) / 2)]!;
process.stderr.write(`events/s per round: ${rates.join(', ')}; median ${median}\n`);
const rescore = await rescoreMillion();
process.stdout.write(`ingest-bench: events-per-s=${median} rescore-1m-s=${rescore.perMillion.toFixed(2)} rescore-block-ms=${rescore.blockMs.toFixed(0)}\n`);
