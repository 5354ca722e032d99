// SQLite durability is the operator's choice (docs/operations.md "Durability"): the server's
// connection syncs at each commit with --sqlite-synchronous full, at checkpoints by default; a
// mode it does not know is one line on stderr and exit 1, before anything is opened.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { describeOnce } from './helpers/dialects.js';
import { startServer, type TestServer } from './helpers/server.js';
import { tempDir } from './helpers/temp-dirs.js';

describeOnce('--sqlite-synchronous', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const synchronousOf = async (s: TestServer) => (await sql<{ synchronous: number }>`pragma synchronous`.execute(s.ctx.database.db)).rows[0]!.synchronous;

  it('is NORMAL (1) by default and FULL (2) when chosen, by flag or variable', async () => {
    server = await startServer('sqlite');
    expect(await synchronousOf(server)).toBe(1);
    await server.close();
    server = await startServer('sqlite', { flags: { sqliteSynchronous: 'full' } });
    expect(await synchronousOf(server)).toBe(2);
    await server.close();
    server = await startServer('sqlite', { env: { WARMLINE_SQLITE_SYNCHRONOUS: 'full' } });
    expect(await synchronousOf(server)).toBe(2);
    // Writes go on as ever.
    const ws = await server.newWorkspace();
    expect((await ws.client.get('/v2/workspace/credits')).status).toBe(200);
  });

  it('refuses an unknown mode with one line and creates no database', async () => {
    const dir = tempDir('sync-bad');
    const res = await runCli(['migrate', '--data-dir', dir, '--sqlite-synchronous', 'sometimes']);
    expect([res.code, res.stderr]).toEqual([1, 'warmline: sqlite synchronous must be one of normal, full (got "sometimes")\n']);
    expect(fs.existsSync(path.join(dir, 'warmline.db'))).toBe(false);
  });
});
