// SQLite with a second process writing the same file: `warmline serve --no-worker` beside
// `warmline worker`, or an import running while the server serves. A transaction that read before
// it wrote (a deferred BEGIN) fails at once with SQLITE_BUSY when the other process committed in
// between: its snapshot is stale, and waiting cannot help. Every transaction therefore takes the
// write lock as it begins (src/db/connect.ts), and a PATCH waits its turn instead of answering 503.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteDriverPath } from '../src/db/sqlite-driver.js';
import { ManualClock } from '../src/shared/clock.js';
import { event, fold, person, postOf } from './helpers/ingestion-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

const NOW = Date.parse('2025-06-10T12:00:00Z');

// The other process: commits a row as fast as it can until it is told to stop, as a busy worker would.
const WRITER = `
const Database = require(process.argv[2]);
const db = new Database(process.argv[1]);
db.pragma('busy_timeout = 10000');
db.exec('create table if not exists second_process_writes (n integer)');
const insert = db.prepare('insert into second_process_writes (n) values (?)');
let n = 0;
process.stdin.on('data', () => process.exit(0));
console.log('writing');
const loop = () => { const end = Date.now() + 5; while (Date.now() < end) insert.run(n++); setImmediate(loop); };
loop();
`;

describe('SQLite written by a second process', () => {
  let server: TestServer;
  let writer: ChildProcess | undefined;
  beforeAll(async () => {
    server = await startServer('sqlite', { clock: new ManualClock(NOW), flags: { rateLimit: 100_000 } });
  });
  afterAll(async () => {
    writer?.kill();
    await server.close();
  });

  it('PATCHes keep answering 200 while another process commits, and every change is kept', async () => {
    const ws = await server.newWorkspace(undefined, { members: 1 });
    const db = server.ctx.database.db;
    await fold(db, ws.id, NOW, Array.from({ length: 20 }, (_, i) => event(postOf(ws.members[0]!), person(`ACoTWO${i}`), 'LIKE', NOW - 1000 - i)));
    const ids = (await db.selectFrom('leads').select('id').where('workspace_id', '=', ws.id).orderBy('id').execute()).map((r) => r.id);
    expect(ids).toHaveLength(20);

    const file = server.config.db.dialect === 'sqlite' ? server.config.db.file : '';
    writer = spawn(process.execPath, ['-e', WRITER, file, sqliteDriverPath()], { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: writer.stdout! })[Symbol.asyncIterator]();
    expect((await lines.next()).value).toBe('writing');

    const statuses = ['QUALIFIED', 'DISQUALIFIED', 'NEW'] as const;
    const answers: number[] = [];
    for (let round = 0; round < 6; round++) {
      const results = await Promise.all(ids.map((id, i) => ws.client.patch(`/v2/leads/${id}`, { json: { status: statuses[(round + i) % 3] } })));
      answers.push(...results.map((r) => r.status));
    }
    writer.stdin!.write('stop');
    await new Promise((resolve) => writer!.once('exit', resolve));

    expect(answers.filter((s) => s !== 200)).toEqual([]);
    const written = await db.selectFrom('second_process_writes' as any).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(written.n)).toBeGreaterThan(100);
    for (const [i, id] of ids.entries()) {
      const lead = await ws.client.get(`/v2/leads/${id}`);
      expect(lead.body).toMatchObject({ status: statuses[(5 + i) % 3] });
    }
  }, 60_000);
});
