// `warmline workspace delete`, and keys that outlive their workspace.
import { openSqlite } from '../src/db/sqlite-driver.js';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiKey } from '../src/auth/api-keys.service.js';
import type { DbTarget } from '../src/db/connect.js';
import { importSnapshot } from '../src/snapshot/snapshot.import.js';
import { tablesWithWorkspaceRows } from '../src/workspace/workspace.repository.js';
import { runCli } from './helpers/cli.js';
import { makeClient } from './helpers/client.js';
import { dbArgOf, describeEachDialect } from './helpers/dialects.js';
import { bindWorkspace } from './helpers/bindings.js';
import { addContact, addMember } from './helpers/networking-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';
import { snapshotFixture, toStream } from './helpers/snapshot-fixture.js';

/** Removes a workspace row the way a tool without foreign keys would: its rows elsewhere stay. */
async function dropWorkspaceRowOnly(target: DbTarget, id: string): Promise<void> {
  if (target.dialect === 'sqlite') {
    const sqlite = openSqlite(target.file);
    sqlite.pragma('foreign_keys = OFF'); // as in the stock sqlite3 shell
    sqlite.prepare('DELETE FROM workspaces WHERE id = ?').run(id);
    sqlite.close();
    return;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  await client.query("SET session_replication_role = 'replica'"); // no foreign-key triggers
  await client.query('DELETE FROM workspaces WHERE id = $1', [id]);
  await client.end();
}

describeEachDialect('deleting a workspace', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  /** Rows per table (with a workspace_id) of one workspace, tables without any left out. */
  async function rowsOf(workspaceId: string): Promise<Record<string, number>> {
    const db = server.ctx.database.db as any;
    const counts: Record<string, number> = {};
    for (const table of await tablesWithWorkspaceRows(db)) {
      const { n } = await db.selectFrom(table).select(db.fn.countAll().as('n')).where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow();
      if (Number(n) > 0) counts[table] = Number(n);
    }
    return counts;
  }

  /** A workspace with rows in most tables: a snapshot, a key, a sandbox account and a sent invitation. */
  async function filledWorkspace(id: string) {
    const { db } = server.ctx.database;
    await importSnapshot(db, server.ctx.clock, toStream(snapshotFixture(20, id)), { dialect });
    await bindWorkspace(server.ctx, id);
    const { key } = await createApiKey(db, server.ctx.clock, id, 'test');
    const client = makeClient(server.url, key);
    const member = await addMember(server, id, { connected: true });
    const urn = await addContact(server, id);
    expect((await client.post('/v2/networking/connections/send', { json: { team_member_id: member, contact_urn: urn } })).status).toBe(200);
    return { client };
  }

  it('removes the workspace, its keys and every row of it in any table, and nothing of another workspace', async () => {
    const doomed = await filledWorkspace('ws_doomed');
    await filledWorkspace('ws_kept');
    const before = await rowsOf('ws_doomed');
    expect(Object.keys(before).length).toBeGreaterThanOrEqual(15);
    const kept = await rowsOf('ws_kept');

    const refused = await runCli(['workspace', 'delete', 'ws_doomed', '--db', dbArgOf(server.config.db)]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('add --yes to confirm');
    expect(await rowsOf('ws_doomed')).toEqual(before);

    const done = await runCli(['workspace', 'delete', 'ws_doomed', '--yes', '--json', '--db', dbArgOf(server.config.db)]);
    expect(done.stderr).toBe('');
    expect(JSON.parse(done.stdout)).toEqual({ id: 'ws_doomed' });
    expect(await rowsOf('ws_doomed')).toEqual({});
    expect(await server.ctx.database.db.selectFrom('workspaces').select('id').where('id', '=', 'ws_doomed').execute()).toEqual([]);
    expect(await rowsOf('ws_kept')).toEqual(kept);
    expect((await doomed.client.get('/v2/workspace/users')).status).toBe(401);

    const again = await runCli(['workspace', 'delete', 'ws_doomed', '--yes', '--db', dbArgOf(server.config.db)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('no workspace with id ws_doomed');
  });

  it('does not let a key into a workspace whose row is gone', async () => {
    const ws = await server.newWorkspace();
    expect((await ws.client.get('/v2/workspace/users')).status).toBe(200);
    await dropWorkspaceRowOnly(server.config.db, ws.id);
    const res = await ws.client.get('/v2/workspace/users');
    expect(res.status).toBe(401);
    expect(res.text).toBe('{"detail":"Invalid API key"}');
  });
});
