// A second worker in a process of its own (forked with tsx by test/worker.test.ts): two processes
// on one SQLite file are what a `warmline serve` and a `warmline worker` are. Two connections in
// one process are not: better-sqlite3 waits for a lock synchronously, so a connection waiting for
// the other's transaction would stop the very event loop that has to finish it.
// Argument: the server's config as JSON, then the clock's time (ms). Messages: 'ready' when open,
// 'drained' after a drain asked with 'drain'.
import { loadConfig } from '../../src/config.js';
import { createContext, createLogger } from '../../src/context.js';
import { createWorker } from '../../src/engine/worker-tasks.js';
import { ManualClock } from '../../src/shared/clock.js';

const [flags, now] = [JSON.parse(process.argv[2]!), Number(process.argv[3])];
const ctx = await createContext(loadConfig(flags, {}), { clock: new ManualClock(now), logger: createLogger('silent'), migrate: false });
const worker = createWorker(ctx);
process.on('message', async (msg) => {
  if (msg !== 'drain') return;
  await worker.drain();
  await ctx.close();
  process.send!('drained', () => process.exit(0));
});
process.send!('ready');
